import type { ServerModule } from '../runtime-types.ts';
import { cleanUpAbandonedUploads } from './cleanup.ts';
import { removeStaleReservations } from './quota.ts';

export const CLEANUP_UPLOADS = 'cleanup-uploads';

/** Uploads: what visitors started and never sent (files never attached, reservations of uploads that died). */
export const uploadsModule: ServerModule = {
  name: 'uploads',
  // Hourly at :17 (off the hour, away from other schedulers): an abandoned upload goes within 4 hours.
  queues: [{ name: CLEANUP_UPLOADS, options: { retryLimit: 3, retryDelay: 300 }, schedule: '17 * * * *' }],
  start: ({ database, storage, logger }) => ({
    workers: [
      {
        queue: CLEANUP_UPLOADS,
        async run() {
          const removed = await cleanUpAbandonedUploads(database.db, storage);
          const reservations = await removeStaleReservations(database.db);
          logger.info({ removed, reservations }, 'abandoned uploads cleaned up');
        },
      },
    ],
  }),
};
