import { createHelperProcess } from '../helper-process.ts';
import { EXTRACTION_MEMORY_LIMIT_MB, EXTRACTION_TIME_LIMIT_MS } from '../../lib/resumes/extraction.ts';
import type { Outcome } from './extract.ts';
import type { ReadAnswer, ReadRequest, ResumeType } from './read-protocol.ts';

/**
 * The server's side of the resume reader: a helper process (reader-process.ts,
 * src/server/helper-process.ts) that reads one file at a time under a time limit (10 s) and a
 * memory limit (256 MB: V8's heap cap, and its resident size watched, since a parser's buffers
 * live outside the heap). A file that passes a limit, or crashes the parsers, ends that process and
 * comes back as "no text" with the reason; the next file gets a new process. A process reads up to
 * `filesPerProcess` files, then is replaced (what a parser leaks stays with it).
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

export function createResumeReader(options: ResumeReaderOptions = {}): ResumeReader {
  const memoryLimitMb = options.memoryLimitMb ?? EXTRACTION_MEMORY_LIMIT_MB;
  const helper = createHelperProcess<Omit<ReadRequest, 'id'>, ReadAnswer>({
    url: new URL('./reader-process.ts', import.meta.url),
    flag: '--resume-reader',
    what: 'The resume reader',
    heapMb: memoryLimitMb,
    residentMb: memoryLimitMb,
    execArgv: ['--max-semi-space-size=16'],
    timeLimitMs: options.timeLimitMs ?? EXTRACTION_TIME_LIMIT_MS,
    requestsPerProcess: options.filesPerProcess ?? 100,
  });
  return {
    async read(type, bytes) {
      const result = await helper.run({ type, bytes });
      return result.ok ? result.answer : { ok: false, reason: result.failure };
    },
    close: () => helper.close(),
  };
}
