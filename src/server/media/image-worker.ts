import { createHelperProcess } from '../helper-process.ts';
import type { ImageAnswer, ImageSize, RenderedImage } from './images.ts';

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

type Request = { op: 'size'; input: Uint8Array } | { op: 'variants'; input: Uint8Array; width: number };
/** The process's answer without its id (helper-process.ts matches them). */
type Answer = ImageAnswer extends infer A ? (A extends { id: number } ? Omit<A, 'id'> : never) : never;

export function createImageWorker({ timeLimitMs = 120_000, idleMs = 30_000 }: ImageWorkerOptions = {}): ImageWork {
  // One image at a time: each request waits for the one before (a 40-megapixel photo takes about
  // 160 MB while it is worked on, and the site's requests keep the other core).
  const helper = createHelperProcess<Request, Answer>({
    url: new URL('./image-process.ts', import.meta.url),
    flag: '--image-worker',
    what: 'The image process',
    heapMb: 256,
    timeLimitMs,
    // Idle for a while: the process, libvips and its memory go.
    idleMs,
    startError: (message) => new ImageWorkError(message),
  });

  async function run(request: Request): Promise<Answer> {
    const result = await helper.run(request);
    if (!result.ok)
      throw new ImageWorkError(
        result.failure === 'timeout'
          ? `The image took longer than ${timeLimitMs / 1000} s.`
          : `The image process ended (${result.ended ?? result.failure}).`,
      );
    if (!result.answer.ok) throw new ImageWorkError(result.answer.message);
    return result.answer;
  }

  const bytesOf = (input: Buffer) => new Uint8Array(input.buffer, input.byteOffset, input.byteLength);

  return {
    async size(input) {
      const answer = await run({ op: 'size', input: bytesOf(input) });
      if (!('size' in answer)) throw new ImageWorkError('The image process answered something else.');
      return answer.size;
    },
    async variants(input, width) {
      const answer = await run({ op: 'variants', input: bytesOf(input), width });
      if (!('variants' in answer)) throw new ImageWorkError('The image process answered something else.');
      return answer.variants.map(({ variant, data }) => ({ variant, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
    },
    close: () => helper.close(),
    get pid() {
      return helper.pid;
    },
  };
}
