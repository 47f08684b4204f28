import { createHelperProcess } from '../helper-process.ts';
import type { ReadMailAnswer, ReadMailRequest } from './read-mail.ts';

/**
 * The server's side of the mail reader (issue 50): every mail that comes back is parsed and its
 * sender checked in a helper process of its own (reader-process.ts, src/server/helper-process.ts),
 * one mail at a time, never in the server's. Four 24 MB mails parsed at once in the server's own
 * 256 MB heap ended it ("JavaScript heap out of memory"); here a mail takes at most the reader's
 * 128 MB heap and 256 MB resident, and 30 s (its DNS lookups included), outside the server. The
 * process starts with the first mail and ends after a minute without one: replies are rare, and a
 * server that receives none carries none of mailparser, mailauth or sanitize-html.
 *
 * Only the replies module imports this: Astro's build must not bundle it (the process is started
 * from this file's own directory).
 */

/** What became of a mail the reader could not read: it broke the reader (a 5xx), or ran out of time (try later). */
export type ReaderFailure = { ok: false; reason: 'malformed' | 'timeout' };

export interface MailReader {
  read(request: ReadMailRequest): Promise<ReadMailAnswer | ReaderFailure>;
  close(): Promise<void>;
  readonly pid: number | undefined;
}

// Its libraries take some 75 MB (mailparser, mailauth); a 24 MB mail 20-45 MB more (bench:hostile).
export const MAIL_READER_LIMITS = { heapMb: 128, residentMb: 256, timeLimitMs: 30_000, idleMs: 60_000 };

export function createMailReader(limits: Partial<typeof MAIL_READER_LIMITS> = {}): MailReader {
  const { heapMb, residentMb, timeLimitMs, idleMs } = { ...MAIL_READER_LIMITS, ...limits };
  const helper = createHelperProcess<ReadMailRequest, ReadMailAnswer>({
    url: new URL('./reader-process.ts', import.meta.url),
    flag: '--mail-reader',
    what: 'The mail reader',
    heapMb,
    residentMb,
    timeLimitMs,
    idleMs,
    requestsPerProcess: 200,
  });
  return {
    async read(request) {
      const result = await helper.run(request);
      if (result.ok) return result.answer;
      // Too slow is the DNS or the machine as often as the mail: the sender is asked to try later.
      return { ok: false, reason: result.failure === 'timeout' ? 'timeout' : 'malformed' };
    },
    close: () => helper.close(),
    get pid() {
      return helper.pid;
    },
  };
}
