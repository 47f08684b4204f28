// npm run admin:create -- --email E --password P [--name "First Last"] [--role ROLE]
// Creates a verified staff account of ROLE (default admin; also recruiter, hiring_manager,
// interviewer, editor, sales), or gives an existing account that role; idempotent. Works while the server runs:
// with the embedded database in use, it connects to the running one.
// npm run admin:create -- --email E --reset-2fa
// Removes the second factor of the staff member E (lost phone, no admin to reset it); audited.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createStaffAccount, AdminCreateError, resetAdminTwoFactor, staffRoleOf } from '../src/server/accounts/admin-create.ts';
import { createAuth } from '../src/server/accounts/auth.ts';
import { configOrExit } from './lib/config-or-exit.mjs';
import { connect } from '../src/server/db/client.ts';
import { DataDirInUseError, DATABASE_NAME } from '../src/server/db/embedded.ts';
import { openDatabase } from '../src/server/db/open.ts';
import { createRateLimiters } from '../src/server/rate-limit.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    'reset-2fa': { type: 'boolean' },
  },
});
if (!values.email) {
  console.error(
    'Usage: npm run admin:create -- --email E --password P [--name "First Last"] [--role ROLE]\n       npm run admin:create -- --email E --reset-2fa',
  );
  process.exit(2);
}
// An unknown role is refused before anything is opened.
try {
  staffRoleOf(values.role);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}

const config = configOrExit();

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
    rateLimits: createRateLimiters(db.pool),
    siteUrl: config.siteUrl,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
    requireEmailVerification: config.requireEmailVerification,
    adminEmails: [],
    log: () => {},
  });
  const email = values.email.trim().toLowerCase();
  if (values['reset-2fa']) {
    const outcome = await resetAdminTwoFactor(db.db, email);
    console.log(
      outcome === 'reset'
        ? `Removed the second factor of ${email}: they set up a new one at their next sign-in.`
        : `${email} has no second factor, nothing changed.`,
    );
  } else {
    const result = await createStaffAccount(db.db, auth, values);
    const said = {
      created: `Created the ${result.role} account`,
      updated: `Made ${result.role} (and verified):`,
      unchanged: `Already ${result.role}, nothing changed:`,
    };
    console.log(`${said[result.outcome]} ${email}`);
  }
} catch (error) {
  console.error(error instanceof AdminCreateError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
