import type { ServerModule } from '../runtime-types.ts';
import { SCORECARD_REMINDERS, sendScorecardReminders } from './reminders.ts';

/** Scorecards (issue 32): the reminders of missing scorecards, every fifteen minutes. */
export const scorecardsModule: ServerModule = {
  name: 'scorecards',
  queues: [{ name: SCORECARD_REMINDERS, options: { retryLimit: 3, retryDelay: 60 }, schedule: '*/15 * * * *' }],
  start: ({ database, config, logger }) => ({
    workers: [
      {
        queue: SCORECARD_REMINDERS,
        async run(_job, jobs) {
          const sent = await sendScorecardReminders({ db: database.db, jobs, siteUrl: config.siteUrl });
          if (sent > 0) logger.info({ reminders: sent }, 'scorecard reminders queued');
        },
      },
    ],
  }),
};
