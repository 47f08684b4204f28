import type { ServerModule } from '../runtime-types.ts';
import { runRetention } from './retention.ts';

export const APPLY_RETENTION = 'apply-retention';

/** Privacy: the daily job that deletes what is past its retention period (decision 022). */
export const privacyModule: ServerModule = {
  name: 'privacy',
  // Daily at 02:43 UTC.
  queues: [{ name: APPLY_RETENTION, options: { retryLimit: 3, retryDelay: 600 }, schedule: '43 2 * * *' }],
  start: ({ database, storage, config, logger }) => ({
    workers: [
      {
        queue: APPLY_RETENTION,
        async run() {
          const run = await runRetention(database.db, storage, config.retention);
          logger.info({ ...run }, 'retention applied');
        },
      },
    ],
  }),
};
