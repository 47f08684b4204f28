/**
 * The calendar reader's process (forked by calendar-reader.ts with --calendar-reader): reads one
 * iCalendar file (or CalDAV answer) at a time into busy times. Its heap is capped and the server stops it beyond its
 * time or memory limit, so a calendar built to exhaust ical.js ends this process, never the server.
 */
import { busyTimesFrom, CalendarFileError } from './busy-times.ts';
import { calendarDataOf } from './caldav-xml.ts';
import type { ReadCalendarAnswer, ReadCalendarRequest } from './calendar-reader.ts';

if (process.send && process.argv.includes('--calendar-reader')) {
  process.on('message', (request: ReadCalendarRequest & { id: number }) => {
    let answer: ReadCalendarAnswer;
    try {
      const files = request.format === 'multistatus' ? calendarDataOf(request.text) : request.text;
      const busy = busyTimesFrom(files, {
        from: new Date(request.from),
        to: new Date(request.to),
        timeZone: request.timeZone,
        ownerEmails: request.ownerEmails,
      });
      answer = { ok: true, busy: busy.map(({ start, end }) => [start.getTime(), end.getTime()]) };
    } catch (error) {
      answer = { ok: false, error: error instanceof CalendarFileError ? error.message : 'The calendar could not be read.' };
    }
    process.send!({ id: request.id, ...answer });
  });
  process.send({ ready: true });
}
