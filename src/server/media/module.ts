import type { ServerModule } from '../runtime-types.ts';
import { isUuid } from '../../lib/ids.ts';
import { createImageWorker, type ImageWork } from './image-worker.ts';
import { MAKE_MEDIA_VARIANTS, makeVariants, mediaDeps, mediaWithoutVariants } from './library.ts';

declare module '../runtime-types.ts' {
  interface Runtime {
    /** sharp's work in a process of its own, started with the first image (image-worker.ts). */
    images: ImageWork;
  }
}

/**
 * The media library (issue 34): the sizes of the seeded SVG illustrations are made by a job (about
 * 1.8 s each), not during the server's start; at each start, one run makes those of any image
 * still without them (a job lost, an instance stopped midway).
 */
export const mediaModule: ServerModule = {
  name: 'media',
  // Making an image's sizes takes seconds; one still active after ten minutes died with its instance.
  queues: [{ name: MAKE_MEDIA_VARIANTS, options: { retryLimit: 3, retryDelay: 60, expireInSeconds: 600 } }],
  async start(runtime) {
    const images = createImageWorker();
    const deps = mediaDeps({ ...runtime, images });
    await runtime.jobs.send(MAKE_MEDIA_VARIANTS, {});
    return {
      services: { images },
      stop: () => images.close(),
      workers: [
        {
          queue: MAKE_MEDIA_VARIANTS,
          async run(job) {
            const { mediaId } = job.data as { mediaId?: unknown };
            const ids = typeof mediaId === 'string' ? (isUuid(mediaId) ? [mediaId] : []) : await mediaWithoutVariants(runtime.database.db);
            let made = 0;
            for (const id of ids) if (await makeVariants(deps, id)) made += 1;
            if (made > 0) runtime.logger.info({ images: made }, 'media sizes made');
          },
        },
      ],
    };
  },
};
