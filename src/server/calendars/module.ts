import type { ServerModule } from '../runtime-types.ts';
import { readAllCalendars } from './sources.ts';

export const READ_CALENDARS = 'read-calendars';

/**
 * People's own calendars (issue 53): every one read again every five minutes, by one instance of a
 * fleet (the queue's schedule makes one job each time), so the times offered leave out what their
 * calendars hold them for.
 */
export const calendarsModule: ServerModule = {
  name: 'calendars',
  queues: [{ name: READ_CALENDARS, options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 240 }, schedule: '*/5 * * * *' }],
  start: ({ database, config, logger }) => ({
    workers: [
      {
        queue: READ_CALENDARS,
        async run() {
          const tally = await readAllCalendars(database.db, { secret: config.authSecret, allow: config.outboundAllow });
          if (tally.read + tally.failed > 0) logger.info(tally, 'calendars read');
        },
      },
    ],
  }),
};
