import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/** Any drizzle database over the pool (client.ts's Database; not imported from there: it calls us). */
type Database = Pick<NodePgDatabase, 'execute'>;

/**
 * Indexes on tables that grow with the company's use (applications above all), built after the
 * migrations with CREATE INDEX CONCURRENTLY instead of inside a migration (docs/operations.md,
 * "Upgrades"). A migration runs in one transaction, and a plain CREATE INDEX there holds every write
 * to its table until the index is built: about a minute for the search index below at 50,000
 * applications, while the instances still running the previous release take applications. Built
 * concurrently, the table stays writable; only the migrating instance waits, and it is not ready
 * (`/readyz`) until its indexes are there. An index is built once: the next start finds it valid.
 * A build that was interrupted (the process killed) leaves an invalid index, which is dropped and
 * built again. Statements here run outside any transaction, so each is written to be run again.
 */
export interface ConcurrentIndex {
  name: string;
  /** CREATE INDEX CONCURRENTLY IF NOT EXISTS ... */
  create: string;
  /** Run after each build (settings of the new index). */
  then?: string[];
  /** Why the index exists; where it was added. */
  purpose: string;
}

export const concurrentIndexes: readonly ConcurrentIndex[] = [
  {
    name: 'applications_search_bigrams_idx',
    purpose:
      'Resume search: pairs of neighbouring words of each search document, so a two-word phrase is one index lookup ' +
      '(migration 0022, which creates the function search_vector_bigrams).',
    create:
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "applications_search_bigrams_idx" ON "applications" USING gin (search_vector_bigrams("search_vector"))',
    // No statistics of the pairs: ANALYZE would compute them for 30,000 sampled documents (25 s at
    // 50,000 applications); without them the planner takes a pair as rare and uses the index.
    then: ['ALTER INDEX "applications_search_bigrams_idx" ALTER COLUMN 1 SET STATISTICS 0'],
  },
  {
    name: 'applications_created_idx',
    purpose:
      'The workspace newest first (issue 52): its first page and the application page’s previous and next read 50 ' +
      'entries, where PostgreSQL had read and sorted every application (146 ms at 50,000).',
    create: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS "applications_created_idx" ON "applications" ("created_at", "id")',
  },
  {
    name: 'applications_period_idx',
    purpose:
      'Insights (issue 52): a period’s applications counted by source, by how they heard of us and by position from the ' +
      'index alone. An application row is wide (its resume’s search document), so the period’s rows were some 3,000 ' +
      'heap pages read for each count (12-21 ms for 90 days at 50,000 applications).',
    create:
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "applications_period_idx" ON "applications" ("created_at") INCLUDE ("position_id", "source", "heard_about")',
  },
  {
    name: 'applications_position_status_idx',
    purpose:
      'The workspace filtered within a position (by rating, source or days): each status counted from the index alone, ' +
      'where the position’s rows were read from the heap (5,530 applications in 2,984 pages, 10 ms, for the largest ' +
      'position at 50,000; issue 52).',
    create:
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "applications_position_status_idx" ON "applications" ("position_id", "status") INCLUDE ("id", "created_at", "source")',
  },
  {
    name: 'application_activity_position_stalled_idx',
    purpose:
      'The stalled applications within a hiring team’s positions (a hiring manager’s home page, its list and count): ' +
      'the positions’ open applications by their last activity, where every open application was read and joined ' +
      '(15,222 rows, 24 ms for a manager of three positions at 50,000; 0.8 ms from this index; issue 52).',
    create:
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS "application_activity_position_stalled_idx" ON "application_activity" ("position_id", "last_activity_at") WHERE "under_way"',
  },
];

/** Whether an index of that name exists, and whether it is usable (false after an interrupted build). */
async function stateOf(db: Database, name: string): Promise<'absent' | 'valid' | 'invalid'> {
  const { rows } = await db.execute<{ valid: boolean }>(
    sql`select i.indisvalid as valid from pg_class c join pg_index i on i.indexrelid = c.oid
      where c.relname = ${name} and c.relnamespace = 'public'::regnamespace`,
  );
  if (rows.length === 0) return 'absent';
  return rows[0]!.valid ? 'valid' : 'invalid';
}

/**
 * Builds the indexes that are not there yet (or not valid); returns the names of those it built.
 * `db` must be over the pool, not in a transaction: CREATE INDEX CONCURRENTLY refuses to run in one.
 */
export async function buildConcurrentIndexes(db: Database, indexes: readonly ConcurrentIndex[] = concurrentIndexes): Promise<string[]> {
  const built: string[] = [];
  for (const index of indexes) {
    const state = await stateOf(db, index.name);
    if (state === 'valid') continue;
    if (state === 'invalid') await db.execute(sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS "${index.name}"`));
    await db.execute(sql.raw(index.create));
    for (const statement of index.then ?? []) await db.execute(sql.raw(statement));
    built.push(index.name);
  }
  return built;
}
