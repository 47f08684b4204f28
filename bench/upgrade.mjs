// The upgrade drill (issue 36): two instances of this checkout's build behind Debian's nginx
// (deploy/nginx.conf), one PostgreSQL, one S3 bucket (s3rver), an SMTP catcher; under load from
// applicants applying (resume upload and submit), visitors browsing (a page, then every script,
// style and font it names) and an admin working (the applications list, a position switched off
// and on), each instance is replaced in turn by a new build with a new migration, as the upgrade
// procedure of docs/operations.md ("Upgrades") does it: SIGTERM (the instance drains), start the new release on the same
// port and DATA_DIR, wait for /readyz, then nginx's fail_timeout. The first new instance applies the new migration while the
// other still runs the old release. No request is retried by the drill.
//
// The old release is this checkout's build (npm run build first), in a directory of its own. The
// new release is a copy of this checkout with an added migration (a new column) and a changed
// stylesheet (so its assets are named differently), built in its own directory, with the old
// build's assets carried over (npm run assets:carry). (The previous release from git history
// against the new schema is tests/compat/previous-release.mjs.)
// Prints requests made and failed (must be 0), applications acknowledged and stored (all, with
// their resume; and every applicant's confirmation e-mail sent), each instance's drain and
// restart times. Exits 1 when a check fails; skipped (exit 0) without nginx or openssl.
//   npm run build && npm run bench:upgrade [-- --steady 8 --applicants 3 --visitors 4]
// UPGRADE_KEEP_DIR=1 keeps the run's directory (nginx's access log names the instance and its
// status for every request; the instances' data directories, the database) and prints where.
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort } from '../src/server/net.ts';
import { createS3Storage } from '../src/server/storage/s3-driver.ts';
import { carryAssets } from '../scripts/carry-assets.mjs';
import { migrationTags } from '../scripts/lib/previous-release.mjs';
import { applyOnce, pdf } from './lib/applicant.mjs';
import { deployedSiteConfig, nginxForDrill, nginxVersion, selfSignedCertificate, startNginx } from './lib/nginx.mjs';
import { S3_CREDENTIALS, startFleetServices } from './lib/services.mjs';
import { assertBuilt, sleep, startSite, waitFor } from './lib/site.mjs';

const { values } = parseArgs({
  options: {
    steady: { type: 'string', default: '8' },
    applicants: { type: 'string', default: '3' },
    visitors: { type: 'string', default: '4' },
  },
});
const STEADY_MS = Number(values.steady) * 1000;
/** deploy/nginx.conf's fail_timeout: how long nginx leaves out an instance that refused connections. */
const NGINX_FAIL_TIMEOUT_MS =
  Number(/fail_timeout=(\d+)s/.exec(readFileSync(new URL('../deploy/nginx.conf', import.meta.url), 'utf8'))?.[1] ?? NaN) * 1000;
const APPLICANTS = Number(values.applicants);
const VISITORS = Number(values.visitors);
const root = fileURLToPath(new URL('../', import.meta.url));
const ADMIN = { email: 'upgrade-admin@helixpoint.example', password: 'upgrade-drill-password-1' };

const checks = [];
const check = (ok, what) => {
  checks.push({ ok, what });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

const MIGRATIONS = 'src/server/db/migrations';

/** This checkout's build as a release directory of its own (its dist copied as hard links; code and packages linked). */
function currentReleaseDir(dir) {
  mkdirSync(dir, { recursive: true });
  cpSync(join(root, 'scripts'), join(dir, 'scripts'), { recursive: true });
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(root, 'src'), join(dir, 'src'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  execFileSync('cp', ['-al', join(root, 'dist'), join(dir, 'dist')]);
  return dir;
}

/**
 * A new release: this checkout's files copied, a migration added (a nullable column: the old
 * release never sees it), the stylesheet changed, and built. Returns its migrations.
 */
function newReleaseDir(dir) {
  mkdirSync(dir, { recursive: true });
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    try {
      cpSync(join(root, file), join(dir, file));
    } catch {
      // Listed but deleted in the working tree.
    }
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const journalFile = join(dir, MIGRATIONS, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  const tag = `${String(last.idx + 1).padStart(4, '0')}_upgrade_drill`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
  writeFileSync(join(dir, MIGRATIONS, `${tag}.sql`), 'ALTER TABLE "applications" ADD COLUMN "upgrade_drill_note" text;\n');
  appendFileSync(join(dir, 'src/styles/global.css'), '\n.hx-upgrade-drill-marker { outline-offset: 3px; }\n');
  const build = spawnSync('npm', ['run', 'build'], { cwd: dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`The new release's build failed:\n${`${build.stdout}\n${build.stderr}`.slice(-3000)}`);
  return migrationTags(readFileSync(journalFile, 'utf8'));
}

/** Every request the drill makes, by kind: made, failed (and how). */
const tally = {};
const count = (kind, failure) => {
  tally[kind] ??= { made: 0, failed: 0, failures: {} };
  tally[kind].made += 1;
  if (failure) {
    tally[kind].failed += 1;
    tally[kind].failures[failure] = (tally[kind].failures[failure] ?? 0) + 1;
  }
};

async function main() {
  assertBuilt();
  const nginx = nginxForDrill('upgrade');
  if (!nginx) return;
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-upgrade-'));
  chmodSync(dir, 0o755);
  const stops = [];
  try {
    const oldDir = currentReleaseDir(join(dir, 'release-old'));
    console.log(`old release: this checkout's build (${oldDir})`);
    const buildStarted = Date.now();
    const newDir = join(dir, 'release-new');
    const newMigrations = newReleaseDir(newDir);
    const carried = carryAssets(join(oldDir, 'dist', 'client'), join(newDir, 'dist', 'client'));
    console.log(
      `new release: built in ${((Date.now() - buildStarted) / 1000).toFixed(0)} s with migration ${newMigrations.at(-1)} and a changed stylesheet; ${carried.filter((name) => !/\.(br|gz)$/.test(name)).length} assets of the old build carried (${newDir})`,
    );

    const { database, s3, smtp, httpPort, httpsPort, siteUrl, shared } = await startFleetServices({
      dir,
      bucket: 'helixpoint-upgrade',
      stops,
      env: { ADMIN_REQUIRE_2FA: 'false' },
    });
    const ports = [await freePort(), await freePort()];
    /** Every instance started, old and new (each with its name and its log). */
    const sites = [];
    const envOf = (index) => ({ ...shared, DATA_DIR: join(dir, `instance-${index + 1}`) });
    const instances = await Promise.all(
      ports.map((port, index) =>
        startSite({ port, env: envOf(index), name: `instance ${index + 1} (old)`, cwd: oldDir, timeoutMs: 120_000 }),
      ),
    );
    sites.push(...instances);
    stops.push(() => Promise.all(instances.map((instance) => instance.stop())));

    const { cert, key, ca } = selfSignedCertificate(dir);
    writeFileSync(join(dir, 'helixpoint.conf'), deployedSiteConfig({ httpPort, httpsPort, ports, cert, key, cacheDir: dir }));
    const web = await startNginx(
      nginx,
      dir,
      `  log_format upstreams '$status $request_method $uri $upstream_addr $upstream_status $request_time';\n  access_log ${dir}/access.log upstreams;\n  include ${dir}/helixpoint.conf;`,
    );
    stops.push(() => web.stop());
    console.log(`${nginxVersion(nginx)} on ${siteUrl} (deploy/nginx.conf) in front of instances on ports ${ports.join(' and ')}`);

    const agent = new Agent({ keepAlive: true, ca, maxSockets: 64 });
    /** One request through nginx: { status, headers, text }, or { status: 0, error }. */
    const call = (path, { method = 'GET', headers = {}, body } = {}) =>
      new Promise((resolve) => {
        const req = request(`${siteUrl}${path}`, { method, headers, agent, timeout: 60_000 }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
        });
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
        req.end(body);
      });
    if (!(await waitFor(async () => (await call('/healthz')).status === 200, { timeoutMs: 20_000 })))
      throw new Error('nginx did not answer');

    execFileSync(process.execPath, ['scripts/admin-create.mjs', '--email', ADMIN.email, '--password', ADMIN.password], {
      cwd: oldDir,
      env: { ...process.env, ...shared, DATA_DIR: join(dir, 'admin-create') },
      stdio: 'ignore',
    });
    const signIn = await call('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: siteUrl },
      body: JSON.stringify(ADMIN),
    });
    if (signIn.status !== 200) throw new Error(`the admin could not sign in (${signIn.status})`);
    const cookie = [signIn.headers['set-cookie'] ?? []]
      .flat()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { positions } = JSON.parse((await call('/api/positions')).text);
    const applyTo = positions.slice(0, 3);
    const switched = positions.at(-1);

    // The load, until `running` is false. No request is retried: each failure counts.
    let running = true;
    const acknowledged = [];
    const file = pdf(256 * 1024);
    let nextAddress = 0;
    const applicant = async (index) => {
      for (let n = 0; running; n += 1) {
        nextAddress += 1;
        const email = `upgrade-${index}-${n}@drill.test`;
        const result = await applyOnce({
          url: siteUrl,
          ca,
          email,
          positionId: applyTo[n % applyTo.length].id,
          file,
          // A client address of its own per application: rate limits count visitors, not the drill.
          localAddress: `127.${60 + Math.floor(nextAddress / 250)}.${nextAddress % 250}.${1 + index}`,
        });
        if (result.outcome === 'failed') {
          count(`apply: ${result.step}`, `${result.status || result.error}`);
          if (result.step === 'submit') count('apply: upload');
        } else {
          count('apply: upload');
          count('apply: submit');
          acknowledged.push(email);
        }
      }
    };
    const pages = ['/', '/careers', `/careers/apply/${applyTo[0].id}`, '/about', '/blog/1', '/docs', '/careers?q=engineer'];
    const visitor = async (index) => {
      for (let n = index; running; n += 1) {
        const page = await call(pages[n % pages.length], { headers: { 'Accept-Encoding': 'identity' } });
        count('visit: page', page.status === 200 ? undefined : `${page.status || page.error}`);
        const assets = [...new Set(page.text?.match(/\/_astro\/[^"'\s)<>]+/g) ?? [])];
        for (const asset of assets) {
          const reply = await call(asset);
          count('visit: asset', reply.status === 200 ? undefined : `${reply.status || reply.error} ${asset}`);
        }
      }
    };
    const admin = async () => {
      for (let n = 0; running; n += 1) {
        const list = await call('/admin/applications', { headers: { Cookie: cookie } });
        count('admin: applications list', list.status === 200 ? undefined : `${list.status || list.error}`);
        if (n % 5 === 4) {
          const edit = await call('/_actions/admin.setPositionActive', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, Origin: siteUrl },
            body: JSON.stringify({ positionId: switched.id, active: n % 10 !== 4 }),
          });
          count('admin: position switched off/on', edit.status >= 200 && edit.status < 300 ? undefined : `${edit.status || edit.error}`);
        }
        await sleep(200);
      }
    };
    const load = Promise.all([
      ...Array.from({ length: APPLICANTS }, (_, index) => applicant(index)),
      ...Array.from({ length: VISITORS }, (_, index) => visitor(index)),
      admin(),
    ]);

    console.log(
      `\nload: ${APPLICANTS} applicants, ${VISITORS} visitors and an admin through nginx; ${STEADY_MS / 1000} s on each mix of releases`,
    );
    await sleep(STEADY_MS);
    const steps = [];
    for (const [index, port] of ports.entries()) {
      const old = instances[index];
      const stopStarted = performance.now();
      await old.stop();
      const stoppedMs = performance.now() - stopStarted;
      const drained = old.lines.find((line) => line.msg === 'requests drained');
      const stopped = old.lines.find((line) => line.msg === 'stopped');
      const startStarted = performance.now();
      const fresh = await startSite({ port, env: envOf(index), name: `instance ${index + 1} (new)`, cwd: newDir, timeoutMs: 120_000 });
      sites.push(fresh);
      await waitFor(async () => (await fetch(`${fresh.url}/readyz`)).status === 200, { timeoutMs: 30_000 });
      instances[index] = fresh;
      const step = {
        instance: index + 1,
        drainMs: drained?.drainMs,
        cut: drained?.connectionsCut,
        jobsFinished: stopped?.jobsFinished,
        jobsHandedBack: stopped?.jobsHandedBack,
        stoppedMs,
        readyMs: performance.now() - startStarted,
      };
      steps.push(step);
      // As the procedure of docs/operations.md: nginx left the instance out for fail_timeout after its last
      // refused connection (it may be seconds before it was ready); the next one is stopped only
      // once nginx sends to this one again, or nginx would have no instance for a moment.
      await sleep(NGINX_FAIL_TIMEOUT_MS);
      console.log(
        `  instance ${step.instance}: SIGTERM → exited in ${(stoppedMs / 1000).toFixed(1)} s (requests drained in ${step.drainMs ?? '?'} ms, ${step.cut ?? '?'} connections cut; jobs ${step.jobsFinished ?? '?'} finished, ${step.jobsHandedBack ?? '?'} handed back); the new release ready ${(step.readyMs / 1000).toFixed(1)} s later`,
      );
      await sleep(STEADY_MS);
    }
    running = false;
    await load;

    console.log('\nrequests through nginx during the upgrade');
    let made = 0;
    let failed = 0;
    for (const [kind, row] of Object.entries(tally)) {
      made += row.made;
      failed += row.failed;
      const how = Object.entries(row.failures)
        .map(([what, times]) => `${times}× ${what}`)
        .join(', ');
      console.log(
        `  ${kind.padEnd(34)} ${String(row.made).padStart(6)} made  ${String(row.failed).padStart(4)} failed${how ? `  (${how.slice(0, 300)})` : ''}`,
      );
    }
    check(failed === 0, `${made} requests made, ${failed} failed`);
    // What nginx and the instances logged as errors: the first place to look when a request failed.
    // An error a page throws is printed by Astro on stderr, not in the JSON log.
    if (failed > 0) {
      const distinct = (lines) => [...new Set(lines.filter(Boolean))].slice(0, 6);
      const nginxErrors = readFileSync(join(dir, 'error.log'), 'utf8')
        .split('\n')
        .map((line) => line.replace(/^\S+ \S+ \[\w+\] \d+#\d+: \*\d+ /, '').replace(/client: .*$/, ''));
      for (const line of distinct(nginxErrors)) console.log(`       nginx logged: ${line.slice(0, 300)}`);
      for (const site of sites) {
        const logged = site.lines.filter((line) => (line.level ?? 50) >= 40).map((line) => `${line.msg} ${line.err?.message ?? ''}`.trim());
        for (const line of distinct([...logged, ...site.stderr().split('\n')]))
          console.log(`       ${site.name} logged: ${line.slice(0, 300)}`);
      }
    }

    const db = new pg.Client(database.url);
    await db.connect();
    try {
      const { rows: migrated } = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const { rows: column } = await db.query(
        `select count(*)::int as n from information_schema.columns where table_name = 'applications' and column_name = 'upgrade_drill_note'`,
      );
      check(
        migrated[0].n === newMigrations.length && column[0].n === 1,
        `the database is at the new release's schema (${migrated[0].n} of ${newMigrations.length} migrations, its new column there)`,
      );
      const storage = createS3Storage({
        endpoint: s3.endpoint,
        bucket: 'helixpoint-upgrade',
        region: 'us-east-1',
        ...S3_CREDENTIALS,
        forcePathStyle: true,
      });
      const { rows } = await db.query(
        'select a.email, u.storage_key, u.size from applications a join uploads u on u.id = a.resume_upload_id where a.email = any($1)',
        [acknowledged],
      );
      let withResume = 0;
      for (const row of rows) if ((await storage.exists(row.storage_key)) && Number(row.size) === file.length) withResume += 1;
      check(
        acknowledged.length > 0 && rows.length === acknowledged.length && withResume === acknowledged.length,
        `${acknowledged.length} applications acknowledged, ${rows.length} stored, ${withResume} with their resume`,
      );
      const confirmed = await waitFor(() => acknowledged.every((email) => smtp.received.some((message) => message.to.includes(email))), {
        timeoutMs: 120_000,
        intervalMs: 500,
      });
      const mailed = acknowledged.filter((email) => smtp.received.some((message) => message.to.includes(email))).length;
      check(Boolean(confirmed), `every applicant's confirmation e-mail sent (${mailed} of ${acknowledged.length})`);
    } finally {
      await db.end();
    }
    console.log(
      `\ndrain and restart per instance: ${steps.map((step) => `#${step.instance} drained ${step.drainMs ?? '?'} ms, exited ${(step.stoppedMs / 1000).toFixed(1)} s, new ready ${(step.readyMs / 1000).toFixed(1)} s`).join('; ')}`,
    );
    agent.destroy();
  } finally {
    for (const stop of stops.reverse())
      await Promise.resolve()
        .then(stop)
        .catch(() => {});
    if (process.env.UPGRADE_KEEP_DIR) console.log(`kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  const failedChecks = checks.filter((item) => !item.ok);
  console.log(
    `\nupgrade drill: ${checks.length - failedChecks.length} of ${checks.length} checks passed, ${((Date.now() - began) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failedChecks.length ? 1 : 0;
}

await main();
