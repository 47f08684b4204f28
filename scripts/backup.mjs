// npm run backup -- --out FILE
// The database and the stored files in one archive (tar + gzip), consistent while the site runs;
// embedded or external PostgreSQL (DATABASE_URL), fs or S3 storage, from the site's own settings.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../src/server/backup/backup.ts';
import { jobQueues } from '../src/server/modules.ts';
import { openBackupTarget } from '../src/server/backup/targets.ts';
import { configOrExit } from './lib/config-or-exit.mjs';
import { DataDirError } from '../src/server/data-dir.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out FILE   (for example --out backups/helixpoint-$(date +%F).tar.gz)');
  process.exit(2);
}

const config = configOrExit();
if (!config.databaseUrl && !existsSync(join(config.dataDir, 'postgres', 'PG_VERSION'))) {
  console.error(`DATA_DIR ${config.dataDir} has no database to back up (set DATA_DIR, or DATABASE_URL for an external PostgreSQL).`);
  process.exit(1);
}

let target;
try {
  target = await openBackupTarget(config, { whileRunning: 'share' });
} catch (error) {
  console.error(error instanceof DataDirError ? error.message : error);
  process.exit(1);
}
try {
  const started = Date.now();
  const manifest = await createBackup({ ...target, out: values.out, jobQueues, log: (message) => console.error(message) });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `Backed up ${rows} rows in ${manifest.tables.length} tables (migration ${manifest.migrations}, PostgreSQL ${manifest.postgres}) and ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
