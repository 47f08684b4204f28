// Issue 25: the password reset and "e-mail me my links" forms answer in the same time whether or
// not an address has an account or an application, so their timing tells nobody who is a user or
// who applied. Against the production build and its embedded PostgreSQL: accounts and applications
// for some addresses, then each form asked for known and unknown addresses in turn (each request
// from a client of its own, in a shuffled order, one at a time with a pause, so the work a known
// address causes after the answer never lands on the next measurement). Prints the medians and
// fails when known and unknown differ by more than 5 ms. 40 rounds by default: on a busy shared
// machine, 15 were seen to wander by 6 ms either way with nothing different before the answer.
//   npm run build && npm run bench:timing [-- --rounds 40] [--json]
import { applicationForm, pdf } from './lib/applicant.mjs';
import { sleep } from './lib/site.mjs';
import { serveBuild } from './serve-build.mjs';
import { median } from './lib/median.mjs';

const args = process.argv.slice(2);
const ROUNDS = Number(args[args.indexOf('--rounds') + 1]) || 40;
const WARM_UP = 3;
const LIMIT_MS = 5;
const PAUSE_MS = 200;

let clients = 0;
/** A client of its own (TRUST_PROXY is on): per-client limits never decide a measurement. */
const nextClient = () => {
  clients += 1;
  return `10.${20 + Math.floor(clients / 62500)}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
};

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  const ms = performance.now() - started;
  return { ms, status: response.status, body };
}

function passwordReset(base, email) {
  return timed(`${base}/api/auth/request-password-reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, 'X-Forwarded-For': nextClient() },
    body: JSON.stringify({ email, redirectTo: '/auth/reset-password' }),
  });
}

function applicationLinks(base, email) {
  return timed(`${base}/applications`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, 'X-Forwarded-For': nextClient() },
    body: new URLSearchParams({ email, company_website: '' }).toString(),
  });
}

async function setUp(base, count) {
  const { positions } = await (await fetch(`${base}/api/positions`)).json();
  for (let i = 0; i < count; i += 1) {
    const ip = nextClient();
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base, 'X-Forwarded-For': ip },
      body: JSON.stringify({
        email: `known.user.${i}@timing.test`,
        password: 'a bench password 1',
        name: 'Known User',
        username: `knownuser${i}`,
        firstName: 'Known',
        lastName: 'User',
      }),
    });
    if (signUp.status !== 200) throw new Error(`sign-up ${i}: ${signUp.status} ${await signUp.text()}`);
    const upload = await fetch(`${base}/api/uploads?purpose=resume`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'X-File-Name': `resume-${i}.pdf`, 'X-Forwarded-For': ip },
      body: pdf(),
    });
    const { id } = await upload.json();
    const apply = await fetch(`${base}/_actions/apply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify(applicationForm(`known.applicant.${i}@timing.test`, positions[i % positions.length].id, id)),
    });
    const answer = await apply.text();
    if (apply.status !== 200 || !answer.includes('submitted')) throw new Error(`application ${i}: ${apply.status} ${answer.slice(0, 200)}`);
  }
}

/** Known and unknown in a random order each round, one request at a time. */
async function measure(base, rounds, offset = 0) {
  const times = { resetKnown: [], resetUnknown: [], linksKnown: [], linksUnknown: [] };
  for (let i = 0; i < rounds; i += 1) {
    const n = offset + i;
    const steps = [
      ['resetKnown', () => passwordReset(base, `known.user.${n}@timing.test`)],
      ['resetUnknown', () => passwordReset(base, `nobody.${n}@timing.test`)],
      ['linksKnown', () => applicationLinks(base, `known.applicant.${n}@timing.test`)],
      ['linksUnknown', () => applicationLinks(base, `no.applicant.${n}@timing.test`)],
    ].sort(() => Math.random() - 0.5);
    for (const [name, step] of steps) {
      const result = await step();
      if (result.status !== 200) throw new Error(`${name}: ${result.status} ${result.body.slice(0, 200)}`);
      times[name].push(result.ms);
      // The work after a known address's answer (a link, a queued e-mail) is done before the next request.
      await sleep(PAUSE_MS);
    }
  }
  return times;
}

async function main() {
  const server = await serveBuild({ env: { TRUST_PROXY: '1' }, startTimeoutMs: 120_000 });
  try {
    await setUp(server.url, WARM_UP + ROUNDS);
    // Cold code paths and first connections are paid before anything is measured.
    await measure(server.url, WARM_UP);
    const times = await measure(server.url, ROUNDS, WARM_UP);
    const medians = Object.fromEntries(Object.entries(times).map(([name, values]) => [name, Number(median(values).toFixed(1))]));
    const report = {
      rounds: ROUNDS,
      mediansMs: medians,
      differenceMs: {
        passwordReset: Number(Math.abs(medians.resetKnown - medians.resetUnknown).toFixed(1)),
        applicationLinks: Number(Math.abs(medians.linksKnown - medians.linksUnknown).toFixed(1)),
      },
      limitMs: LIMIT_MS,
    };
    const within = report.differenceMs.passwordReset <= LIMIT_MS && report.differenceMs.applicationLinks <= LIMIT_MS;
    if (args.includes('--json')) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(`Answer times for known and unknown addresses, medians of ${ROUNDS} (production build, embedded PostgreSQL):`);
      console.log(
        `  password reset:        known ${medians.resetKnown} ms, unknown ${medians.resetUnknown} ms (difference ${report.differenceMs.passwordReset} ms)`,
      );
      console.log(
        `  e-mail me my links:    known ${medians.linksKnown} ms, unknown ${medians.linksUnknown} ms (difference ${report.differenceMs.applicationLinks} ms)`,
      );
      console.log(within ? `  within ${LIMIT_MS} ms: the timing tells nobody who has an account or applied` : `  OVER ${LIMIT_MS} ms`);
    }
    process.exitCode = within ? 0 : 1;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
