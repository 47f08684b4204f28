import { describeError } from '../failures.ts';
import type { ServerModule } from '../runtime-types.ts';
import { domainCounter } from '../metrics.ts';
import { countViews, createViewCounter, writeViews } from './views.ts';

/** helixpoint_page_views_total: views written, so an operator (and bench:nginx) sees they are still counted. */
const viewsCounter = domainCounter<never>(
  'helixpoint_page_views_total',
  'Views of the job board and position pages written to the database: page loads by people (bots, prefetches, HEAD requests and errors are left out).',
  [],
);

/** Insights: views of the job board and position pages, counted after each answer and written in batches. */
export const insightsModule: ServerModule = {
  name: 'insights',
  start({ database, logger }) {
    const views = createViewCounter({
      write: async (rows) => {
        await writeViews(database.db, rows);
        viewsCounter().inc(rows.reduce((sum, row) => sum + row.views, 0));
      },
      onError: (error) => logger.warn({ err: describeError(error) }, 'page views kept for the next write'),
    });
    return { afterResponse: countViews(views), stop: () => views.stop() };
  },
};
