import type { ServerModule } from '../runtime-types.ts';
import { BOOKING_REMINDERS, sendBookingReminders } from './reminders.ts';

/** Scheduling (issue 31): the reminders of bookings, every five minutes. */
export const schedulingModule: ServerModule = {
  name: 'scheduling',
  queues: [{ name: BOOKING_REMINDERS, options: { retryLimit: 3, retryDelay: 60 }, schedule: '*/5 * * * *' }],
  start: ({ database, config, logger, rateLimits }) => ({
    workers: [
      {
        queue: BOOKING_REMINDERS,
        async run(_job, jobs) {
          const sent = await sendBookingReminders({
            db: database.db,
            jobs,
            rateLimits,
            siteUrl: config.siteUrl,
            secret: config.authSecret,
          });
          if (sent > 0) logger.info({ reminders: sent }, 'booking reminders queued');
        },
      },
    ],
  }),
};
