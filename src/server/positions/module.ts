import type { ServerModule } from '../runtime-types.ts';
import { listenForPositionChanges, onPositionsChanged } from './changes.ts';
import { seedIfNeverSeeded } from './seed.ts';

/**
 * Positions: demo departments and positions on a first start; then this instance hears the others
 * announce position changes, which make the pages kept in memory stale (decision 025).
 */
export const positionsModule: ServerModule = {
  name: 'positions',
  async start({ database, logger }) {
    const seeded = await seedIfNeverSeeded(database.db);
    if (seeded) logger.info(seeded, 'demo departments and positions added');
    const listener = listenForPositionChanges(database.pool, logger);
    return { onPagesChanged: onPositionsChanged, stop: () => listener.stop() };
  },
};
