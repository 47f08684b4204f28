import type { ServerModule } from '../runtime-types.ts';
import { createCalendarReader, type CalendarReader } from './calendar-reader.ts';
import { readAllCalendars } from './sources.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** ical.js's reading of calendars in a process of its own, started with the first (calendar-reader.ts). */
    calendarReader: CalendarReader;
  }
}

export const READ_CALENDARS = 'read-calendars';

/**
 * People's own calendars (issue 53): every one read again every five minutes, by one instance of a
 * fleet (the queue's schedule makes one job each time), so the times offered leave out what their
 * calendars hold them for.
 */
export const calendarsModule: ServerModule = {
  name: 'calendars',
  queues: [{ name: READ_CALENDARS, options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 240 }, schedule: '*/5 * * * *' }],
  start: ({ database, config, logger }) => {
    const calendarReader = createCalendarReader();
    return {
      services: { calendarReader },
      stop: () => calendarReader.close(),
      workers: [
        {
          queue: READ_CALENDARS,
          async run() {
            const tally = await readAllCalendars(database.db, {
              secret: config.authSecret,
              allow: config.outboundAllow,
              reader: calendarReader,
            });
            if (tally.read + tally.failed > 0) logger.info(tally, 'calendars read');
          },
        },
      ],
    };
  },
};
