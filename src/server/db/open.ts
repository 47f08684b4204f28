import type { AppConfig } from '../config.ts';
import { connect, runMigrations, type DatabaseHandle } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import type { Supervisor, SupervisorLog } from './supervisor.ts';

export interface OpenDatabase extends DatabaseHandle {
  url: string;
  /** Set when the database is the embedded one. */
  embeddedPort?: number;
  /** The embedded server's supervisor (restarts it when it exits); unset with DATABASE_URL. */
  supervisor?: Supervisor;
}

/**
 * Instances of a fleet may start together (systemd at boot): one migrates while the others wait
 * for its session lock, then find nothing left to do. They wait by trying again every 200 ms, not
 * in pg_advisory_lock: a statement waiting there holds a snapshot, and the index built
 * concurrently after the migrations (concurrent-indexes.ts) waits for every older snapshot to end,
 * while that statement waits for the migrating instance: PostgreSQL would end one as a deadlock
 * (the upgrade drill's second instance did not start).
 */
async function migrateAlone(handle: DatabaseHandle): Promise<void> {
  const lock = await handle.pool.connect();
  try {
    for (;;) {
      const { rows } = await lock.query<{ locked: boolean }>(`select pg_try_advisory_lock(hashtext('helixpoint:migrations')) as locked`);
      if (rows[0]!.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await runMigrations(handle.db);
  } finally {
    await lock.query(`select pg_advisory_unlock(hashtext('helixpoint:migrations'))`).catch(() => {});
    lock.release();
  }
}

/**
 * The configured PostgreSQL (DATABASE_URL) or the embedded one in DATA_DIR, migrated to the
 * current schema. close() ends the pool and stops the embedded server.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
  supervisorLog?: SupervisorLog,
): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log, supervisorLog);
  const url = config.databaseUrl ?? (embedded?.url as string);
  const handle = connect(url);
  try {
    await migrateAlone(handle);
  } catch (error) {
    await handle.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...handle,
    url,
    ...(embedded ? { embeddedPort: embedded.port, supervisor: embedded.supervisor } : {}),
    close: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}
