import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { untilReady } from './child-ready.ts';

/**
 * A helper process of the server: where hostile input is worked on (resumes, images, mail that
 * came back), one request at a time, under a time limit and a memory limit, so that a file or a
 * mail that loops, balloons or crashes its parser ends that process and never the server. The
 * request that passed a limit comes back as a failure with its reason; the next request gets a new
 * process. A process may be replaced after a number of requests (what a parser leaks goes with it)
 * and may end after a while without a request (what it loaded goes too).
 *
 * The process is a file of its own (`url`), started with `flag`; it answers each `{ id, ...request }`
 * with `{ id, ...answer }`, and says it is ready with a first message (child-ready.ts).
 */

export type HelperFailure = 'timeout' | 'memory' | 'crashed';

/** `ended`: how a process that crashed ended ("SIGKILL", "exit code 1"). */
export type HelperResult<A> = { ok: true; answer: A } | { ok: false; failure: HelperFailure; ended?: string };

export interface HelperOptions {
  url: URL;
  flag: string;
  /** Names it in errors and logs: "The mail reader". */
  what: string;
  /** V8's heap cap of the process, in MB. */
  heapMb: number;
  /**
   * The resident size, in MB, past which the process is killed (read from Linux's /proc every
   * 25 ms): a parser's buffers live outside V8's heap. Unset: the heap cap only.
   */
  residentMb?: number;
  /** One request's time at most. */
  timeLimitMs: number;
  /** The process ends after this long without a request; unset, it stays until closed. */
  idleMs?: number;
  /** The process is replaced after this many requests; unset, never. */
  requestsPerProcess?: number;
  /** More V8 flags of the process (its young generation, say). */
  execArgv?: readonly string[];
  /** The error thrown when the process cannot start (an ImageWorkError, say). */
  startError?: (message: string) => Error;
}

export interface HelperProcess<Q extends object, A extends object> {
  /** Runs one request, after those queued before it. Rejects only when the process cannot start. */
  run(request: Q): Promise<HelperResult<A>>;
  /** Waits for the queued requests, then ends the process (the server stopping). */
  close(): Promise<void>;
  /** The process's id while it runs (for monitoring and tests); undefined when none runs. */
  readonly pid: number | undefined;
}

const WATCH_INTERVAL_MS = 25;

/** A process's resident memory in MB, from Linux's /proc; null where there is none. */
export function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function createHelperProcess<Q extends object, A extends object>(options: HelperOptions): HelperProcess<Q, A> {
  let child: ChildProcess | null = null;
  let ready: Promise<void> | null = null;
  let served = 0;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  let current: { id: number; settle(result: HelperResult<A>): void } | null = null;
  // One request at a time: each waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();

  function stopChild(): void {
    const running = child;
    child = null;
    ready = null;
    clearTimeout(idleTimer);
    running?.kill('SIGKILL');
  }

  function start(): Promise<void> {
    const started = fork(options.url, [options.flag], {
      // The server's own flags (inspector, loaders, its heap settings) are not the process's.
      execArgv: [`--max-old-space-size=${options.heapMb}`, ...(options.execArgv ?? [])],
      serialization: 'advanced',
      // Nothing a parser prints reaches the server's log: it could carry a person's words.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    child = started;
    served = 0;
    started.on('message', (message: { id?: number }) => {
      if (message.id !== undefined && current?.id === message.id) {
        const { id: _id, ...answer } = message;
        current.settle({ ok: true, answer: answer as A });
      }
    });
    started.on('exit', (code, signal) => {
      if (child === started) {
        child = null;
        ready = null;
      }
      // V8 aborts a process that reaches its heap limit.
      const ended = signal ?? `exit code ${code}`;
      current?.settle({ ok: false, failure: signal === 'SIGABRT' || code === 134 ? 'memory' : 'crashed', ended });
    });
    return untilReady(started, options.what, options.startError ? { error: options.startError } : {});
  }

  async function runOne(request: Q): Promise<HelperResult<A>> {
    clearTimeout(idleTimer);
    if (!child || (options.requestsPerProcess !== undefined && served >= options.requestsPerProcess)) {
      stopChild();
      ready = start();
    }
    await ready;
    const running = child!;
    served += 1;
    const id = nextId++;
    const result = await new Promise<HelperResult<A>>((resolve) => {
      const timers: { limit?: NodeJS.Timeout; watch?: NodeJS.Timeout } = {};
      const settle = (outcome: HelperResult<A>, { end = false } = {}) => {
        if (current?.id !== id) return;
        current = null;
        clearInterval(timers.watch);
        clearTimeout(timers.limit);
        if (end) stopChild();
        resolve(outcome);
      };
      current = { id, settle };
      timers.limit = setTimeout(() => settle({ ok: false, failure: 'timeout' }, { end: true }), options.timeLimitMs);
      const limit = options.residentMb;
      if (limit !== undefined)
        timers.watch = setInterval(() => {
          const mb = running.pid ? residentMb(running.pid) : null;
          if (mb !== null && mb > limit) settle({ ok: false, failure: 'memory' }, { end: true });
        }, WATCH_INTERVAL_MS);
      running.send({ id, ...request });
    });
    if (child && options.idleMs !== undefined) {
      idleTimer = setTimeout(stopChild, options.idleMs);
      idleTimer.unref();
    }
    return result;
  }

  return {
    run(request) {
      const result = queue.then(
        () => runOne(request),
        () => runOne(request),
      );
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      await queue;
      stopChild();
    },
    get pid() {
      return child?.pid;
    },
  };
}
