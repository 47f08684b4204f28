import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildConcurrentIndexes } from './concurrent-indexes.ts';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /**
   * The CSV exports' own connections (exports/csv-stream.ts): an export holds one for as long as
   * its download lasts, so they come from a pool of EXPORT_CONNECTIONS of their own and never take
   * the ones pages and actions need; a further export waits for one.
   */
  exportPool: pg.Pool;
  close(): Promise<void>;
}

export const EXPORT_CONNECTIONS = 3;

export function connect(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A client losing its connection (database restart) must not crash the process: idle ones are
  // reported on the pool, and one checked out between two queries of a transaction has no
  // listener of the pool's, so each gets its own. Its next query fails and the client is dropped.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const exportPool = new pg.Pool({
    connectionString: url,
    max: EXPORT_CONNECTIONS,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 120_000,
  });
  exportPool.on('error', () => {});
  exportPool.on('connect', (client) => client.on('error', () => {}));
  return {
    db: drizzle(pool, { schema }),
    pool,
    exportPool,
    close: async () => {
      await Promise.all([pool.end(), exportPool.end()]);
    },
  };
}

/** A transaction's view of the database: drizzle over the same connection, and raw SQL for libraries (pg-boss). */
export interface Transaction {
  db: Database;
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Drizzle over one pooled connection, made once per connection: building it reads the whole schema
 * (its relations) again, which cost more CPU than a short transaction's queries (a profile of
 * bench:hostile). The pool keeps its connections, so each is wrapped once.
 */
const overClient = new WeakMap<pg.PoolClient, Database>();
function drizzleOver(client: pg.PoolClient): Database {
  let db = overClient.get(client);
  if (!db) overClient.set(client, (db = drizzle(client, { schema })));
  return db;
}

/**
 * Runs `work` in one transaction on one pooled connection, so rows and the jobs queued for them
 * (pg-boss accepts this connection) commit or roll back together.
 */
export async function withTransaction<T>(pool: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work({
      db: drizzleOver(client),
      executeSql: (text, values) => client.query(text, values as unknown[]),
    });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** How many migrations this version of the site has. */
export function migrationCount(): number {
  return (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal).entries.length;
}

/**
 * Applies the committed drizzle-kit migrations that have not run yet; with `upTo`, only the first
 * `upTo` of them (a restore rebuilds the schema a backup was taken with, then the site migrates on).
 */
export async function runMigrations(db: Database, { upTo }: { upTo?: number } = {}): Promise<void> {
  if (upTo === undefined || upTo >= migrationCount()) {
    await migrate(db, { migrationsFolder });
    // Then the indexes a migration must not build inside its transaction (they would hold the
    // table's writes); a restore (upTo) gets them when the site migrates on.
    await buildConcurrentIndexes(db);
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'helixpoint-migrations-'));
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
    journal.entries = journal.entries.slice(0, upTo);
    mkdirSync(join(folder, 'meta'));
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries) copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** True when the database answers within the timeout. */
export async function isDatabaseReachable(pool: pg.Pool, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const check = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
