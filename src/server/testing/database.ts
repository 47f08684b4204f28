import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { connect } from '../db/client.ts';
import { openDatabase, type OpenDatabase } from '../db/open.ts';
import type { SupervisorLog } from '../db/supervisor.ts';

export interface TestDatabase extends OpenDatabase {
  name: string;
  /** Closes the pool (once; close() may have done it) and drops the database. */
  destroy(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A real, migrated PostgreSQL database of its own, copied from the run's template
 * (src/server/testing/global-setup.ts): empty of rows, so no test sees another's data.
 */
export async function startTestDatabase(): Promise<TestDatabase> {
  const { serverUrl, template } = inject('testPostgres');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await onServer(serverUrl, `create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connect(url.href);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    ...handle,
    url: url.href,
    name,
    close,
    destroy: async () => {
      await close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface OwnTestDatabase extends OpenDatabase {
  dataDir: string;
  /** Stops the server (once; close() may have done it) and removes its files. */
  destroy(): Promise<void>;
}

/**
 * A supervised embedded PostgreSQL of its own in a fresh temporary DATA_DIR, for the tests that
 * kill or stop the server itself (the shared run's server must stay up for every other file).
 */
export async function startOwnTestDatabase(supervisorLog?: SupervisorLog): Promise<OwnTestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-db-'));
  // As root, PostgreSQL runs as the "postgres" user, which must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const database = await openDatabase({ dataDir, databaseUrl: undefined }, () => {}, supervisorLog);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await database.close();
  };
  return {
    ...database,
    dataDir,
    close,
    destroy: async () => {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
