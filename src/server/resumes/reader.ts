import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { untilReady } from '../child-ready.ts';
import { EXTRACTION_MEMORY_LIMIT_MB, EXTRACTION_TIME_LIMIT_MS, type NoTextReason } from '../../lib/resumes/extraction.ts';
import type { Outcome } from './extract.ts';
import type { ReadResult, ResumeType } from './read-protocol.ts';

/**
 * The server's side of the resume reader: a separate process (reader-process.ts) that reads one
 * file at a time under a time limit (10 s) and a memory limit (256 MB: V8's heap cap, and its
 * resident size watched here, since a parser's buffers live outside the heap). A file that passes
 * a limit, or crashes the parsers, ends that process and comes back as "no text" with the reason;
 * the next file gets a new process. A process reads up to `filesPerProcess` files, then is replaced
 * (what a parser leaks stays with it).
 *
 * Only the resumes module imports this (a job, never a page): Astro's build must not bundle it,
 * since the process is started from this file's own directory.
 */

export interface ResumeReader {
  read(type: ResumeType, bytes: Uint8Array): Promise<Outcome>;
  /** Ends the reader's process (the server stopping). */
  close(): Promise<void>;
}

export interface ResumeReaderOptions {
  timeLimitMs?: number;
  memoryLimitMb?: number;
  filesPerProcess?: number;
}

const PROCESS_URL = new URL('./reader-process.ts', import.meta.url);
const WATCH_INTERVAL_MS = 25;

/** The process's resident memory in MB, from Linux's /proc; null where there is none. */
function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

interface Reading {
  id: number;
  settle(outcome: Outcome): void;
}

export function createResumeReader(options: ResumeReaderOptions = {}): ResumeReader {
  const timeLimitMs = options.timeLimitMs ?? EXTRACTION_TIME_LIMIT_MS;
  const memoryLimitMb = options.memoryLimitMb ?? EXTRACTION_MEMORY_LIMIT_MB;
  const filesPerProcess = options.filesPerProcess ?? 100;

  let child: ChildProcess | null = null;
  let ready: Promise<void> | null = null;
  let filesRead = 0;
  let nextId = 1;
  let current: Reading | null = null;
  // One file at a time: reads wait for the one before.
  let queue: Promise<unknown> = Promise.resolve();

  function start(): Promise<void> {
    const started = fork(PROCESS_URL, ['--resume-reader'], {
      // The heap cap is the memory limit; no inspector or loader flags of the server's own process.
      execArgv: [`--max-old-space-size=${memoryLimitMb}`, '--max-semi-space-size=16'],
      serialization: 'advanced',
      // Nothing the parsers print reaches the server's log: it could carry a resume's words.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    child = started;
    filesRead = 0;
    started.on('message', (message: ReadResult | { ready: true }) => {
      if (!('id' in message) || current?.id !== message.id) return;
      current.settle(message.ok ? { ok: true, text: message.text, pages: message.pages } : { ok: false, reason: message.reason });
    });
    started.on('exit', (code, signal) => {
      if (child === started) {
        child = null;
        ready = null;
      }
      // V8 aborts a process that reaches its heap limit.
      const reason: NoTextReason = signal === 'SIGABRT' || code === 134 ? 'memory' : 'crashed';
      current?.settle({ ok: false, reason });
    });
    return untilReady(started, 'The resume reader');
  }

  function stopChild(): void {
    const running = child;
    child = null;
    ready = null;
    running?.kill('SIGKILL');
  }

  async function readOne(type: ResumeType, bytes: Uint8Array): Promise<Outcome> {
    if (!child || filesRead >= filesPerProcess) {
      stopChild();
      ready = start();
    }
    await ready;
    const running = child!;
    filesRead += 1;
    const id = nextId++;
    return new Promise<Outcome>((resolve) => {
      const timers: { limit?: NodeJS.Timeout; watch?: NodeJS.Timeout } = {};
      const settle = (outcome: Outcome, { end = false } = {}) => {
        if (current?.id !== id) return;
        current = null;
        clearInterval(timers.watch);
        clearTimeout(timers.limit);
        if (end) stopChild();
        resolve(outcome);
      };
      current = { id, settle };
      timers.limit = setTimeout(() => settle({ ok: false, reason: 'timeout' }, { end: true }), timeLimitMs);
      timers.watch = setInterval(() => {
        const mb = running.pid ? residentMb(running.pid) : null;
        if (mb !== null && mb > memoryLimitMb) settle({ ok: false, reason: 'memory' }, { end: true });
      }, WATCH_INTERVAL_MS);
      running.send({ id, type, bytes });
    });
  }

  return {
    read(type, bytes) {
      const result = queue.then(() => readOne(type, bytes));
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      await queue;
      stopChild();
    },
  };
}
