import { describeError } from '../failures.ts';
import type { ServerModule } from '../runtime-types.ts';
import { countViews, createViewCounter, writeViews } from './views.ts';

/** Insights: views of the job board and position pages, counted after each answer and written in batches. */
export const insightsModule: ServerModule = {
  name: 'insights',
  start({ database, logger }) {
    const views = createViewCounter({
      write: (rows) => writeViews(database.db, rows),
      onError: (error) => logger.warn({ err: describeError(error) }, 'page views kept for the next write'),
    });
    return { afterResponse: countViews(views), stop: () => views.stop() };
  },
};
