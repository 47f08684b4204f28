import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/client';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { changeChannel } from '../db/change-channel';
import { changePositions, listenForPositionChanges, onPositionsChanged, POSITIONS_CHANNEL } from './changes';

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
  it('are told to this process once committed (once: its own notification is not told again), to another instance within a second, and not at all when rolled back', async () => {
    // "Another instance": its own channel object and pool on the same database, listening.
    const other = changeChannel(POSITIONS_CHANNEL);
    const otherPool = connect(database.url);
    const heard: number[] = [];
    const otherHeard: number[] = [];
    const unsubscribe = onPositionsChanged(() => heard.push(performance.now()));
    const unsubscribeOther = other.onChanged(() => otherHeard.push(performance.now()));
    const ownListener = listenForPositionChanges(database.pool, quiet);
    const otherListener = other.listen(otherPool.pool, quiet);
    try {
      // Each listener tells once when it starts listening (it may have missed announcements).
      await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      await expect.poll(() => otherHeard.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
      heard.length = 0;
      otherHeard.length = 0;

      let toldDuringWork = -1;
      const started = performance.now();
      await changePositions(database.db, async () => {
        toldDuringWork = heard.length;
      });
      // This process: once, right after the commit (before the call returns), never before it.
      expect(toldDuringWork).toBe(0);
      expect(heard.length).toBe(1);
      // The other instance: its notification arrives, well within a second.
      await expect.poll(() => otherHeard.length, { timeout: 1000, interval: 5 }).toBe(1);
      expect(otherHeard[0]! - started).toBeLessThan(1000);
      // The other instance's change reaches this process through the same connection, after this
      // process's own notification: this one is heard, its own is not.
      await other.change(database.db, async () => {});
      await expect.poll(() => heard.length, { timeout: 1000, interval: 5 }).toBe(2);
      expect(otherHeard.length).toBe(2);

      heard.length = 0;
      otherHeard.length = 0;
      await expect(
        changePositions(database.db, async () => {
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // A change that rolled back is announced to nobody; a later one is, so the quiet is real.
      await changePositions(database.db, async () => {});
      await expect.poll(() => otherHeard.length, { timeout: 1000, interval: 5 }).toBe(1);
      // Stopping runs UNLISTEN on the listening connection, after the notifications sent before it.
      await ownListener.stop();
      expect(heard.length).toBe(1);
    } finally {
      unsubscribe();
      unsubscribeOther();
      await ownListener.stop();
      await otherListener.stop();
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
      // Another instance's change arrives through the new connection.
      await changeChannel(POSITIONS_CHANNEL).change(database.db, async () => {});
      await expect.poll(() => told, { timeout: 1000, interval: 5 }).toBe(before + 1);
    } finally {
      unsubscribe();
      await listener.stop();
      await handle.close();
    }
  });
});
