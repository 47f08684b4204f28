// What each answer leaves for the garbage collector (issue 36): the production build under load
// (autocannon, 50 connections) on a build file, a prerendered page and two pages of the page
// cache, and for each the requests answered per young-generation collection (scavenge), read
// from the server's own nodejs_gc_duration_seconds_count{kind="minor"} before and after.
//
// Why this figure: on this machine the server's time per request moves by 5-10% from one run to
// the next with its neighbours, more than most single changes to the handler, while what a request
// allocates moves by 1-3% while the server runs at full speed. The server runs with a 1 MB young
// generation (decision 026), so a scavenge comes after about 1 MB of allocation, and each costs
// 0.4-0.6 ms of copying and scanning the roots of a 45 MB heap: 4-5 µs of every answer from
// memory, more than the handler's own code. Fewer bytes per answer is fewer scavenges.
// Not exact, though: when the machine is so busy that the server answers a third fewer requests,
// fewer arrive per turn of the event loop and each carries more of a turn's own allocation (one
// such run: 102 and 78 where the others read 107-113 and 84-87). Read a miss with the requests
// column beside it, and run again.
//
// Targets (floors, exit 1 below): build files at least 105 requests per scavenge (about 9.8 KB an
// answer), the page cache's pages at least 80 (about 12.8 KB). Before this bench: 99-103 and 70-76.
//   npm run build && npm run bench:allocation [-- --duration 3 --json]
import { parseArgs } from 'node:util';
import { load } from './lib/autocannon.mjs';
import { untilSettled } from './lib/settled.mjs';
import { serveBuild } from './serve-build.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { metricValue } from './lib/metrics.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const DURATION = Number(options.duration);
const TOKEN = 'allocation-bench-metrics-token';
const FLOORS = { 'build file': 105, 'page cache': 80 };
// The young generation the server runs with (decision 026): about what is allocated between two scavenges.
const YOUNG_MB = Number(SERVER_NODE_FLAGS.map((flag) => /^--max-semi-space-size=(\d+)$/.exec(flag)?.[1]).find(Boolean));
if (!YOUNG_MB) throw new Error('bench:allocation reads the young generation from --max-semi-space-size in scripts/server-flags.mjs');

const URLS = [
  { kind: 'build file', name: 'robots.txt', path: '/robots.txt' },
  { kind: 'build file', name: 'a prerendered page', path: '/about' },
  { kind: 'page cache', name: 'the job board', path: '/careers' },
  { kind: 'page cache', name: 'the positions API', path: '/api/positions' },
];

/** Young-generation collections so far, from the server's metrics. */
async function scavenges(site) {
  const count = await metricValue(site.url, TOKEN, 'nodejs_gc_duration_seconds_count{kind="minor"}');
  if (count === undefined) throw new Error('The server reports no minor collections (nodejs_gc_duration_seconds_count{kind="minor"}).');
  return count;
}

const site = await serveBuild({ env: { METRICS_TOKEN: TOKEN } });
const rows = [];
try {
  await untilSettled(site.pid);
  for (const url of URLS) {
    const run = () => load({ url: site.url + url.path, connections: 50, duration: DURATION, headers: { 'accept-encoding': 'gzip' } });
    // Warm: the page kept, the code compiled.
    await run();
    const before = await scavenges(site);
    const result = await run();
    const collections = (await scavenges(site)) - before;
    const perScavenge = result.requests.total / Math.max(1, collections);
    rows.push({
      ...url,
      requests: result.requests.total,
      scavenges: collections,
      perScavenge,
      kbPerRequest: (YOUNG_MB * 1024) / perScavenge,
    });
  }
} finally {
  await site.stop();
}

const failures = rows.filter((row) => row.perScavenge < FLOORS[row.kind]);
if (options.json) console.log(JSON.stringify({ rows, floors: FLOORS }));
else {
  console.log(`Requests answered per young-generation collection (${YOUNG_MB} MB young generation, 50 connections):`);
  for (const row of rows) {
    console.log(
      `  ${row.kind.padEnd(10)} ${row.name.padEnd(20)} ${String(row.requests).padStart(7)} requests ${String(row.scavenges).padStart(4)} scavenges  ${row.perScavenge.toFixed(1).padStart(6)} per scavenge (about ${row.kbPerRequest.toFixed(1)} KB a request; at least ${FLOORS[row.kind]})`,
    );
  }
}
for (const row of failures) console.log(`FAIL ${row.name}: ${row.perScavenge.toFixed(1)} requests per scavenge, below ${FLOORS[row.kind]}`);
process.exit(failures.length ? 1 : 0);
