import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type OpenDatabase } from '../db/open.ts';

export interface TestDatabase extends OpenDatabase {
  dataDir: string;
  /** Stops the server (once; close() may have done it) and removes its files. */
  destroy(): Promise<void>;
}

/** A real, migrated, embedded PostgreSQL in a fresh temporary DATA_DIR. */
export async function startTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-db-'));
  // As root, PostgreSQL runs as the "postgres" user, which must be able to enter the directory.
  chmodSync(dataDir, 0o755);
  const database = await openDatabase({ dataDir, databaseUrl: undefined }, () => {});
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
