import type { ServerModule } from '../runtime-types.ts';
import { listenForWorkspaceChanges } from './search-cache.ts';
import { ADD_UP_TALLIES, addUpTallies } from './tally.ts';

/**
 * Applications (issue 52): every minute, the counts kept per position, status and source are added
 * up (tally.ts), so the workspace reads a handful of rows per count however many moves there were;
 * and this instance hears every change to applications, so it may remember searches until then
 * (search-cache.ts).
 */
export const applicationsModule: ServerModule = {
  name: 'applications',
  queues: [{ name: ADD_UP_TALLIES, options: { retryLimit: 2, retryDelay: 10 }, schedule: '* * * * *' }],
  start({ database, logger }) {
    const listener = listenForWorkspaceChanges(database.pool, logger);
    return {
      workers: [{ queue: ADD_UP_TALLIES, run: () => addUpTallies(database.db).then(() => undefined) }],
      stop: () => listener.stop(),
    };
  },
};
