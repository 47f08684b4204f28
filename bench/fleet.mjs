// The fleet drill: one PostgreSQL (an embedded one started here, as a first process would),
// one S3-compatible server (s3rver), an SMTP catcher, N instances of the production build
// (default 2) with DATABASE_URL and STORAGE_DRIVER=s3, behind Debian's nginx started with
// deploy/nginx.conf (its addresses and certificate replaced by this run's). Shows:
//   - a session made through one instance works on the other;
//   - rate limits are shared;
//   - each scheduled job runs once per tick, whichever instance takes it;
//   - the 50-applicant load through nginx with N instances against 1 (req/s and p95);
//   - one instance killed mid-load: nothing acknowledged is lost, nginx fails over;
//   - nginx answers the build's hashed files (/_astro/) itself once sent, and the pages that are
//     the same for everybody for a second at a time; never the careers pages or whoever sends a cookie.
//   npm run build && npm run bench:fleet [-- --instances 2 --applicants 50]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { CLEANUP_UPLOADS } from '../src/server/uploads/module.ts';
import { freePort } from '../src/server/net.ts';
import { rateLimitPolicies } from '../src/server/rate-limit.ts';
import { createS3Storage } from '../src/server/storage/s3-driver.ts';
import { applyOnce, pdf, percentile, send } from './lib/applicant.mjs';
import { S3_CREDENTIALS, startFleetServices } from './lib/services.mjs';
import { assertBuilt, sleep, startSite, waitFor } from './lib/site.mjs';
import { deployedSiteConfig, nginxForDrill, nginxMainConfig, selfSignedCertificate } from './lib/nginx.mjs';

const { values } = parseArgs({
  options: { instances: { type: 'string', default: '2' }, applicants: { type: 'string', default: '50' } },
});
const INSTANCES = Math.max(2, Number(values.instances) || 2);
const APPLICANTS = Number(values.applicants) || 50;

const checks = [];
function check(ok, what) {
  checks.push({ ok, what });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

async function main() {
  assertBuilt();
  const nginx = nginxForDrill('fleet');
  if (!nginx) return;
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-fleet-'));
  chmodSync(dir, 0o755);
  const stops = [];
  try {
    // The shared parts.
    const { database, s3, httpPort, httpsPort, siteUrl, shared } = await startFleetServices({ dir, bucket: 'helixpoint-fleet', stops });
    // All at once, as systemd starts them at boot: one migrates and seeds, the others wait for it.
    const instances = await Promise.all(
      Array.from({ length: INSTANCES }, async (_, index) =>
        startSite({
          port: await freePort(),
          env: { ...shared, DATA_DIR: join(dir, `instance-${index + 1}`) },
          name: `instance ${index + 1}`,
        }),
      ),
    );
    for (const instance of instances) stops.push(() => instance.stop());
    console.log(
      `fleet: ${INSTANCES} instances started together on ports ${instances.map((instance) => instance.port).join(', ')}, one PostgreSQL, one S3 bucket, one SMTP server`,
    );

    // nginx, with deploy/nginx.conf.
    const { cert, key, ca } = selfSignedCertificate(dir);
    const writeSiteConfig = (ports) =>
      writeFileSync(join(dir, 'helixpoint.conf'), deployedSiteConfig({ httpPort, httpsPort, ports, cert, key, cacheDir: dir }));
    writeSiteConfig(instances.map((instance) => instance.port));
    writeFileSync(
      join(dir, 'nginx.conf'),
      nginxMainConfig(
        dir,
        `  access_log ${dir}/access.log;
  include ${dir}/helixpoint.conf;`,
      ),
    );
    const nginxArgs = ['-p', dir, '-c', join(dir, 'nginx.conf')];
    const test = spawnSync(nginx, [...nginxArgs, '-t'], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
    const nginxProcess = spawn(nginx, [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
    stops.push(async () => {
      nginxProcess.kill('SIGQUIT');
      await new Promise((resolve) => nginxProcess.once('exit', resolve));
    });
    const reload = async (ports) => {
      writeSiteConfig(ports);
      execFileSync(nginx, [...nginxArgs, '-s', 'reload'], { stdio: 'ignore' });
      await sleep(1_000); // old workers finish, new ones take the new upstream list
    };
    const through = (path, options = {}) => send(`${siteUrl}${path}`, { ca, ...options });
    if (!(await waitFor(async () => (await through('/healthz')).status === 200, { timeoutMs: 15_000 })))
      throw new Error('nginx did not answer');
    console.log(
      `nginx ${execFileSync(nginx, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) || ''}`.trim() +
        ` on ${siteUrl} (and http://127.0.0.1:${httpPort} → https), deploy/nginx.conf`,
    );

    const [a, b] = instances;

    console.log("\nnginx keeps the build's hashed files, and pages that are the same for everybody for a second");
    {
      // How many requests for `path` the instances answered: their request log lines, read once
      // a marker asked of each afterwards has come through (their logs arrive through pipes).
      let markers = 0;
      const askedFor = async (path) => {
        markers += 1;
        const marker = `/drill-marker-${markers}`;
        for (const instance of instances) await send(`${instance.url}${marker}`);
        await waitFor(() => instances.every((instance) => instance.lines.some((line) => line.path === marker)), { timeoutMs: 10_000 });
        return instances.reduce(
          (count, instance) => count + instance.lines.filter((line) => line.msg === 'request' && line.path === path).length,
          0,
        );
      };
      const burst = async (path, headers = {}) => {
        const before = await askedFor(path);
        const began = Date.now();
        const answers = [];
        for (let index = 0; index < 20; index += 1)
          answers.push(await through(path, { headers: { 'Accept-Encoding': 'gzip', ...headers } }));
        return {
          ok: answers.every((answer) => answer.status === 200),
          etags: new Set(answers.map((answer) => answer.headers.etag)).size,
          asked: (await askedFor(path)) - before,
          ms: Date.now() - began,
        };
      };
      const asset = /\/_astro\/[^"'\s]+\.(?:css|js)/.exec((await through('/')).text)?.[0];
      const assets = await burst(asset ?? '/_astro/none.js');
      check(
        Boolean(asset) && assets.ok && assets.etags === 1 && assets.asked <= 1,
        `${asset ?? 'no asset found on /'}: 20 requests through nginx answered 200 with one ETag; the instances were asked ${assets.asked} time(s)`,
      );
      const about = await burst('/about');
      // Kept from its second request on, for a second at a time.
      const allowed = 2 + Math.ceil(about.ms / 1000);
      check(
        about.ok && about.asked <= allowed,
        `/about: 20 requests through nginx in ${about.ms} ms reached the instances ${about.asked} times (at most ${allowed}: from the second request on, once a second)`,
      );
      await sleep(1_100); // the second the answer allows is over: the next request asks an instance again
      const before = await askedFor('/about');
      await through('/about');
      const revalidated = (await askedFor('/about')) - before;
      check(revalidated === 1, `/about after its second was over: the instances were asked again (${revalidated} time)`);
      const signedIn = await burst('/about', { Cookie: 'drill=1' });
      check(signedIn.ok && signedIn.asked === 20, `/about with a cookie: all 20 requests reached the instances (${signedIn.asked})`);
      const board = await burst('/careers');
      check(
        board.ok && board.asked === 20,
        `/careers (the visit's source, each view counted): all 20 requests reached the instances (${board.asked})`,
      );
    }

    // Each scheduled job runs once: the daily clean-up is set to every minute for this run.
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', supervise: false, schedule: false });
    await boss.start();
    await boss.schedule(CLEANUP_UPLOADS, '* * * * *');
    const scheduleFrom = Date.now();

    console.log('\na session made through one instance works on the other');
    {
      execFileSync(
        process.execPath,
        ['scripts/admin-create.mjs', '--email', 'fleet-admin@helixpoint.example', '--password', 'fleet-drill-password-1'],
        {
          env: { ...process.env, ...shared, DATA_DIR: join(dir, 'admin-create') },
          stdio: 'ignore',
        },
      );
      const signIn = await send(`${a.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: a.url, 'X-Forwarded-For': '192.0.2.10' },
        body: JSON.stringify({ email: 'fleet-admin@helixpoint.example', password: 'fleet-drill-password-1' }),
      });
      const cookie = [signIn.headers['set-cookie'] ?? []]
        .flat()
        .map((line) => line.split(';')[0])
        .join('; ');
      const onB = JSON.parse((await send(`${b.url}/api/session`, { headers: { Cookie: cookie } })).text);
      const admin = await send(`${b.url}/admin`, { headers: { Cookie: cookie } });
      check(
        signIn.status === 200 && onB.signedIn === true,
        `signed in on instance 1 (${signIn.status}), instance 2 knows the session: ${JSON.stringify(onB)}`,
      );
      check(
        admin.status !== 303 || !String(admin.headers.location).startsWith('/auth'),
        `instance 2 lets the admin past the admin check (answer ${admin.status}${admin.headers.location ? ` → ${admin.headers.location}` : ''})`,
      );
    }

    console.log('\nrate limits are shared');
    {
      // The first limit a client trying one address meets: per address and network (src/server/rate-limit.ts).
      const limit = rateLimitPolicies.signInAddressNetwork.points;
      const statuses = [];
      for (let attempt = 0; attempt <= limit; attempt += 1) {
        const instance = instances[attempt % instances.length];
        const reply = await send(`${instance.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: instance.url, 'X-Forwarded-For': '198.51.100.99' },
          body: JSON.stringify({ email: 'nobody@helixpoint.example', password: 'wrong-password-123' }),
        });
        statuses.push(reply.status);
      }
      check(
        statuses.slice(0, limit).every((status) => status !== 429) && statuses[limit] === 429,
        `${limit} sign-in attempts from one client alternating between the instances, attempt ${limit + 1} refused: ${statuses.join(' ')}`,
      );
    }

    const positions = JSON.parse((await through('/api/positions')).text).positions;
    const file = pdf(1024 * 1024);
    /** `count` applicants at once through nginx, each from its own loopback address. */
    const load = async (label, subnet, { onProgress, retries = 0 } = {}) => {
      const requestTimes = [];
      const acknowledged = [];
      const failures = {};
      let nextAddress = 0;
      const begun = performance.now();
      await Promise.all(
        Array.from({ length: APPLICANTS }, async (_, index) => {
          const email = `${label}-${index}@fleet.test`;
          for (let attempt = 0; attempt <= retries; attempt += 1) {
            nextAddress += 1;
            const localAddress = `127.${subnet + Math.floor(nextAddress / 250)}.${nextAddress % 250}.${1 + (index % 250)}`;
            const result = await applyOnce({
              url: siteUrl,
              ca,
              email,
              positionId: positions[index % positions.length].id,
              file,
              localAddress,
            });
            if (result.timings) requestTimes.push(...result.timings);
            if (result.outcome !== 'failed') {
              acknowledged.push(email);
              onProgress?.(acknowledged.length);
              return;
            }
            const kind = `${result.step} ${result.status || result.error}`;
            failures[kind] = (failures[kind] ?? 0) + 1;
            await sleep(100);
          }
        }),
      );
      const seconds = (performance.now() - begun) / 1000;
      return {
        acknowledged,
        failures,
        seconds,
        requests: requestTimes.length,
        rps: requestTimes.length / seconds,
        p95: percentile(requestTimes, 95),
        p50: percentile(requestTimes, 50),
      };
    };

    console.log(`\n${APPLICANTS} applicants at once through nginx (1 MB resume upload + submit each), ${INSTANCES} instances against 1`);
    // Warm both instances first (code paths compiled, pools filled), so neither run pays for it.
    await load('warm-up', 40);
    const fleetRun = await load('fleet', 10);
    await reload([a.port]);
    const singleRun = await load('single', 20);
    await reload(instances.map((instance) => instance.port));
    const row = (name, run) =>
      `  ${name.padEnd(12)} ${run.rps.toFixed(1).padStart(6)} req/s  p50 ${Math.round(run.p50).toString().padStart(5)} ms  p95 ${Math.round(run.p95).toString().padStart(5)} ms  ${run.acknowledged.length}/${APPLICANTS} acknowledged in ${run.seconds.toFixed(1)} s`;
    console.log(row(`${INSTANCES} instances`, fleetRun));
    console.log(row('1 instance', singleRun));
    console.log(
      `  (${INSTANCES} instances: ${(fleetRun.rps / singleRun.rps).toFixed(2)}× the requests per second of 1, on this ${execFileSync('nproc', { encoding: 'utf8' }).trim()}-core machine that also runs PostgreSQL, S3, nginx and the load)`,
    );
    check(
      fleetRun.acknowledged.length === APPLICANTS && singleRun.acknowledged.length === APPLICANTS,
      'every applicant of both runs acknowledged',
    );

    console.log('\none instance killed (SIGKILL) mid-load');
    let killedAt;
    let ackAtKill = 0;
    const killRun = await load('failover', 30, {
      retries: 5,
      onProgress: (count) => {
        if (!killedAt && count >= Math.floor(APPLICANTS / 5)) {
          killedAt = Date.now();
          ackAtKill = count;
          void b.kill();
        }
      },
    });
    const failed =
      Object.entries(killRun.failures)
        .map(([kind, count]) => `${count}× ${kind}`)
        .join(', ') || 'none';
    console.log(`  instance 2 killed after ${ackAtKill} acknowledgements; failed tries (each retried by its applicant): ${failed}`);
    check(
      killRun.acknowledged.length === APPLICANTS,
      `all ${APPLICANTS} applicants acknowledged, ${killRun.acknowledged.length - ackAtKill} of them after the kill: nginx sent them to instance 1`,
    );
    const afterKill = await Promise.all(Array.from({ length: 10 }, () => through('/careers').then((reply) => reply.status)));
    check(
      afterKill.every((status) => status === 200),
      `10 page requests after the kill all answered 200 through nginx (${afterKill.join(' ')})`,
    );

    console.log('\nnothing acknowledged is lost');
    {
      const db = new pg.Client(database.url);
      await db.connect();
      const storage = createS3Storage({
        endpoint: s3.endpoint,
        bucket: 'helixpoint-fleet',
        region: 'us-east-1',
        ...S3_CREDENTIALS,
        forcePathStyle: true,
      });
      const emails = [...fleetRun.acknowledged, ...singleRun.acknowledged, ...killRun.acknowledged];
      // (the warm-up's applicants are stored too; they are not counted here)
      const { rows } = await db.query(
        'select a.email, u.storage_key, u.size from applications a join uploads u on u.id = a.resume_upload_id where a.email = any($1)',
        [emails],
      );
      let present = 0;
      for (const row of rows) if ((await storage.exists(row.storage_key)) && Number(row.size) === file.length) present += 1;
      check(
        rows.length === emails.length && present === emails.length,
        `${present} of ${emails.length} acknowledged applications stored with their resume in the shared bucket`,
      );

      // Each minute's clean-up job was created once and run by one instance.
      const waited = await waitFor(
        async () => {
          const { rows: jobs } = await db.query(`select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`, [
            CLEANUP_UPLOADS,
          ]);
          return jobs[0].n >= 2 && Date.now() - scheduleFrom > 60_000;
        },
        { timeoutMs: 150_000, intervalMs: 1_000 },
      );
      const { rows: ticks } = await db.query(
        `select date_trunc('minute', created_on) as minute, count(*)::int as jobs from pgboss.job where name = $1 group by 1 order by 1`,
        [CLEANUP_UPLOADS],
      );
      const runs = instances.map((instance) => instance.lines.filter((line) => line.msg === 'abandoned uploads cleaned up').length);
      const completed = (
        await db.query(`select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`, [CLEANUP_UPLOADS])
      ).rows[0].n;
      check(
        Boolean(waited) && ticks.every((tick) => tick.jobs === 1) && runs.reduce((sum, n) => sum + n, 0) === completed,
        `scheduled clean-up (every minute for this run): ${ticks.length} ticks, jobs per tick ${ticks.map((tick) => tick.jobs).join(', ')}; runs per instance ${runs.join(' + ')} = ${completed} completed jobs`,
      );
      await db.end();
    }
    await boss.stop({ graceful: false });
  } finally {
    for (const stop of stops.reverse())
      await Promise.resolve()
        .then(stop)
        .catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
  const failedChecks = checks.filter((item) => !item.ok);
  console.log(
    `\nfleet drill: ${checks.length - failedChecks.length} of ${checks.length} checks passed, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failedChecks.length ? 1 : 0;
}

await main();
