import type { ServerModule } from '../runtime-types.ts';
import { expireOffers } from './offers.ts';

export const EXPIRE_OFFERS = 'expire-offers';

/**
 * Offers (issue 54): the job that closes the sent offers whose date has passed. Hourly, since an
 * offer expires at the end of its day in the company's zone, not at midnight UTC; an answer is
 * refused past the date whether or not the job has run (offers/answer.ts).
 */
export const offersModule: ServerModule = {
  name: 'offers',
  queues: [{ name: EXPIRE_OFFERS, options: { retryLimit: 3, retryDelay: 300 }, schedule: '7 * * * *' }],
  start: ({ database, logger }) => ({
    workers: [
      {
        queue: EXPIRE_OFFERS,
        async run() {
          const expired = await expireOffers(database.db);
          if (expired > 0) logger.info({ expired }, 'offers past their date closed');
        },
      },
    ],
  }),
};
