import type { ServerModule } from '../runtime-types.ts';
import { contentChanges } from './changes.ts';
import { seedBlogOnce } from './seed.ts';
import { PUBLISH_DUE_POSTS, runDuePublications } from './store.ts';

/**
 * The blog (issue 34): the spec's six posts on a first start; scheduled publications (a job at
 * each post's time, a run every minute and one at start for a time that passed while the site was
 * down); this instance hears the others announce content changes, which make kept pages stale.
 */
export const postsModule: ServerModule = {
  name: 'posts',
  queues: [{ name: PUBLISH_DUE_POSTS, options: { retryLimit: 5, retryDelay: 10 }, schedule: '* * * * *' }],
  async start({ database, storage, jobs, logger, images }) {
    const listener = contentChanges.listen(database.pool, logger);
    const seeded = await seedBlogOnce({ db: database.db, storage, jobs, images });
    if (seeded) logger.info({ posts: seeded }, 'the blog’s first posts added');
    const due = await runDuePublications({ db: database.db });
    if (due.published || due.unpublished) logger.info(due, 'scheduled publications that fell due while the site was down');
    return {
      onPagesChanged: contentChanges.onChanged,
      workers: [
        {
          queue: PUBLISH_DUE_POSTS,
          async run() {
            const done = await runDuePublications({ db: database.db });
            if (done.published || done.unpublished) logger.info(done, 'scheduled publications');
          },
        },
      ],
      stop: () => listener.stop(),
    };
  },
};
