import { createHelperProcess, type HelperProcess } from '../helper-process.ts';
import type { BusyTime, BusyWindow } from './busy-times.ts';

/**
 * Reading a calendar's file (issue 53) happens in a helper process of its own (helper-process.ts):
 * a 5 MB calendar took ical.js 0.8-1.0 s, which on the server's event loop would hold every
 * request that long, and a file can be built to take far more. Here it has 10 seconds and a
 * capped heap; past either, the process ends and the read fails with a sentence for the owner.
 */

export interface ReadCalendarRequest {
  text: string;
  /** An iCalendar file (a link's), or a CalDAV server's answer holding one per event. */
  format: CalendarFormat;
  from: number;
  to: number;
  timeZone: string;
  ownerEmails: string[];
}

export type CalendarFormat = 'ics' | 'multistatus';

export type ReadCalendarAnswer = { ok: true; busy: Array<[number, number]> } | { ok: false; error: string };

// ical.js holds a 5 MB calendar as some 60 MB of objects while it reads it.
export const CALENDAR_READER_LIMITS = { heapMb: 192, residentMb: 384, timeLimitMs: 10_000, idleMs: 60_000 };

export interface CalendarReader {
  read(text: string, window: BusyWindow, format?: CalendarFormat): Promise<{ ok: true; busy: BusyTime[] } | { ok: false; error: string }>;
  close(): Promise<void>;
  readonly pid: number | undefined;
}

export function createCalendarReader(limits: Partial<typeof CALENDAR_READER_LIMITS> = {}): CalendarReader {
  const { heapMb, residentMb, timeLimitMs, idleMs } = { ...CALENDAR_READER_LIMITS, ...limits };
  const helper: HelperProcess<ReadCalendarRequest, ReadCalendarAnswer> = createHelperProcess({
    url: new URL('./reader-process.ts', import.meta.url),
    flag: '--calendar-reader',
    what: 'The calendar reader',
    heapMb,
    residentMb,
    timeLimitMs,
    idleMs,
    requestsPerProcess: 100,
  });
  return {
    async read(text, window, format = 'ics') {
      const result = await helper.run({
        text,
        format,
        from: window.from.getTime(),
        to: window.to.getTime(),
        timeZone: window.timeZone,
        ownerEmails: [...window.ownerEmails],
      });
      if (!result.ok)
        return {
          ok: false,
          error:
            result.failure === 'timeout'
              ? 'The calendar could not be read: it took too long.'
              : 'The calendar could not be read: it is too large or malformed.',
        };
      const answer = result.answer;
      return answer.ok ? { ok: true, busy: answer.busy.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })) } : answer;
    },
    close: () => helper.close(),
    get pid() {
      return helper.pid;
    },
  };
}
