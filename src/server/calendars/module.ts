import type { ServerModule } from '../runtime-types.ts';
import { createCalendarReader, type CalendarReader } from './calendar-reader.ts';
import { readAllCalendars } from './sources.ts';
import { copyBookingToCalendars, removeCopiesOfGoneBookings } from './booking-copies.ts';
import type { EventKind } from '../../lib/events/kinds.ts';
import { tellUnreadableCalendars } from './unreadable.ts';
import { COPY_BOOKINGS, queueBookingCopy, READ_CALENDARS } from './queues.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** ical.js's reading of calendars in a process of its own, started with the first (calendar-reader.ts). */
    calendarReader: CalendarReader;
  }
}

export { COPY_BOOKINGS, READ_CALENDARS };

/** The changes of a booking that its hosts' own calendars follow. */
const bookingChanges = new Set<EventKind>([
  'meeting.booked',
  'meeting.moved',
  'meeting.cancelled',
  'interview.booked',
  'interview.moved',
  'interview.cancelled',
]);

/**
 * People's own calendars (issue 53): every one read again every five minutes, by one instance of a
 * fleet (the queue's schedule makes one job each time), so the times offered leave out what their
 * calendars hold them for; then whoever's calendar has not been read for long is told (unreadable.ts).
 * A booking's change, from the record of domain events, is written into its hosts' CalDAV calendars
 * (booking-copies.ts): a job per booking, tried again with a growing delay while a server refuses.
 */
export const calendarsModule: ServerModule = {
  name: 'calendars',
  queues: [
    { name: READ_CALENDARS, options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 240 }, schedule: '*/5 * * * *' },
    // One job of a booking at a time (stately, keyed by the booking): two at once could write a
    // booking's event after its cancellation removed it.
    { name: COPY_BOOKINGS, options: { policy: 'stately', retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 } },
  ],
  start: ({ database, config, logger }) => {
    const calendarReader = createCalendarReader();
    const access = { secret: config.authSecret, allow: config.outboundAllow };
    return {
      services: { calendarReader },
      stop: () => calendarReader.close(),
      eventConsumers: [
        {
          name: 'calendar copies',
          async handle(event, jobs) {
            if (event.bookingId && bookingChanges.has(event.kind)) await queueBookingCopy(jobs, event.bookingId);
          },
        },
      ],
      workers: [
        {
          queue: COPY_BOOKINGS,
          async run(job) {
            const { bookingId } = job.data as { bookingId: string };
            const tally = await copyBookingToCalendars(database.db, bookingId, access);
            if (tally.written + tally.removed > 0) logger.info({ bookingId, ...tally }, 'booking copied to its hosts’ calendars');
          },
        },
        {
          queue: READ_CALENDARS,
          async run() {
            const tally = await readAllCalendars(database.db, { ...access, reader: calendarReader });
            if (tally.read + tally.failed > 0) logger.info(tally, 'calendars read');
            // Bookings erased or past their retention: their events leave the hosts' calendars too.
            const removed = await removeCopiesOfGoneBookings(database.db, access);
            if (removed > 0) logger.info({ removed }, 'events of bookings gone removed from calendars');
            // After the reads, so a calendar read just now is not told of: whoever cannot be booked
            // because a calendar of theirs has not been read for long is told, once.
            const told = await tellUnreadableCalendars(database.db);
            if (told > 0) logger.info({ told }, 'owners told of calendars not read');
          },
        },
      ],
    };
  },
};
