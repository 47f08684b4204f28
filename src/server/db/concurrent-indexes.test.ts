import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/database.ts';
import { buildConcurrentIndexes, concurrentIndexes } from './concurrent-indexes.ts';

/** Issue 36: an index on a growing table is built without holding the table's writes. */
describe('indexes built after the migrations, concurrently', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await startTestDatabase();
  });
  afterEach(async () => {
    await database.destroy();
  });

  const stateOf = async (name: string) =>
    (
      await database.pool.query<{ valid: boolean; statistics: number | null }>(
        `select i.indisvalid as valid, a.attstattarget as statistics
           from pg_class c join pg_index i on i.indexrelid = c.oid join pg_attribute a on a.attrelid = c.oid and a.attnum = 1
          where c.relname = $1`,
        [name],
      )
    ).rows[0];

  /** Until a statement beginning with `start` waits for a lock (polled: its own progress, no sleep). */
  const untilWaiting = (client: pg.PoolClient, start: string) =>
    expect
      .poll(
        async () =>
          (
            await client.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity where starts_with(query, $1) and wait_event_type = 'Lock'`,
              [start],
            )
          ).rows[0]!.n,
        { timeout: 10_000 },
      )
      .toBe('1');

  it('are there after the migrations, valid and with their settings, and are not built again', async () => {
    for (const index of concurrentIndexes) expect(await stateOf(index.name)).toMatchObject({ valid: true });
    expect(await stateOf('applications_search_bigrams_idx')).toEqual({ valid: true, statistics: 0 });
    expect(await buildConcurrentIndexes(database.db)).toEqual([]);
  });

  it('replace an index whose build was interrupted (left invalid)', async () => {
    await database.pool.query(`update pg_index set indisvalid = false where indexrelid = 'applications_search_bigrams_idx'::regclass`);
    expect(await stateOf('applications_search_bigrams_idx')).toMatchObject({ valid: false });
    expect(await buildConcurrentIndexes(database.db)).toEqual(['applications_search_bigrams_idx']);
    expect(await stateOf('applications_search_bigrams_idx')).toEqual({ valid: true, statistics: 0 });
  });

  it('leave the table writable while an index is built', async () => {
    await database.pool.query('drop index applications_search_bigrams_idx');
    // A transaction that writes to applications (an older instance taking an application): the
    // build waits for it to end, as a plain CREATE INDEX would.
    const writer = await database.pool.connect();
    const another = await database.pool.connect();
    try {
      await writer.query('begin');
      await writer.query('lock table applications in row exclusive mode');
      const build = buildConcurrentIndexes(database.db);
      await untilWaiting(another, 'CREATE INDEX CONCURRENTLY');
      // Another write meanwhile is not held: a plain CREATE INDEX's waiting share lock would refuse it.
      await another.query('begin');
      await expect(another.query('lock table applications in row exclusive mode nowait')).resolves.toBeDefined();
      await another.query('rollback');
      await writer.query('commit');
      expect(await build).toEqual(['applications_search_bigrams_idx']);
      expect(await stateOf('applications_search_bigrams_idx')).toEqual({ valid: true, statistics: 0 });
    } finally {
      await writer.query('rollback').catch(() => {});
      writer.release();
      another.release();
    }
  });

  it('a plain CREATE INDEX, for comparison, holds that other write', async () => {
    await database.pool.query('drop index applications_search_bigrams_idx');
    const writer = await database.pool.connect();
    const builder = await database.pool.connect();
    const another = await database.pool.connect();
    try {
      await writer.query('begin');
      await writer.query('lock table applications in row exclusive mode');
      const build = builder.query(
        'create index applications_search_bigrams_idx on applications using gin (search_vector_bigrams(search_vector))',
      );
      await untilWaiting(another, 'create index applications_search_bigrams_idx');
      await another.query('begin');
      await expect(another.query('lock table applications in row exclusive mode nowait')).rejects.toThrow(/could not obtain lock/);
      await another.query('rollback');
      await writer.query('commit');
      await build;
    } finally {
      await writer.query('rollback').catch(() => {});
      writer.release();
      builder.release();
      another.release();
    }
  });
});
