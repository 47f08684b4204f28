import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { AppConfig } from '../config.ts';
import { connect } from '../db/client.ts';
import { DATABASE_NAME, DataDirInUseError, startEmbeddedPostgres } from '../db/embedded.ts';
import { createStorage } from '../storage/index.ts';
import type { ObjectStorage } from '../storage/types.ts';

/** What `npm run backup` and `npm run restore` work on: the site's database and file storage, from its configuration. */
export interface BackupTarget {
  databaseUrl: string;
  pool: pg.Pool;
  storage: ObjectStorage;
  /** DATA_DIR/auth-secret when the site uses the generated secret (AUTH_SECRET unset). */
  authSecretFile: string | undefined;
  close(): Promise<void>;
}

function runningEmbeddedUrl(dataDir: string): string {
  const port = readFileSync(join(dataDir, 'postgres.port'), 'utf8').trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
}

/**
 * The configured database: DATABASE_URL; or the embedded one of DATA_DIR, the running server's
 * when it runs (a backup while the site runs), else started here for the time of the command.
 * `whileRunning: 'refuse'` is for restores, which must not write under a running site.
 */
export async function openBackupTarget(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'storage'>,
  { whileRunning, env = process.env }: { whileRunning: 'share' | 'refuse'; env?: Record<string, string | undefined> },
): Promise<BackupTarget> {
  const storage = await createStorage({
    driver: config.storage.driver,
    dataDir: config.dataDir,
    ...(config.storage.s3 ? { s3: config.storage.s3 } : {}),
  });
  const authSecretFile = env.AUTH_SECRET ? undefined : join(config.dataDir, 'auth-secret');
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    try {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      databaseUrl = embedded.url;
      stopEmbedded = embedded.stop;
    } catch (error) {
      if (!(error instanceof DataDirInUseError) || whileRunning === 'refuse' || !existsSync(join(config.dataDir, 'postgres.port')))
        throw error;
      databaseUrl = runningEmbeddedUrl(config.dataDir);
    }
  }
  const handle = connect(databaseUrl);
  return {
    databaseUrl,
    pool: handle.pool,
    storage,
    authSecretFile,
    close: async () => {
      await handle.close();
      await stopEmbedded?.();
    },
  };
}
