import type { AppConfig } from '../config.ts';
import { connect, runMigrations, type DatabaseHandle } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export interface OpenDatabase extends DatabaseHandle {
  url: string;
  /** Set when the database is the embedded one. */
  embeddedPort?: number;
}

/**
 * The configured PostgreSQL (DATABASE_URL) or the embedded one in DATA_DIR, migrated to the
 * current schema. close() ends the pool and stops the embedded server.
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? (embedded?.url as string);
  const handle = connect(url);
  try {
    await runMigrations(handle.db);
  } catch (error) {
    await handle.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...handle,
    url,
    ...(embedded ? { embeddedPort: embedded.port } : {}),
    close: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}
