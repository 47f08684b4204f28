import { fork, type ChildProcess } from 'node:child_process';
import { untilReady } from '../child-ready.ts';
import type { ImageAnswer, ImageRequest, ImageSize, RenderedImage } from './images.ts';

/**
 * The server's side of the image process (image-process.ts): sharp and libvips run there, one
 * image at a time, started with the first image and ended after a while without one. The server
 * answering pages then holds none of libvips (some 13 MB of library and its caches and threads,
 * which stayed for good once an image had been worked on: issue 36), and an image that crashes
 * libvips or runs past the time limit ends that process, never the server: it is refused as
 * unreadable and the next image gets a new process.
 *
 * Started by the media module (a service on the runtime): pages reach it through the runtime,
 * since Astro's build must not bundle it (the process is started from this file's directory).
 */
export interface ImageWork {
  size(input: Buffer): Promise<ImageSize>;
  variants(input: Buffer, width: number): Promise<RenderedImage[]>;
  /** Ends the process (the server stopping). */
  close(): Promise<void>;
  /** The process's id while it runs (for monitoring and tests); undefined when none runs. */
  readonly pid: number | undefined;
}

export interface ImageWorkerOptions {
  /** One image's work at most (the largest accepted photo takes some seconds here). */
  timeLimitMs?: number;
  /** The process ends after this long without an image. */
  idleMs?: number;
}

/** An image the process could not work on: sharp's message, or why the process ended. */
export class ImageWorkError extends Error {
  override readonly name = 'ImageWorkError';
}

const PROCESS_URL = new URL('./image-process.ts', import.meta.url);

type Request = { op: 'size'; input: Uint8Array } | { op: 'variants'; input: Uint8Array; width: number };

export function createImageWorker({ timeLimitMs = 120_000, idleMs = 30_000 }: ImageWorkerOptions = {}): ImageWork {
  let child: ChildProcess | null = null;
  let ready: Promise<void> | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextId = 1;
  let current: { id: number; settle: (answer: ImageAnswer | Error) => void } | null = null;
  // One image at a time: each request waits for the one before (a 40-megapixel photo takes about
  // 160 MB while it is worked on, and the site's requests keep the other core).
  let queue: Promise<unknown> = Promise.resolve();

  function stopChild(): void {
    const running = child;
    child = null;
    ready = null;
    clearTimeout(idleTimer);
    running?.kill('SIGKILL');
  }

  function start(): Promise<void> {
    const started = fork(PROCESS_URL, ['--image-worker'], {
      // The server's own flags (inspector, loaders, its heap settings) are not the process's.
      execArgv: ['--max-old-space-size=256'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    child = started;
    started.on('message', (message: ImageAnswer | { ready: true }) => {
      if ('id' in message && current?.id === message.id) current.settle(message);
    });
    started.on('exit', (code, signal) => {
      if (child === started) {
        child = null;
        ready = null;
      }
      current?.settle(new ImageWorkError(`The image process ended (${signal ?? `exit code ${code}`}).`));
    });
    return untilReady(started, 'The image process', { error: (message) => new ImageWorkError(message) });
  }

  async function run(request: Request): Promise<ImageAnswer> {
    clearTimeout(idleTimer);
    if (!child) ready = start();
    await ready;
    const running = child!;
    const id = nextId++;
    const answer = await new Promise<ImageAnswer | Error>((resolve) => {
      const limit = setTimeout(() => {
        settle(new ImageWorkError(`The image took longer than ${timeLimitMs / 1000} s.`));
        stopChild();
      }, timeLimitMs);
      const settle = (outcome: ImageAnswer | Error) => {
        if (current?.id !== id) return;
        current = null;
        clearTimeout(limit);
        resolve(outcome);
      };
      current = { id, settle };
      running.send({ id, ...request } satisfies ImageRequest);
    });
    // Idle for a while: the process, libvips and its memory go.
    if (child) {
      idleTimer = setTimeout(stopChild, idleMs);
      idleTimer.unref();
    }
    if (answer instanceof Error) throw answer;
    if (!answer.ok) throw new ImageWorkError(answer.message);
    return answer;
  }

  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    queue = result.catch(() => {});
    return result;
  };
  const bytesOf = (input: Buffer) => new Uint8Array(input.buffer, input.byteOffset, input.byteLength);

  return {
    size: (input) =>
      queued(async () => {
        const answer = await run({ op: 'size', input: bytesOf(input) });
        if (!('size' in answer)) throw new ImageWorkError('The image process answered something else.');
        return answer.size;
      }),
    variants: (input, width) =>
      queued(async () => {
        const answer = await run({ op: 'variants', input: bytesOf(input), width });
        if (!('variants' in answer)) throw new ImageWorkError('The image process answered something else.');
        return answer.variants.map(({ variant, data }) => ({ variant, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
      }),
    async close() {
      await queue;
      stopChild();
    },
    get pid() {
      return child?.pid;
    },
  };
}
