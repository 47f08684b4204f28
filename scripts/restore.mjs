// npm run restore -- FILE [--force]
// Restores an archive of `npm run backup` into the configured database and file storage (an
// empty DATA_DIR, or DATABASE_URL and the S3 bucket). A non-empty target is refused unless --force,
// which replaces what is there. Stop the site first when it uses the embedded database.
import { parseArgs } from 'node:util';
import { RestoreRefusedError, restoreBackup } from '../src/server/backup/backup.ts';
import { jobQueues } from '../src/server/modules.ts';
import { openBackupTarget } from '../src/server/backup/targets.ts';
import { configOrExit } from './lib/config-or-exit.mjs';
import { DataDirError } from '../src/server/data-dir.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
const file = positionals[0];
if (!file) {
  console.error('Usage: npm run restore -- FILE [--force]');
  process.exit(2);
}

const config = configOrExit();

let target;
try {
  target = await openBackupTarget(config, { whileRunning: 'refuse' });
} catch (error) {
  console.error(error instanceof DataDirError ? `${error.message} A restore needs the site stopped.` : error);
  process.exit(1);
}
try {
  const started = Date.now();
  const manifest = await restoreBackup({ ...target, file, force: values.force, jobQueues, log: (message) => console.error(message) });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files from ${file} (taken ${manifest.createdAt}) in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the site: it applies any newer migrations.`,
  );
} catch (error) {
  console.error(error instanceof RestoreRefusedError ? error.message : `Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
