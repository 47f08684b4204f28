import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/client';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { changePositions, listenForPositionChanges, onPositionsChanged } from './changes';

/* Announcing position changes across instances through a real PostgreSQL's LISTEN/NOTIFY. */

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

const quiet = { warn: () => {} };

describe('position changes', () => {
  it('are told to this process once committed, to another instance within a second, and not at all when rolled back', async () => {
    // "Another instance": its own pool on the same database, listening.
    const otherPool = connect(database.url);
    const heard: number[] = [];
    const unsubscribe = onPositionsChanged(() => heard.push(performance.now()));
    const listener = listenForPositionChanges(otherPool.pool, quiet);
    try {
      // The listener tells once when it starts listening (it may have missed announcements).
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      heard.length = 0;

      let toldDuringWork = -1;
      const started = performance.now();
      await changePositions(database.db, async () => {
        toldDuringWork = heard.length;
      });
      // This process: once, right after the commit (before the call returns), never before it.
      expect(toldDuringWork).toBe(0);
      expect(heard.length).toBeGreaterThanOrEqual(1);
      // The other instance: its notification arrives too, well within a second.
      await expect.poll(() => heard.length, { timeout: 1000, interval: 5 }).toBe(2);
      expect(heard[1]! - started).toBeLessThan(1000);

      heard.length = 0;
      await expect(
        changePositions(database.db, async () => {
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // A change that rolled back is announced to nobody; a later one is, so the quiet is real.
      await changePositions(database.db, async () => {});
      await expect.poll(() => heard.length, { timeout: 1000, interval: 5 }).toBe(2);
    } finally {
      unsubscribe();
      await listener.stop();
      await otherPool.close();
    }
  });

  it('tells again and listens again when its connection is lost', async () => {
    const handle = connect(database.url);
    let told = 0;
    const unsubscribe = onPositionsChanged(() => (told += 1));
    const listener = listenForPositionChanges(handle.pool, quiet, 50);
    try {
      await expect.poll(() => told, { timeout: 5000 }).toBe(1);
      // Kill the listening backend, as a database restart would.
      await database.pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
      // Told once for the loss, once more when listening again.
      await expect.poll(() => told, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
      const before = told;
      await changePositions(database.db, async () => {});
      // This process's own announcement, and the notification through the new connection.
      await expect.poll(() => told, { timeout: 1000, interval: 5 }).toBe(before + 2);
    } finally {
      unsubscribe();
      await listener.stop();
      await handle.close();
    }
  });
});
