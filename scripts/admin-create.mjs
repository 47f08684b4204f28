// npm run admin:create -- --email E --password P [--name "First Last"]
// Creates a verified admin, or promotes an existing user; idempotent. Works while the server runs:
// with the embedded database in use, it connects to the running one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createOrPromoteAdmin, AdminCreateError } from '../src/server/accounts/admin-create.ts';
import { createAuth } from '../src/server/accounts/auth.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { connect } from '../src/server/db/client.ts';
import { DataDirInUseError, DATABASE_NAME } from '../src/server/db/embedded.ts';
import { openDatabase } from '../src/server/db/open.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run admin:create -- --email E --password P [--name "First Last"]');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

async function database() {
  try {
    return await openDatabase(config, () => {});
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // The server is running on this DATA_DIR: use its embedded PostgreSQL.
    const portFile = join(config.dataDir, 'postgres.port');
    if (!existsSync(portFile)) throw error;
    const port = readFileSync(portFile, 'utf8').trim();
    const password = readFileSync(join(config.dataDir, 'postgres-password'), 'utf8').trim();
    return connect(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`);
  }
}

const db = await database();
try {
  const auth = createAuth({
    db: db.db,
    jobs: { enqueueEmail: async () => '' },
    siteUrl: config.siteUrl,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
    requireEmailVerification: config.requireEmailVerification,
    adminEmails: [],
    log: () => {},
  });
  const result = await createOrPromoteAdmin(db.db, auth, values);
  const said = { created: 'Created the admin', promoted: 'Made admin (and verified)', unchanged: 'Already an admin, nothing changed:' };
  console.log(`${said[result.outcome]} ${values.email.trim().toLowerCase()}`);
} catch (error) {
  console.error(error instanceof AdminCreateError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
