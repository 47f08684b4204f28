// The faults drill: applicants apply in a loop (resume upload + submit) against the production
// build, with the embedded PostgreSQL, S3 storage (s3rver) and SMTP (a catcher), while
//   (1) the site is killed with SIGKILL and started again,
//   (2) only its database is killed (the site restarts it by itself),
//   (3) SMTP is down for a while,
//   (4) the S3 server is stopped and started.
// Prints each phase, then fails unless every acknowledged application is stored with its resume
// (byte for byte), the site was healthy again by itself after (2)-(4), no upload row lacks its
// file, and every queued e-mail arrived once SMTP was back.
//   npm run build && npm run bench:faults
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createS3Storage } from '../src/server/storage/s3-driver.ts';
import { freePort } from '../src/server/net.ts';
import { applyOnce, pdf } from './lib/applicant.mjs';
import { S3_CREDENTIALS, startS3, startSmtpCatcher } from './lib/services.mjs';
import { assertBuilt, healthStatus, sleep, startSite, waitFor } from './lib/site.mjs';

const CONCURRENCY = 3;
const HIRING = 'hiring@drill.test';
// Every e-mail arrives within this of the drill's end: those held by the SMTP outage go out with the
// first send that succeeds after it (src/server/jobs/mail-recovery.ts), not after their backoff; those
// a killed instance was sending expire after 30 s, are found within 15 s and retried 30 s later.
const EMAIL_WAIT_MS = 120_000;

const checks = [];
function check(ok, what) {
  checks.push({ ok, what });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

async function main() {
  assertBuilt();
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-faults-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  const [sitePort, s3Port, smtpPort] = [await freePort(), await freePort(), await freePort()];
  const s3 = await startS3({ port: s3Port, directory: join(dir, 's3'), bucket: 'helixpoint-drill' });
  const smtp = await startSmtpCatcher({ port: smtpPort });
  const env = {
    DATA_DIR: dataDir,
    SITE_URL: 'https://drill.helixpoint.example',
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    HIRING_EMAIL: HIRING,
    ...s3.env,
  };
  let site = await startSite({ port: sitePort, env, name: 'site' });
  const url = site.url;
  const { positions } = JSON.parse(await (await fetch(`${url}/api/positions`)).text());
  const file = pdf();
  const fileHash = createHash('sha256').update(file).digest('hex');

  // The load: each applicant tries until the site acknowledges (stored, or "already applied",
  // which means an earlier try was stored). Every try comes from a new client address, so rate
  // limits never stand in for a fault.
  const acknowledged = new Map();
  let phase = { name: 'warm-up', attempts: 0, acknowledged: 0, failures: {} };
  const phases = [];
  let stopping = false;
  let nextApplicant = 0;
  let nextClient = 0;
  const clientIp = () => {
    nextClient += 1;
    return `10.${(nextClient >> 16) & 255}.${(nextClient >> 8) & 255}.${nextClient & 255}`;
  };
  const worker = async () => {
    while (!stopping) {
      const index = nextApplicant++;
      const email = `drill-${index}@applicants.test`;
      const positionId = positions[index % positions.length].id;
      while (!stopping) {
        const result = await applyOnce({ url, email, positionId, file, clientIp: clientIp() });
        phase.attempts += 1;
        if (result.outcome !== 'failed') {
          acknowledged.set(email, { phase: phase.name, outcome: result.outcome });
          phase.acknowledged += 1;
          break;
        }
        const kind = `${result.step} ${result.status || result.error}`;
        phase.failures[kind] = (phase.failures[kind] ?? 0) + 1;
        await sleep(200);
      }
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);

  const runPhase = async (name, action) => {
    phase = { name, attempts: 0, acknowledged: 0, failures: {} };
    phases.push(phase);
    const phaseStarted = Date.now();
    console.log(`\n${name}`);
    const details = await action();
    phase.seconds = (Date.now() - phaseStarted) / 1000;
    const failures = Object.entries(phase.failures)
      .map(([kind, count]) => `${count}× ${kind}`)
      .join(', ');
    console.log(
      `  ${phase.seconds.toFixed(1)} s: ${phase.attempts} tries, ${phase.acknowledged} applications acknowledged${failures ? `; refused or failed: ${failures}` : ''}`,
    );
    if (details) console.log(`  ${details}`);
  };

  /** Health and the job board, every 50 ms until the site is healthy again. */
  const watchRecovery = async (timeoutMs) => {
    const seen = { health: new Set(), careers: new Set() };
    const healthy = await waitFor(
      async () => {
        const [health, careers] = await Promise.all([
          healthStatus(url),
          fetch(`${url}/careers`, { signal: AbortSignal.timeout(3_000) }).then(
            (response) => response.status,
            () => 0,
          ),
        ]);
        seen.health.add(health);
        seen.careers.add(careers);
        return health === 200 && careers === 200 && seen.health.has(503);
      },
      { timeoutMs, intervalMs: 50 },
    );
    return { healthy: Boolean(healthy), seen };
  };

  try {
    await runPhase('warm-up: applicants applying', () => sleep(3_000));

    await runPhase('(1) the site is killed with SIGKILL and started again', async () => {
      await sleep(2_000);
      const killedAt = Date.now();
      await site.kill();
      site = await startSite({ port: sitePort, env, name: 'site' });
      const back = (Date.now() - killedAt) / 1000;
      await sleep(2_000);
      check(true, `site back and healthy ${back.toFixed(1)} s after SIGKILL (orphaned PostgreSQL taken over)`);
      return `started again in ${back.toFixed(1)} s`;
    });

    await runPhase('(2) only the database is killed (SIGKILL to the embedded PostgreSQL)', async () => {
      await sleep(1_000);
      const postgresPid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const killedAt = Date.now();
      process.kill(postgresPid, 'SIGKILL');
      const { healthy, seen } = await watchRecovery(60_000);
      const healedIn = (Date.now() - killedAt) / 1000;
      const ackBefore = phase.acknowledged;
      await sleep(2_000);
      check(healthy, `healthy again by itself after ${healedIn.toFixed(1)} s (/healthz seen: ${[...seen.health].join(', ')})`);
      check(
        seen.careers.has(503) && !seen.careers.has(500),
        `/careers answered the 503 page while the database was away (seen: ${[...seen.careers].join(', ')})`,
      );
      check(phase.acknowledged > ackBefore, 'applications acknowledged again after the restart (pool and job queue recovered)');
      return `PostgreSQL pid ${postgresPid} killed; restarts logged: ${site.lines.filter((line) => /restart attempt/.test(line.msg)).length}`;
    });

    await runPhase('(3) SMTP is down for 5 s', async () => {
      const sentBefore = smtp.received.length;
      await smtp.stop();
      const health = new Set();
      const until = Date.now() + 5_000;
      while (Date.now() < until) {
        health.add(await healthStatus(url));
        await sleep(250);
      }
      const recoveriesBefore = site.lines.filter((line) => /mail server back/.test(line.msg)).length;
      await smtp.start();
      const back = Date.now();
      check(health.size === 1 && health.has(200), `site healthy throughout the SMTP outage (/healthz seen: ${[...health].join(', ')})`);
      // The e-mails that failed during the outage are sent with the first one that succeeds after it.
      const recovered = await waitFor(() => site.lines.filter((line) => /mail server back/.test(line.msg)).slice(recoveriesBefore)[0], {
        timeoutMs: 15_000,
      });
      check(
        Boolean(recovered),
        recovered
          ? `the e-mails the outage held (${recovered.count}) were due again ${((Date.now() - back) / 1000).toFixed(1)} s after SMTP was back, not after their backoff`
          : 'the e-mails the outage held were not brought forward within 15 s of SMTP being back',
      );
      return `${sentBefore} e-mails received before the outage; failed sends wait in the queue and retry`;
    });

    await runPhase('(4) the S3 server is stopped for 4 s and started again', async () => {
      await s3.stop();
      await sleep(4_000);
      const refused = phase.failures['upload 503'] ?? 0;
      await s3.start();
      const ackBefore = phase.acknowledged;
      const recovered = await waitFor(() => phase.acknowledged > ackBefore, { timeoutMs: 30_000 });
      await sleep(1_000);
      check(refused > 0, `uploads answered 503 while S3 was down (${refused})`);
      check(
        !Object.keys(phase.failures).some((kind) => /^upload 500/.test(kind)),
        'no upload answered 500 during the outage (only the clear 503)',
      );
      check(
        Boolean(recovered) && (await healthStatus(url)) === 200,
        'uploads and applications work again once S3 is back, without a restart',
      );
    });
  } finally {
    stopping = true;
    await Promise.all(workers);
  }

  console.log('\nafter the drill');
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = Number(readFileSync(join(dataDir, 'postgres.port'), 'utf8'));
  const db = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'helixpoint' });
  await db.connect();
  const storage = createS3Storage({
    endpoint: s3.endpoint,
    bucket: 'helixpoint-drill',
    region: 'us-east-1',
    ...S3_CREDENTIALS,
    forcePathStyle: true,
  });
  try {
    const emails = [...acknowledged.keys()];
    const { rows } = await db.query(
      `select a.email, u.storage_key, u.size from applications a join uploads u on u.id = a.resume_upload_id where a.email = any($1)`,
      [emails],
    );
    let intact = 0;
    for (const row of rows) {
      const object = await storage.get(row.storage_key).catch(() => null);
      if (!object) continue;
      const hash = createHash('sha256');
      for await (const chunk of object.body) hash.update(chunk);
      if (hash.digest('hex') === fileHash && Number(row.size) === file.length) intact += 1;
    }
    const counts = phases.map((p) => `${p.name.split(' ')[0]} ${p.acknowledged}`).join(', ');
    check(
      rows.length === emails.length && intact === emails.length,
      `every acknowledged application is stored with its resume, byte for byte: ${intact} of ${emails.length} (by phase: ${counts})`,
    );

    const { rows: uploadRows } = await db.query('select storage_key from uploads');
    let rowsWithoutFile = 0;
    for (let index = 0; index < uploadRows.length; index += 20) {
      const found = await Promise.all(uploadRows.slice(index, index + 20).map((row) => storage.exists(row.storage_key)));
      rowsWithoutFile += found.filter((exists) => !exists).length;
    }
    const orphans = await objectsWithoutRow(storage, new Set(uploadRows.map((row) => row.storage_key)));
    check(rowsWithoutFile === 0, `no upload row without its file (${uploadRows.length} rows; ${orphans})`);

    const emailWaitStarted = Date.now();
    const delivered = await waitFor(
      () => {
        const to = new Set(smtp.received.flatMap((message) => message.to));
        const hiring = smtp.received.filter((message) => message.to.includes(HIRING)).length;
        return emails.every((email) => to.has(email)) && hiring >= rows.length;
      },
      { timeoutMs: EMAIL_WAIT_MS, intervalMs: 500 },
    );
    const to = new Set(smtp.received.flatMap((message) => message.to));
    check(
      Boolean(delivered),
      `every queued e-mail arrived after SMTP returned: confirmations ${emails.filter((email) => to.has(email)).length} of ${emails.length}, hiring notices ${smtp.received.filter((message) => message.to.includes(HIRING)).length} for ${rows.length} applications (waited ${((Date.now() - emailWaitStarted) / 1000).toFixed(0)} s after the drill, at most ${EMAIL_WAIT_MS / 1000})`,
    );
    if (!delivered) {
      // What still waits, and why: each e-mail job not yet completed, with its state and last failure.
      const { rows: waiting } = await db.query(
        `select state, retry_count, start_after - now() as due_in, output from pgboss.job where name = 'send-email' and state <> 'completed'`,
      );
      for (const job of waiting)
        console.log(
          `    waiting: ${job.state}, tried ${job.retry_count}, due in ${JSON.stringify(job.due_in)}, ${JSON.stringify(job.output)}`,
        );
    }
    check((await healthStatus(url)) === 200, 'the site is healthy at the end');
  } finally {
    await db.end();
    await site.stop();
    await s3.stop().catch(() => {});
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const failed = checks.filter((item) => !item.ok);
  console.log(
    `\nfaults drill: ${checks.length - failed.length} of ${checks.length} checks passed, ${acknowledged.size} applications acknowledged, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

/**
 * How many stored objects no upload row names (uploads cut off by the faults; the daily cleanup
 * takes them), as a note. s3rver is not crash-safe: an object whose metadata file was being
 * written when the drill stopped it is left half-written, and every later listing of the bucket
 * answers 500; a real S3 writes an object whole or not at all. The rows are checked one by one
 * above, so the check does not depend on the listing.
 */
async function objectsWithoutRow(storage, rowKeys) {
  try {
    const keys = await storage.listOlderThan('', new Date(Date.now() + 3600_000));
    return `${keys.filter((key) => !rowKeys.has(key)).length} of ${keys.length} objects without a row`;
  } catch (error) {
    return `the bucket could not be listed (${error?.name ?? error}: s3rver left an object half-written when it was stopped)`;
  }
}

await main();
