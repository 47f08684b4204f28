import type { ServerModule } from '../runtime-types.ts';
import { SCORECARD_REMINDERS, sendScorecardReminders } from './reminders.ts';

/** Scorecards (issue 32): the reminders of missing scorecards, every fifteen minutes (told by the notices, issue 51). */
export const scorecardsModule: ServerModule = {
  name: 'scorecards',
  queues: [{ name: SCORECARD_REMINDERS, options: { retryLimit: 3, retryDelay: 60 }, schedule: '*/15 * * * *' }],
  start: ({ database, logger }) => ({
    workers: [
      {
        queue: SCORECARD_REMINDERS,
        async run() {
          const sent = await sendScorecardReminders({ db: database.db });
          if (sent > 0) logger.info({ reminders: sent }, 'scorecard reminders recorded');
        },
      },
    ],
  }),
};
