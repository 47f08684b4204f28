// The previous release's server code against the new schema (issue 36; part of `npm test`).
// During a rolling upgrade the first new instance migrates the shared database while the others
// still run the previous release, so every migration must leave that code working: add
// (expand) now, remove or rename (contract) in a later release. This runs the previous release
// (scripts/lib/previous-release.mjs: a release tag v*, else the code before the newest migration)
// against a database the current code migrated and seeded:
//   1. its schema (its src/server/db/schema.ts) is all there: every table, column and enum value it
//      knows, and no new column it would have to fill (NOT NULL without a default);
//   2. its built server starts on that database (its migrations and pg-boss find nothing to do),
//      shows the job board and an apply page, takes an application (upload and submit), mails it
//      through its job queue, and lets an admin it created list it;
//   3. the current code reads what it wrote.
// Exits 1 with the reason when one fails; says so and exits 0 when no migration came since.
//   npm run test:previous-release        (PREVIOUS_RELEASE=<rev> to pick another release)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { connect, runMigrations } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded.ts';
import { applications } from '../../src/server/db/schema.ts';
import { seedIfNeverSeeded } from '../../src/server/positions/seed.ts';
import { installJobSchema } from '../../src/server/jobs/queue.ts';
import { jobQueues } from '../../src/server/modules.ts';
import { freePort } from '../../src/server/net.ts';
import { ShallowCloneError, findPreviousRelease, preparePreviousRelease } from '../../scripts/lib/previous-release.mjs';
import { pdf } from '../../bench/lib/applicant.mjs';
import { startSite, waitFor } from '../../bench/lib/site.mjs';

const failures = [];
const check = (ok, what) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

/**
 * What the previous release's schema needs of the database: its tables, columns and enum values,
 * and no column it does not know that an insert of its own would have to fill.
 */
async function compareSchema(releaseDir, pool) {
  const { getTableConfig, PgTable } = await import(pathToFileURL(join(releaseDir, 'node_modules/drizzle-orm/pg-core/index.js')).href);
  const schema = await import(pathToFileURL(join(releaseDir, 'src/server/db/schema.ts')).href);
  const { rows: columns } = await pool.query(
    `select table_name, column_name, is_nullable, column_default, is_generated, identity_generation
       from information_schema.columns where table_schema = 'public'`,
  );
  const { rows: enumValues } = await pool.query(
    `select t.typname as name, e.enumlabel as value from pg_type t join pg_enum e on e.enumtypid = t.oid`,
  );
  const problems = [];
  let tables = 0;
  for (const value of Object.values(schema)) {
    if (value?.enumName && Array.isArray(value.enumValues)) {
      for (const label of value.enumValues)
        if (!enumValues.some((row) => row.name === value.enumName && row.value === label))
          problems.push(`enum ${value.enumName} lost the value "${label}" the previous release writes`);
      continue;
    }
    if (!(value instanceof PgTable)) continue;
    tables += 1;
    const table = getTableConfig(value);
    const inDatabase = columns.filter((row) => row.table_name === table.name);
    if (inDatabase.length === 0) {
      problems.push(`table ${table.name} is gone, and the previous release uses it`);
      continue;
    }
    const known = new Set(table.columns.map((column) => column.name));
    for (const name of known)
      if (!inDatabase.some((row) => row.column_name === name))
        problems.push(`column ${table.name}.${name} is gone, and the previous release uses it`);
    for (const row of inDatabase) {
      const fills = row.is_nullable === 'NO' && row.column_default === null && row.is_generated !== 'ALWAYS' && !row.identity_generation;
      if (!known.has(row.column_name) && fills)
        problems.push(
          `new column ${table.name}.${row.column_name} is NOT NULL without a default: the previous release's inserts would fail`,
        );
    }
  }
  return { tables, problems };
}

async function main() {
  let release;
  try {
    release = findPreviousRelease();
  } catch (error) {
    // Like the drills that need nginx: skipped, saying why, where the machine cannot provide it.
    if (!(error instanceof ShallowCloneError)) throw error;
    console.log(`SKIPPED: ${error.message}`);
    return;
  }
  console.log(`previous release: ${release.label}\n  (${release.why})`);
  if (release.migrationsSince.length === 0) {
    console.log('no migration since the previous release: its code runs on this schema unchanged. Nothing to check.');
    return;
  }
  console.log(`migrations since: ${release.migrationsSince.join(', ')}`);
  const releaseDir = preparePreviousRelease(release, { log: (line) => console.log(`  ${line}`) });

  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-compat-'));
  chmodSync(dir, 0o755);
  const database = await startEmbeddedPostgres(join(dir, 'postgres'));
  let site;
  try {
    // The new release starts first: its migrations, its job schema, the demo data.
    const current = connect(database.url);
    await runMigrations(current.db);
    await installJobSchema(database.url, jobQueues);
    await seedIfNeverSeeded(current.db);
    console.log(`\nthe database at the current schema (${release.migrationsThen.length} + ${release.migrationsSince.length} migrations)`);

    console.log('\n1. the previous release’s schema is all there');
    const { tables, problems } = await compareSchema(releaseDir, current.pool);
    check(
      problems.length === 0,
      `${tables} tables of the previous release checked${problems.length ? `:\n       ${problems.join('\n       ')}` : ''}`,
    );

    console.log('\n2. the previous release’s server on it');
    const port = await freePort();
    const siteUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: join(dir, 'previous'),
      SITE_URL: siteUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_REQUIRE_2FA: 'false',
      LOG_LEVEL: 'warn',
    };
    site = await startSite({ port, env, name: 'the previous release', cwd: releaseDir }).catch((error) => {
      check(false, `it starts on the new schema: ${error.message}`);
      return undefined;
    });
    if (site) {
      check(true, 'it starts on the new schema (its migrations and job queue find nothing to do)');
      const board = await fetch(`${siteUrl}/careers`);
      const { positions } = await (await fetch(`${siteUrl}/api/positions`)).json();
      const [position] = positions;
      check(board.status === 200 && (await board.text()).includes(position.title), `the job board lists the positions (${board.status})`);
      const apply = await fetch(`${siteUrl}/careers/apply/${position.id}`);
      check(apply.status === 200, `an apply page (${apply.status})`);

      // Its own applicant steps (the form as it knew it), else ours.
      const applicantLib = existsSync(join(releaseDir, 'bench/lib/applicant.mjs'))
        ? join(releaseDir, 'bench/lib/applicant.mjs')
        : new URL('../../bench/lib/applicant.mjs', import.meta.url).pathname;
      const { applyOnce } = await import(pathToFileURL(applicantLib).href);
      const email = `compat-${Date.now()}@compat.test`;
      const applied = await applyOnce({ url: siteUrl, email, positionId: position.id, file: pdf() });
      check(
        applied.outcome === 'stored',
        `an application is taken (${applied.outcome}${applied.error ? `: ${applied.step} ${applied.status} ${applied.error}` : ''})`,
      );

      const mailDir = join(env.DATA_DIR, 'mail');
      const mailed = await waitFor(() => existsSync(mailDir) && readdirSync(mailDir).some((name) => name.endsWith('.eml')), {
        timeoutMs: 30_000,
      });
      check(Boolean(mailed), 'its job queue sends the application’s e-mails');

      const admin = { email: 'compat-admin@helixpoint.example', password: 'compat-admin-password-1' };
      execFileSync(process.execPath, ['scripts/admin-create.mjs', '--email', admin.email, '--password', admin.password], {
        cwd: releaseDir,
        env: { ...process.env, ...env, DATA_DIR: join(dir, 'admin-create') },
        stdio: 'ignore',
      });
      const signIn = await fetch(`${siteUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: siteUrl },
        body: JSON.stringify(admin),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const list = await fetch(`${siteUrl}/admin/applications`, { headers: { Cookie: cookie }, redirect: 'manual' });
      check(
        signIn.status === 200 && list.status === 200 && (await list.text()).includes(email),
        `its admin lists the application (sign-in ${signIn.status}, list ${list.status})`,
      );

      console.log('\n3. the current code reads what it wrote');
      const [row] = await current.db.select().from(applications).where(eq(applications.email, email));
      check(Boolean(row), `the application, with every column of the current schema${row ? ` (status ${row.status})` : ''}`);
    }
    await current.close();
  } finally {
    await site?.stop();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(
      `\n${failures.length} check(s) failed: a migration since ${release.commit.slice(0, 9)} breaks the previous release. Expand now (add, keep the old), contract in a later release (docs/operations.md, "Upgrades").`,
    );
    process.exit(1);
  }
  console.log('\nThe previous release works on the new schema.');
}

await main();
