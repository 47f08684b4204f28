import type { ServerModule } from '../runtime-types.ts';
import { askForRenewals, TALENT_POOL_RENEWALS } from './talent-pool.ts';

/** Candidates (issue 33): each day, those whose talent pool consent ends within a month are asked, once, to renew it. */
export const candidatesModule: ServerModule = {
  name: 'candidates',
  queues: [{ name: TALENT_POOL_RENEWALS, options: { retryLimit: 3, retryDelay: 300 }, schedule: '29 3 * * *' }],
  start: ({ database, jobs, config, logger }) => ({
    workers: [
      {
        queue: TALENT_POOL_RENEWALS,
        async run() {
          const asked = await askForRenewals({
            db: database.db,
            pool: database.pool,
            jobs,
            siteUrl: config.siteUrl,
            secret: config.authSecret,
          });
          if (asked > 0) logger.info({ asked }, 'talent pool renewals asked');
        },
      },
    ],
  }),
};
