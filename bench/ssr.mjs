// Pages rendered from the database against the static home page, in one run on the production
// build: /, /careers, /careers?q=..., an apply page and /api/positions, each with autocannon at 50
// connections, and each route's throughput as a share of the static page's (issue 20). Then the
// page cache's freshness: an admin deactivates a position through instance 1 and it must be gone
// from instance 1's job board and apply page on the very next request, and from a second instance
// on the same PostgreSQL within a second. And the server's resident memory after start and after
// the load. Then the referrer flood (issue 36): 4,000 requests to an apply page one after another,
// each from a referring site or with a ?ref= of its own, as a crawler or an attacker varying
// referrers would send them, and the server's memory after it. Exits non-zero when a target is
// missed:
//   /careers and the apply page at least 0.35x the static page, p99 under 100 ms; memory < 180 MB
//   after the load and after the flood; the flood answered from the cache (no render per referrer).
//   npm run build && npx node bench/ssr.mjs [--duration 10] [--connections 50] [--flood 4000] [--json]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load as loadWith } from './lib/autocannon.mjs';
import { rssMb } from './lib/memory.mjs';
import { serveBuild } from './serve-build.mjs';
import { cookiesOf } from './lib/cookies.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const DURATION = option('--duration', 10);
const FLOOD = option('--flood', 4000);
const CONNECTIONS = option('--connections', 50);
const MIN_RATIO = 0.35;
const MAX_P99_MS = 100;
const MAX_RSS_MB = 180;
const ADMIN = { email: 'ssr-bench-admin@helixpoint.example', password: 'ssr-bench-password-1' };

const failures = [];
const check = (ok, message) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  if (!ok) failures.push(message);
};

// Browsers ask for compressed pages; so do we, for every route alike.
const load = (url) => loadWith({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'br, gzip' } });

function databaseUrlOf(dataDir) {
  const port = readFileSync(join(dataDir, 'postgres.port'), 'utf8').trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/helixpoint`;
}

async function main() {
  // The admin's second factor is not what this measures.
  const one = await serveBuild({ env: { ADMIN_REQUIRE_2FA: 'false' } });
  let two;
  try {
    const databaseUrl = databaseUrlOf(one.dataDir);
    two = await serveBuild({ env: { DATABASE_URL: databaseUrl } });
    // Settled after start: the figure the issue compares (262 MB before this work).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rssAfterStart = rssMb(one.pid);

    const { positions } = await (await fetch(`${one.url}/api/positions`)).json();
    const [first, second] = positions;
    const routes = [
      { name: 'static /', path: '/' },
      { name: '/careers', path: '/careers', target: true },
      { name: '/careers?q=engineer', path: '/careers?q=engineer' },
      { name: '/careers/apply/{id}', path: `/careers/apply/${first.id}`, target: true },
      { name: '/api/positions', path: '/api/positions' },
    ];
    const results = [];
    for (const route of routes) {
      await fetch(one.url + route.path); // warm: the first render fills the cache
      const result = await load(one.url + route.path);
      results.push({
        ...route,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        // Where the memory grows, route by route.
        rssMb: rssMb(one.pid),
      });
    }
    const staticRps = results[0].rps;
    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, one instance, this machine:`);
    for (const row of results)
      console.log(
        `  ${row.name.padEnd(22)} ${String(Math.round(row.rps)).padStart(6)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  ${(row.rps / staticRps).toFixed(2)}x static  ${row.rssMb} MB after${row.errors ? `  ${row.errors} errors` : ''}`,
      );
    const rssAfterLoad = rssMb(one.pid);
    console.log(`\nresident memory: ${rssAfterStart} MB after start, ${rssAfterLoad} MB after the load\n`);

    for (const row of results.filter((entry) => entry.target)) {
      check(row.rps / staticRps >= MIN_RATIO, `${row.name}: ${(row.rps / staticRps).toFixed(2)}x static (at least ${MIN_RATIO})`);
      check(row.p99 < MAX_P99_MS, `${row.name}: p99 ${row.p99} ms (under ${MAX_P99_MS})`);
    }
    check(
      results.every((row) => row.errors === 0),
      'no errors or non-2xx answers under load',
    );
    check(
      rssAfterStart < MAX_RSS_MB && rssAfterLoad < MAX_RSS_MB,
      `resident memory under ${MAX_RSS_MB} MB (${rssAfterStart}, ${rssAfterLoad})`,
    );

    // The referrer flood: every request a source of its own (a Referer, or ?ref= as the job
    // board's links carry it), one after another.
    const applyUrl = `${one.url}/careers/apply/${first.id}`;
    const floodStarted = performance.now();
    let hits = 0;
    let wrong = 0;
    for (let n = 0; n < FLOOD; n += 1) {
      const source = `site-${n}.example`;
      const response =
        n % 2 === 0
          ? await fetch(applyUrl, { headers: { Referer: `https://www.${source}/jobs?id=${n}`, 'Accept-Encoding': 'br, gzip' } })
          : await fetch(`${applyUrl}?ref=${source}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      const page = await response.text();
      if (response.headers.get('x-page-cache') === 'hit') hits += 1;
      // The page carries this request's source, and nobody else's.
      if (response.status !== 200 || !page.includes(`name="source" value="${source}"`) || page.includes('hxsrc')) wrong += 1;
    }
    const floodMs = performance.now() - floodStarted;
    const rssAfterFlood = rssMb(one.pid);
    console.log(
      `referrer flood: ${FLOOD} requests to an apply page, each from a source of its own, one after another: ${(floodMs / 1000).toFixed(1)} s, ${(floodMs / FLOOD).toFixed(2)} ms each, ${hits} answered from the cache, ${wrong} wrong; ${rssAfterFlood} MB after\n`,
    );
    check(wrong === 0, `referrer flood: every answer carries its own source (${wrong} did not)`);
    // One render of the page's template, and one more each time it expires (a minute, decision 025).
    const renders = FLOOD - hits;
    const allowed = 1 + Math.ceil(floodMs / 60_000);
    check(
      renders <= allowed,
      `referrer flood: no render per referrer (${renders} renders: the template and its refresh each minute, at most ${allowed})`,
    );
    check(rssAfterFlood < MAX_RSS_MB, `resident memory after the flood under ${MAX_RSS_MB} MB (${rssAfterFlood})`);

    // Freshness: both instances have the board and the apply page cached, then an admin edits.
    for (const url of [one.url, two.url]) {
      for (let i = 0; i < 2; i += 1) {
        await (await fetch(`${url}/careers`)).text();
        await (await fetch(`${url}/careers/apply/${second.id}`)).text();
      }
    }
    const cachedOnTwo = (await fetch(`${two.url}/careers`)).headers.get('x-page-cache');
    // Not execFileSync: a blocked event loop misses the servers closing idle keep-alive
    // connections, and the next fetch on one fails ("other side closed").
    await promisify(execFile)(process.execPath, ['scripts/admin-create.mjs', '--email', ADMIN.email, '--password', ADMIN.password], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: one.dataDir },
    });
    const signIn = await fetch(`${one.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: one.url },
      body: JSON.stringify(ADMIN),
    });
    const cookie = cookiesOf(signIn);
    const edited = await fetch(`${one.url}/_actions/admin.setPositionActive`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: cookie, Origin: one.url },
      body: JSON.stringify({ positionId: second.id, active: false }),
    });
    const editedAt = performance.now();
    check(edited.ok, `the admin deactivates "${second.title}" through instance 1 (answer ${edited.status})`);
    const boardOne = await (await fetch(`${one.url}/careers`)).text();
    const applyOne = await fetch(`${one.url}/careers/apply/${second.id}`);
    check(
      !boardOne.includes(second.id) && applyOne.status === 404,
      'instance 1: gone from the job board and its apply page on the next request',
    );
    let seenOnTwoMs = Infinity;
    while (performance.now() - editedAt < 3000) {
      const board = await (await fetch(`${two.url}/careers`)).text();
      const apply = await fetch(`${two.url}/careers/apply/${second.id}`);
      if (!board.includes(second.id) && apply.status === 404) {
        seenOnTwoMs = performance.now() - editedAt;
        break;
      }
    }
    check(
      cachedOnTwo === 'hit' && seenOnTwoMs < 1000,
      `instance 2 (had it cached: ${cachedOnTwo}): gone after ${Number.isFinite(seenOnTwoMs) ? `${Math.round(seenOnTwoMs)} ms` : 'more than 3 s'} (within 1 s)`,
    );
    if (args.includes('--json'))
      console.log(JSON.stringify({ results, rssAfterStart, rssAfterLoad, rssAfterFlood, floodMs, hits, seenOnTwoMs }));
  } finally {
    await two?.stop();
    await one.stop();
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} target(s) missed.`);
    process.exit(1);
  }
  console.log('\nAll targets met.');
}

await main();
