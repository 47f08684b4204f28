// The hostile-traffic drill: applicants apply in a loop against the production build (embedded
// PostgreSQL, file storage, an SMTP catcher) while a hostile client sends, over and over:
//   - bodies over their route's limits: an 11 MB form of 170,000 parts to /auth (declared, and
//     chunked without a length), a 10 MB JSON to /api/auth/sign-out, a form of 170,000 fields,
//     a small form of 6,000 fields, JSON nested 100,000 deep;
//   - NUL bytes in the contact and apply actions, the password reset and /api/positions?q=;
//   - JSON writes from a foreign Origin and a sibling site;
// and, once, uploads up to its quota from addresses of one IPv6 /64, and e-mail to one address
// through every form from many client addresses (a sign-up, sign-ins, job alerts, resets): three
// streams of requests, each one request at a time. Then the mail attack (issue 50,
// bench/lib/mail-attack.mjs): 100 idle connections to the reply receiver from one client and four
// 24 MB mails at once to the live reply address of an applicant's acknowledgement, with the
// server's resident memory (and its mail reader's) sampled and /healthz probed (under 200 ms).
// It prints /healthz's p99 during the attack, as the probe saw it and as the server timed it (the
// latter must stay under 50 ms), the applications lost (0),
// the e-mails the target got (within its budget of 5 an hour), the bytes the hostile client stored
// (within its 50 MB quota), and fails unless every figure holds, no request answered 5xx, the
// log has no error, and no submitted value reached the log.
//   npm run build && npm run bench:hostile   (DRILL_DEBUG=1 also lists each request the server took over 100 ms for)
import { mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { availableParallelism, loadavg, setPriority } from 'node:os';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../src/server/net.ts';
import { applyOnce, pdf, percentile } from './lib/applicant.mjs';
import { startSmtpCatcher } from './lib/services.mjs';
import { mailAttack } from './lib/mail-attack.mjs';
import { startHealthProbe } from './lib/health-probe.mjs';
import { assertBuilt, sleep, startSite, waitFor } from './lib/site.mjs';
import { uploadClientKey } from '../src/server/uploads/quota.ts';

const APPLICANTS = 2;
const WARM_UP_MS = 3_000;
const BASELINE_MS = 5_000;
const ATTACK_MS = 15_000;
const P99_LIMIT_MS = 50;
// The mail attack: /healthz as the probe sees it, and what the server's resident memory may grow by.
const MAIL_HEALTH_LIMIT_MS = 200;
const MAIL_MEMORY_GROWTH_MB = 60;
const TARGET = 'target@victim.example';
const MAIL_BUDGET_PER_HOUR = 5;
const CLIENT_QUOTA_BYTES = 50 * 1024 * 1024;
// Strings the hostile client submits: none may appear in any log line.
const MARKER = 'HOSTILEMARKER';

const checks = [];
function check(ok, what) {
  checks.push({ ok, what });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
}

/** One request on its own connection. `chunked` sends the body in pieces without a length. */
function post(url, { method = 'POST', headers = {}, body, chunked = false }) {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  return new Promise((resolve) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: { ...(payload && !chunked ? { 'Content-Length': String(payload.length) } : {}), ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
        );
        res.on('error', () => resolve({ status: res.statusCode ?? 0, text: '', ms: performance.now() - started }));
      },
    );
    // The server answers a refused body before it has all of it, and closes: the rest is not sent.
    req.on('error', (error) => resolve({ status: 0, text: String(error.code ?? error.message), ms: performance.now() - started }));
    if (payload && chunked) {
      const write = (at) => {
        while (at < payload.length) {
          const more = req.write(payload.subarray(at, at + 256 * 1024));
          at += 256 * 1024;
          if (!more) return void req.once('drain', () => write(at));
        }
        req.end();
      };
      write(0);
    } else req.end(payload);
  });
}

function multipart(parts) {
  const boundary = '----hostileBoundary';
  const chunks = [];
  for (let index = 0; index < parts; index += 1)
    chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`);
  chunks.push(`--${boundary}--\r\n`);
  return { body: Buffer.from(chunks.join('')), type: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  assertBuilt();
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-hostile-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'data');
  const [sitePort, smtpPort, receiverPort] = [await freePort(), await freePort(), await freePort()];
  const smtp = await startSmtpCatcher({ port: smtpPort });
  const site = await startSite({
    port: sitePort,
    name: 'site',
    env: {
      DATA_DIR: dataDir,
      SITE_URL: 'https://drill.helixpoint.example',
      TRUST_PROXY: '1',
      SMTP_URL: smtp.url,
      HIRING_EMAIL: 'hiring@drill.test',
      // Replies come in on the built-in receiver (on loopback, as HOST is).
      INBOUND_SMTP_PORT: String(receiverPort),
    },
  });
  const url = site.url;
  const own = { Origin: url };
  const { positions } = JSON.parse(await (await fetch(`${url}/api/positions`)).text());
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const db = new pg.Client({
    host: '127.0.0.1',
    port: Number(readFileSync(join(dataDir, 'postgres.port'), 'utf8')),
    user: 'postgres',
    password,
    database: 'helixpoint',
  });
  await db.connect();
  // The attackers' and applicants' CPU is not the server's in production: on this machine they
  // share its two cores, so the drill's own threads (this one, and the workers it starts from now
  // on, which inherit it) yield to the server and its database, started above at the normal
  // priority. Without it, the server's p99 measured the drill's clients as much as the server
  // (42 to 56 ms between runs of the same build; 35 to 45 ms with it).
  setPriority(10);

  const probe = () => startHealthProbe(url, 20);

  try {
    // Applicants: each from an address of its own, as people on different networks are.
    let stopping = false;
    let clients = 0;
    const applicantIp = () => {
      clients += 1;
      return `10.20.${(clients >> 8) & 255}.${clients & 255}`;
    };
    const acknowledged = [];
    const applicantFailures = {};
    let attempts = 0;
    const file = pdf();
    const applicant = async (worker) => {
      for (let index = 0; !stopping; index += 1) {
        const email = `applicant-${worker}-${index}@drill.test`;
        const result = await applyOnce({ url, email, positionId: positions[index % positions.length].id, file, clientIp: applicantIp() });
        attempts += 1;
        if (result.outcome === 'stored') acknowledged.push(email);
        else {
          const kind = `${result.step} ${result.status || result.error}`;
          applicantFailures[kind] = (applicantFailures[kind] ?? 0) + 1;
        }
      }
    };

    // The hostile client's requests, by what they are; every answer is kept by kind.
    const answers = {};
    const note = (kind, reply) => {
      (answers[kind] ??= []).push(reply);
      return reply;
    };
    const hostileIp = { 'X-Forwarded-For': '2001:db8:bad:1::1' };
    const bigForm = multipart(170_000);
    const bigJson = Buffer.from(JSON.stringify({ padding: 'x'.repeat(10 * 1024 * 1024) }));
    const manyFields = Buffer.from(Array.from({ length: 170_000 }, (_, index) => `f${index}=1`).join('&'));
    const someFields = Buffer.from(Array.from({ length: 6_000 }, (_, index) => `f${index}=1`).join('&'));
    const deepJson = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const form = 'application/x-www-form-urlencoded';
    const json = 'application/json';
    const nulContact = {
      first_name: `Nul\u0000${MARKER}`,
      last_name: `Byte\u0000${MARKER}`,
      email: `${MARKER.toLowerCase()}@example.dev`,
      phone: '',
      reason: 'support',
      message: `select * from users; --\u0000${MARKER}`,
      attachment_upload_id: '',
      company_website: '',
    };

    // One hostile client, one request after another (each on a new connection), round after round.
    const hostile = [
      [
        '11 MB form of 170,000 parts to /auth',
        () => post(`${url}/auth`, { headers: { ...hostileIp, ...own, 'Content-Type': bigForm.type }, body: bigForm.body }),
      ],
      [
        'the same, chunked without a length',
        () => post(`${url}/auth`, { headers: { ...hostileIp, ...own, 'Content-Type': bigForm.type }, body: bigForm.body, chunked: true }),
      ],
      [
        '10 MB JSON to /api/auth/sign-out',
        () => post(`${url}/api/auth/sign-out`, { headers: { ...hostileIp, 'Content-Type': json }, body: bigJson }),
      ],
      [
        'a form of 170,000 fields',
        () => post(`${url}/auth`, { headers: { ...hostileIp, ...own, 'Content-Type': form }, body: manyFields }),
      ],
      [
        'a 40 KB form of 6,000 fields',
        () => post(`${url}/auth`, { headers: { ...hostileIp, ...own, 'Content-Type': form }, body: someFields }),
      ],
      [
        'JSON nested 100,000 deep',
        () => post(`${url}/_actions/contact`, { headers: { ...hostileIp, 'Content-Type': json }, body: deepJson }),
      ],
      [
        'NUL bytes in the contact action',
        () => post(`${url}/_actions/contact`, { headers: { ...hostileIp, 'Content-Type': json }, body: JSON.stringify(nulContact) }),
      ],
      [
        'NUL bytes in the apply action',
        () =>
          post(`${url}/_actions/apply`, {
            headers: { ...hostileIp, 'Content-Type': json },
            body: JSON.stringify({ ...nulContact, position_id: positions[0].id, cover_letter: `\u0000${MARKER}` }),
          }),
      ],
      [
        'NUL bytes in a password reset',
        () =>
          post(`${url}/api/auth/request-password-reset`, {
            headers: { ...hostileIp, 'Content-Type': json },
            body: JSON.stringify({ email: `a\u0000${MARKER}@example.dev`, redirectTo: '/auth/reset-password' }),
          }),
      ],
      ['/api/positions?q=%00', () => post(`${url}/api/positions?q=%00${MARKER}`, { method: 'GET', headers: hostileIp })],
      [
        'a JSON action from a foreign Origin',
        () =>
          post(`${url}/_actions/admin.saveHeardAboutOptions`, {
            headers: { ...hostileIp, 'Content-Type': json, Origin: 'http://evil.example' },
            body: JSON.stringify({ options: [] }),
          }),
      ],
      [
        'a JSON write from a sibling site (Sec-Fetch-Site: same-site)',
        () =>
          post(`${url}/api/auth/sign-out`, { headers: { ...hostileIp, 'Content-Type': json, 'Sec-Fetch-Site': 'same-site' }, body: '{}' }),
      ],
    ];

    // Uploads up to the quota: 12 files of 10 MB, one after another, from addresses of one /64.
    const uploadRound = async () => {
      const tenMb = pdf(10 * 1024 * 1024);
      for (let n = 0; n < 12; n += 1) {
        const headers = {
          'X-Forwarded-For': `2001:db8:bad:1::${(n + 16).toString(16)}`,
          'Content-Type': 'application/pdf',
          'X-File-Name': 'a.pdf',
        };
        note('10 MB uploads from one /64', await post(`${url}/api/uploads?purpose=resume`, { headers, body: tenMb }));
      }
    };

    // E-mail to one address, from many client addresses (as a botnet would) through every form.
    let botnet = 0;
    const bot = () => ({ 'X-Forwarded-For': `172.16.${(++botnet >> 8) & 255}.${botnet & 255}` });
    const mailRound = async () => {
      const account = {
        email: TARGET,
        password: 'correct horse battery staple',
        name: 'x',
        username: 'victim',
        firstName: 'Vic',
        lastName: 'Tim',
      };
      note(
        'mail: sign-up',
        await post(`${url}/api/auth/sign-up/email`, { headers: { ...bot(), 'Content-Type': json }, body: JSON.stringify(account) }),
      );
      for (let index = 0; index < 8; index += 1) {
        note(
          'mail: sign-in to the unverified account',
          await post(`${url}/api/auth/sign-in/email`, {
            headers: { ...bot(), 'Content-Type': json },
            body: JSON.stringify({ email: TARGET, password: account.password }),
          }),
        );
      }
      for (let index = 0; index < 20; index += 1) {
        const body = new URLSearchParams({ email: TARGET, location: `City ${index}` }).toString();
        note(
          'mail: job alert subscriptions',
          await post(`${url}/careers/alerts`, { headers: { ...bot(), ...own, 'Content-Type': form }, body }),
        );
      }
      for (let index = 0; index < 10; index += 1) {
        const body = JSON.stringify({ email: TARGET, redirectTo: '/auth/reset-password' });
        note(
          'mail: password resets',
          await post(`${url}/api/auth/request-password-reset`, { headers: { ...bot(), 'Content-Type': json }, body }),
        );
      }
    };

    console.log('\nthe attack');
    // First the applicants alone, for comparison; then the attack.
    const applicants = Array.from({ length: APPLICANTS }, (_, worker) => applicant(worker));
    // A warm-up, not measured: the first requests compile code and fill the pool and the page cache.
    await sleep(WARM_UP_MS);
    const quiet = await probe();
    await sleep(BASELINE_MS);
    const baseline = await quiet.stop();
    const prober = await probe();
    const attackStarted = Date.now();
    const marks = {};
    const once = Promise.all([
      uploadRound().then(() => (marks.uploads = Date.now() - attackStarted)),
      mailRound().then(() => (marks.mail = Date.now() - attackStarted)),
    ]);
    let rounds = 0;
    while (Date.now() - attackStarted < ATTACK_MS) {
      for (const [kind, send] of hostile) note(kind, await send());
      rounds += 1;
    }
    await once;
    const attackSeconds = (Date.now() - attackStarted) / 1000;
    stopping = true;
    await Promise.all(applicants);
    const samples = await prober.stop();

    for (const [kind, replies] of Object.entries(answers)) {
      const statuses = {};
      for (const reply of replies) statuses[reply.status || 'closed'] = (statuses[reply.status || 'closed'] ?? 0) + 1;
      console.log(
        `  ${kind}: ${Object.entries(statuses)
          .map(([status, count]) => `${count}× ${status}`)
          .join(', ')}`,
      );
    }
    const all = Object.values(answers).flat();
    console.log(
      `  ${all.length} hostile requests in ${rounds} rounds over ${attackSeconds.toFixed(1)} s; ${attempts} applicant tries meanwhile; machine load ${loadavg()[0].toFixed(1)} (1-minute average, ${availableParallelism()} cores)`,
    );

    console.log('\nfigures');
    const times = samples.map((sample) => sample.ms);
    const baseTimes = baseline.map((sample) => sample.ms);
    const p99 = percentile(times, 99);
    console.log(
      `  /healthz during the attack: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (${times.length} probes; applicants alone before it: p99 ${percentile(baseTimes, 99).toFixed(1)} ms)`,
    );
    // The server's own time for the same requests (its request log): what the attack costs it, apart from the machine.
    const served = site.lines
      .filter((line) => line.msg === 'request' && line.path === '/healthz' && Date.parse(line.time) >= attackStarted)
      .map((line) => line.durationMs);
    if (process.env.DRILL_DEBUG) {
      console.log(marks);
      for (const line of site.lines.filter((l) => l.msg === 'request' && Date.parse(l.time) >= attackStarted && l.durationMs > 100))
        console.log(`    ${Date.parse(line.time) - attackStarted} ms ${line.method} ${line.path} ${line.status} ${line.durationMs} ms`);
    }
    console.log(
      `  /healthz as the server timed it: p50 ${percentile(served, 50).toFixed(1)} ms, p99 ${percentile(served, 99).toFixed(1)} ms (${served.length} requests)`,
    );
    // The limit is on the server's own time: the probe's figure above also holds this machine's
    // scheduling of the drill's own clients, applicants and probe on the same cores (on 2 cores its
    // p99 was 38.5 ms with the applicants alone, 55.8 ms under attack, while the server took 30.8).
    const servedP99 = percentile(served, 99);
    check(
      served.length > 0 && servedP99 < P99_LIMIT_MS,
      `/healthz p99 during the attack as the server timed it ${servedP99.toFixed(1)} ms (under ${P99_LIMIT_MS} ms; ${p99.toFixed(1)} ms as the probe saw it)`,
    );
    check(
      samples.every((sample) => sample.status === 200),
      `/healthz answered 200 throughout (${samples.filter((sample) => sample.status !== 200).length} other answers)`,
    );

    const { rows: stored } = await db.query('select email from applications where email = any($1)', [acknowledged]);
    const lost = acknowledged.length - stored.length;
    const failures = Object.entries(applicantFailures)
      .map(([kind, count]) => `${count}× ${kind}`)
      .join(', ');
    console.log(
      `  applications: ${acknowledged.length} acknowledged, ${stored.length} stored, ${lost} lost${failures ? `; refused: ${failures}` : ''}`,
    );
    check(acknowledged.length > 0 && lost === 0, `applications lost: ${lost} (of ${acknowledged.length} acknowledged)`);
    check(!failures, `no applicant was refused or failed during the attack${failures ? ` (${failures})` : ''}`);

    const hostileStatuses = all.map((reply) => reply.status);
    check(
      !hostileStatuses.some((status) => status >= 500),
      `no hostile request answered 5xx (${hostileStatuses.filter((s) => s >= 500).length})`,
    );
    const refusals = (kind, expected) => (answers[kind] ?? []).every((reply) => expected.includes(reply.status));
    check(
      refusals('11 MB form of 170,000 parts to /auth', [413, 0]) &&
        refusals('the same, chunked without a length', [413, 0]) &&
        refusals('10 MB JSON to /api/auth/sign-out', [413, 0]) &&
        refusals('a form of 170,000 fields', [413, 0]) &&
        refusals('a 40 KB form of 6,000 fields', [400]) &&
        refusals('JSON nested 100,000 deep', [400]),
      'bodies over their limits answered 413 (too large) or 400 (too many fields, too deep), never read further',
    );
    const nulReplies = [...(answers['NUL bytes in the contact action'] ?? []), ...(answers['NUL bytes in the apply action'] ?? [])];
    check(
      nulReplies.every(
        (reply) =>
          reply.status === 200 &&
          /control characters/.test(reply.text) &&
          !/insert into|select \*|contact_messages|params:|failed query/i.test(reply.text),
      ) &&
        refusals('NUL bytes in a password reset', [400]) &&
        refusals('/api/positions?q=%00', [200]),
      'NUL bytes: refused on their field (no SQL in any answer); a search for one lists positions',
    );
    check(
      refusals('a JSON action from a foreign Origin', [403]) &&
        refusals('a JSON write from a sibling site (Sec-Fetch-Site: same-site)', [403]),
      'JSON writes from another site answered 403',
    );
    const { rows: messages } = await db.query('select count(*)::int as n from contact_messages');
    check(messages[0].n === 0, `nothing the hostile client sent was stored (${messages[0].n} contact messages)`);

    // The hostile client's uploads, by the key the quota counts them under (an applicant's upload
    // may be waiting for its form too).
    const secret = readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim();
    const { rows: bytes } = await db.query(
      'select coalesce(sum(size), 0)::bigint as bytes from uploads where attached_at is null and client_key = $1',
      [uploadClientKey(secret, '2001:db8:bad:1::1')],
    );
    const hostileBytes = Number(bytes[0].bytes);
    const uploadStatuses = (answers['10 MB uploads from one /64'] ?? []).map((reply) => reply.status);
    console.log(
      `  hostile uploads: ${uploadStatuses.filter((s) => s === 201).length} stored, ${uploadStatuses.filter((s) => s === 429).length} refused; ${(hostileBytes / 1024 / 1024).toFixed(1)} MB stored, not attached (quota ${CLIENT_QUOTA_BYTES / 1024 / 1024} MB)`,
    );
    check(
      hostileBytes > 0 && hostileBytes <= CLIENT_QUOTA_BYTES,
      `bytes stored by the hostile client: ${hostileBytes} (within the ${CLIENT_QUOTA_BYTES} quota)`,
    );

    // Every e-mail queued by now has been sent (the queue polls every 2 s).
    const drained = await waitFor(
      async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from pgboss.job where name = 'send-email' and state in ('created', 'retry', 'active')`,
        );
        return rows[0].n === 0;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const toTarget = smtp.received.filter((message) => message.to.includes(TARGET));
    console.log(
      `  e-mails to ${TARGET}: ${toTarget.length} (${toTarget.map((message) => message.subject).join('; ')}), from ${(answers['mail: job alert subscriptions'] ?? []).length + (answers['mail: password resets'] ?? []).length + 9} requests`,
    );
    check(Boolean(drained), 'the mail queue was empty before counting');
    check(
      toTarget.length > 0 && toTarget.length <= MAIL_BUDGET_PER_HOUR,
      `e-mails sent to the target: ${toTarget.length} (within its budget of ${MAIL_BUDGET_PER_HOUR} an hour)`,
    );

    console.log('\nthe mail attack');
    // The acknowledgement an applicant got (its subject may be MIME-encoded: a position's title is anyone's words).
    const replyTo = smtp.received.find((message) => message.replyTo && message.to.some((to) => to.startsWith('applicant-')))?.replyTo;
    check(Boolean(replyTo), 'an applicant’s acknowledgement carried a live reply address');
    if (replyTo) {
      const mail = await mailAttack({ url, smtpPort: receiverPort, replyTo, serverPid: site.pid });
      for (const sent of mail.mails)
        console.log(`  a 24 MB mail (${sent.kind ?? '?'}): ${sent.failed ?? `${sent.response} after ${(sent.ms / 1000).toFixed(1)} s`}`);
      console.log(`  100 idle connections from one client: ${mail.idle.accepted} taken, ${mail.idle.refused} refused (421)`);
      console.log(
        `  resident memory: server ${mail.memory.before} MB before, ${mail.memory.serverPeak} MB at its peak; the mail reader's process ${mail.memory.readerPeak} MB at its peak`,
      );
      console.log(
        `  /healthz during it: p50 ${mail.health.p50.toFixed(1)} ms, p99 ${mail.health.p99.toFixed(1)} ms, max ${mail.health.max.toFixed(1)} ms (${mail.health.probes} probes, ${mail.seconds.toFixed(1)} s)`,
      );
      const alive = await Promise.race([site.exited.then(() => false), sleep(200).then(() => true)]);
      check(alive && mail.health.ok, 'the server lived through the mail attack and answered /healthz 200 throughout');
      check(
        mail.health.p99 < MAIL_HEALTH_LIMIT_MS,
        `/healthz p99 during the mail attack ${mail.health.p99.toFixed(1)} ms (under ${MAIL_HEALTH_LIMIT_MS} ms)`,
      );
      check(
        mail.memory.serverPeak - mail.memory.before <= MAIL_MEMORY_GROWTH_MB,
        `the server's resident memory grew by ${mail.memory.serverPeak - mail.memory.before} MB with four 24 MB mails (at most ${MAIL_MEMORY_GROWTH_MB} MB)`,
      );
      check(
        mail.mails.every((sent) => sent.response?.startsWith('250')),
        'the four 24 MB mails were taken (250): streamed to disk, read in the mail reader’s process',
      );
      check(
        mail.idle.accepted <= 10 && mail.idle.refused >= 90,
        `one client held ${mail.idle.accepted} of the receiver's connections, not all of them (10 at most)`,
      );
    }

    const errors = site.lines.filter((line) => line.level >= 50);
    check(errors.length === 0, `no error in the log (${errors.length})`);
    for (const line of errors.slice(0, 3)) console.log(`    ${JSON.stringify(line).slice(0, 1500)}`);
    const warnings = site.lines.filter((line) => line.level === 40 && /request refused/.test(line.msg ?? '')).length;
    const leaked = [...site.lines.map((line) => JSON.stringify(line)), site.stderr()].filter(
      (text) => text.includes(MARKER) || text.includes('params:'),
    );
    check(leaked.length === 0, `no submitted value in the log (${leaked.length} lines; ${warnings} refusals logged as warnings)`);
  } finally {
    await db.end();
    await site.stop();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  }

  const failed = checks.filter((item) => !item.ok);
  console.log(
    `\nhostile traffic drill: ${checks.length - failed.length} of ${checks.length} checks passed, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

await main();
