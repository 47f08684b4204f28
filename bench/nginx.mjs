// Every kind of page and asset the server answers, against Debian's nginx serving the same bytes
// as a file on the same machine in the same run (issue 36): nginx with one worker, sendfile,
// gzip_static and open_file_cache, started here beside `npm run serve`'s server. For each URL,
// autocannon at 50 connections against nginx and against the server in turn, a few rounds (the
// order alternating), and the server's throughput as a share of nginx's: the median of the rounds'
// ratios, so that a machine that slows down or speeds up midway does not decide it.
//
// The URLs: prerendered pages (served from the server's memory), the pages the page cache keeps
// (the job board, an apply page, the positions API, sitemap, jobs feed, docs, privacy notice; for
// nginx, the server's answer saved as a file, with its own gzip beside it), and the assets (CSS, scripts, a font, an image, an
// SVG, robots.txt). `--all` adds every other file of dist/client.
//
// The server is measured once its first start's work is done (bench/lib/settled.mjs).
// Beside req/s and p99, each side's CPU time per request (µs, from /proc): on a machine shared
// with other work, req/s of both sides swing with it, CPU per request much less. Both sides are
// warmed first. Then the floor: Node's own HTTP server answering four of the same files from memory
// with the server's own headers and nothing else (bench/lib/node-floor.mjs), the most any Node server here can reach, once as
// a process of its own and once inside the server's process (bench/lib/serve-with-floor.mjs):
// the second is what a handler that does nothing at all gets from the process of a whole
// application (its heap, its compiled code shared by every kind of stream it uses).
// The load comes from autocannon without its reading of bodies as text (bench/lib/autocannon.mjs),
// which had been the bottleneck on every file over a few KB.
// Targets: p99 under 50 ms, no errors; the server's resident memory under 180 MB afterwards; the
// job board and an apply page at 0.8x or more of the floor in the server's process (issue 52, by
// the team's rule for a process: ../shared/DECISIONS.md, "Speed, as deployed"), over 7 rounds
// with every side on one CPU and the load on the other; and every view of one more second of an
// apply page written. The ratio to nginx is printed (it was a target, 0.7x, before that rule).
// Exits 1 when one is missed; skipped (exit 0) without nginx.
//   npm run build && npm run bench:nginx [-- --duration 2 --rounds 3 --connections 50 --encoding gzip --all --only REGEX --json]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { get as httpGet } from 'node:http';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { freePort } from '../src/server/net.ts';
import { load as loadWith } from './lib/autocannon.mjs';
import { findNginx, nginxVersion, startNginx } from './lib/nginx.mjs';
import { cpuMicros, pinProcesses } from './lib/cpu.mjs';
import { rssMb } from './lib/memory.mjs';
import { median } from './lib/median.mjs';
import { metricValue } from './lib/metrics.mjs';
import { untilSettled } from './lib/settled.mjs';
import { serveBuild } from './serve-build.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const { values: options } = parseArgs({
  options: {
    // Seconds per round and side.
    duration: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    // gzip: both send the same bytes (nginx's gzip_static has no Brotli). "br, gzip" lets the server send Brotli.
    encoding: { type: 'string', default: 'gzip' },
    all: { type: 'boolean', default: false },
    // Only the URLs whose names match (the floor's careers pages are measured whatever it is).
    only: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const DURATION = Number(options.duration);
const ROUNDS = Math.max(1, Number(options.rounds));
const CONNECTIONS = Number(options.connections);
const MIN_RATIO = 0.7;
// The careers pages against Node's own HTTP server answering their bytes from memory (issue 52).
const MIN_FLOOR_RATIO = 0.8;
// More rounds for the floor than for the rest: its ratio is a target, and one round's moves by more than its margin.
const FLOOR_ROUNDS = Math.max(ROUNDS, 7);
const MAX_P99_MS = 50;
const MAX_RSS_MB = 180;
const clientDir = new URL('../dist/client/', import.meta.url).pathname;

const nginx = findNginx();
if (!nginx) {
  console.log('SKIPPED: bench:nginx compares the server with nginx, which is not installed (Debian: apt-get install nginx).');
  process.exit(0);
}

/** nginx's worker (the master's only child with worker_processes 1). */
function nginxWorker(masterPid) {
  const children = readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  if (children.length !== 1) throw new Error(`nginx has ${children.length} workers; expected 1`);
  return Number(children[0]);
}

// A browser's user agent on every request, as people send it: the careers pages count each view
// that is not a bot's (insights/views.ts), and that work is part of what is measured.
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const load = (url, duration = DURATION) =>
  loadWith({ url, connections: CONNECTIONS, duration, headers: { 'accept-encoding': options.encoding, 'user-agent': BROWSER } });
const METRICS_TOKEN = 'bench-nginx-metrics-token';

/** The server's helixpoint_page_views_total: views counted and written (none before its first write). */
const viewsWritten = async (url) => (await metricValue(url, METRICS_TOKEN, 'helixpoint_page_views_total')) ?? 0;

function* filesOf(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesOf(path);
    else if (!/\.(br|gz)$/.test(entry.name) && !entry.name.startsWith('.')) yield path;
  }
}

/** The URL of a file in dist/client: /about/index.html is /about. */
const urlOf = (file) => `/${relative(clientDir, file)}`.replace(/\/index\.html$/, '') || '/';

function pickAssets() {
  const astro = readdirSync(join(clientDir, '_astro'));
  const pick = (test, what) => {
    const name = astro.find(test);
    if (!name) throw new Error(`No ${what} in dist/client/_astro`);
    return `/_astro/${name}`;
  };
  return [
    { name: 'stylesheet', path: pick((name) => name.endsWith('.css'), 'stylesheet') },
    { name: 'layout script', path: pick((name) => name.startsWith('BaseLayout') && name.endsWith('.js'), 'layout script') },
    { name: 'React runtime', path: pick((name) => name.startsWith('client.') && name.endsWith('.js'), 'React runtime') },
    // The careers pages' islands share one chunk group (src/integrations/client-chunks.ts).
    { name: 'careers islands', path: pick((name) => name.startsWith('careers-islands') && name.endsWith('.js'), 'careers islands chunk') },
    { name: 'font', path: pick((name) => name.startsWith('inter-latin-wght') && name.endsWith('.woff2'), 'font') },
    { name: 'image (webp)', path: pick((name) => name.startsWith('about.') && name.endsWith('.webp'), 'webp image') },
    { name: 'favicon (svg)', path: '/favicon.svg' },
    { name: 'robots.txt', path: '/robots.txt' },
  ];
}

/** nginx's document root: dist/client, the SITE_URL overlay the server wrote, and the rendered pages saved as files. */
async function documentRoot(root, site, rendered) {
  cpSync(clientDir, root, { recursive: true });
  const siteDir = join(site.dataDir, 'site');
  for (const overlay of existsSync(siteDir) ? readdirSync(siteDir) : []) {
    cpSync(join(siteDir, overlay), root, { recursive: true, filter: (source) => !source.endsWith('.complete') });
  }
  for (const [index, route] of rendered.entries()) {
    const reply = await fetch(site.url + route.path, { headers: { 'accept-encoding': 'identity' } });
    if (reply.status !== 200) throw new Error(`${route.path} answered ${reply.status}`);
    const type = reply.headers.get('content-type') ?? '';
    const extension = type.includes('json') ? 'json' : type.includes('xml') ? 'xml' : 'html';
    const body = Buffer.from(await reply.arrayBuffer());
    route.nginxPath = `/_rendered/${index}.${extension}`;
    const file = join(root, route.nginxPath);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
    // The server's own gzip where it sends one (a careers page's is put together from segments
    // compressed once, a little larger than one stream): every side sends the same bytes.
    const gzipped = await rawAnswer(site.url + route.path);
    writeFileSync(`${file}.gz`, gzipped.headers['content-encoding'] === 'gzip' ? gzipped.body : gzipSync(body, { level: 9 }));
  }
  return root;
}

/** The server's answer as sent (fetch would decode its gzip), asked with gzip and a browser's user agent as the loads ask by default. */
function rawAnswer(url) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER } }, (reply) => {
      const chunks = [];
      reply.on('data', (chunk) => chunks.push(chunk));
      reply.on('end', () => resolve({ headers: reply.headers, rawHeaders: reply.rawHeaders, body: Buffer.concat(chunks) }));
      reply.on('error', reject);
    }).on('error', reject);
  });
}

/** What only one answer carries: the floor adds its own. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-encoding', 'transfer-encoding']);

/**
 * The server's headers for a file as a flat name, value list, which node-floor.mjs sends: the
 * same bytes as the server's answer (its request id a constant of the same length), with nothing
 * done to make them.
 */
async function saveServerHeaders(url, file) {
  const { rawHeaders } = await rawAnswer(url);
  const list = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index];
    if (PER_ANSWER.has(name.toLowerCase())) continue;
    list.push(name, name.toLowerCase() === 'x-request-id' ? '0'.repeat(rawHeaders[index + 1].length) : rawHeaders[index + 1]);
  }
  writeFileSync(`${file}.headers.json`, JSON.stringify(list));
}

function nginxHttpConfig(root, port) {
  const types = existsSync('/etc/nginx/mime.types')
    ? 'include /etc/nginx/mime.types;'
    : 'types { text/html html; text/css css; application/javascript js mjs; application/json json; image/svg+xml svg; image/webp webp; image/png png; font/woff2 woff2; text/xml xml; text/plain txt; }';
  return `
  ${types}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  open_file_cache max=2000 inactive=60s;
  open_file_cache_valid 60s;
  gzip_static on;
  etag on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
    location /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }`;
}

async function main() {
  // nginx's document root, filled once the server answers; named first so that the floor inside
  // the server's process can be told where its files will be.
  const root = mkdtempSync(join(tmpdir(), 'helixpoint-nginx-root-'));
  // nginx's workers run as another user (nobody) when started by root.
  chmodSync(root, 0o755);
  const floorPortFile = join(root, '.floor-port');
  const site = await serveBuild({
    script: 'bench/lib/serve-with-floor.mjs',
    env: { BENCH_FLOOR_ROOT: root, BENCH_FLOOR_PORT_FILE: floorPortFile, METRICS_TOKEN },
  });
  // Its first start's work (the seeded images' sizes, each emptying the page cache) is over first.
  const settle = await untilSettled(site.pid);
  if (!options.json) {
    console.log(
      settle.settled
        ? `The server settled ${settle.seconds} s after it answered (first-start work done).`
        : `The server was still busy ${settle.seconds} s after it answered: measured anyway.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-nginx-'));
  let web;
  try {
    const { positions } = await (await fetch(`${site.url}/api/positions`)).json();
    const cached = [
      { name: 'job board', path: '/careers' },
      { name: 'job board, searched', path: '/careers?q=engineer' },
      { name: 'apply page', path: `/careers/apply/${positions[0].id}` },
      { name: 'positions API', path: '/api/positions' },
      { name: 'sitemap', path: '/sitemap.xml' },
      { name: 'jobs feed', path: '/careers/feed.xml' },
      { name: 'docs', path: '/docs' },
      { name: 'privacy notice', path: '/privacy' },
      { name: 'blog', path: '/blog' },
      { name: 'a blog post', path: '/blog/1' },
      { name: 'blog feed', path: '/rss.xml' },
    ].map((route) => ({ ...route, kind: 'page cache' }));
    const pages = [
      { name: 'home', path: '/' },
      { name: 'about', path: '/about' },
      { name: 'contact', path: '/contact' },
      { name: 'a solution page', path: '/solutions/aws/migration' },
    ].map((route) => ({ ...route, kind: 'prerendered' }));
    const assets = pickAssets().map((route) => ({ ...route, kind: 'asset' }));
    let routes = [...pages, ...cached, ...assets];
    if (options.only) routes = routes.filter((route) => new RegExp(options.only).test(route.name));
    if (options.all) {
      const known = new Set(routes.map((route) => route.path));
      const rest = [...filesOf(clientDir)].map(urlOf).filter((path) => !known.has(path));
      routes = [...routes, ...rest.map((path) => ({ name: path, path, kind: path.startsWith('/_astro/') ? 'asset' : 'file' }))];
    }
    await documentRoot(
      root,
      site,
      // The content pages too: the build holds stand-ins for their texts, which the server fills
      // (decision 049). All of them, whatever --only says: the floor measures the careers pages.
      [...pages, ...cached],
    );
    const port = await freePort();
    web = await startNginx(nginx, dir, nginxHttpConfig(root, port));
    const nginxUrl = `http://127.0.0.1:${port}`;
    let worker;
    for (let tries = 0; ; tries += 1) {
      const status = await fetch(`${nginxUrl}/`).then(
        (reply) => reply.status,
        () => 0,
      );
      if (status === 200) break;
      if (tries > 50) throw new Error(`nginx did not answer 200 (${status}); see ${dir}/error.log`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    worker = nginxWorker(web.pid);
    console.log(
      `${nginxVersion(nginx)} (1 worker, sendfile, gzip_static) against the server, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, Accept-Encoding: ${options.encoding}\n`,
    );

    // Both warmed first (the server's code compiled by V8's JIT, nginx's file cache filled): the first
    // URL measured was otherwise the server's slowest (135 µs a request on the home page, 62 on /about).
    for (const path of ['/', '/robots.txt', cached[0].path, assets[0].path]) {
      const route = [...pages, ...cached, ...assets].find((each) => each.path === path);
      await load(nginxUrl + (route?.nginxPath ?? path), 2);
      await load(site.url + path, 2);
    }

    /** One load against a target: req/s, p99, errors and the CPU its process spent per request. */
    const measure = async (url, pid) => {
      const cpuBefore = cpuMicros(pid);
      const result = await load(url);
      return {
        cpuPerRequest: (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        bytes: result.throughput.average / Math.max(1, result.requests.average),
      };
    };
    /**
     * Rounds of every side in turn, the order reversed every other round. Each side's figures are
     * the medians of its rounds (p99 the worst, errors all of them), and its ratio to nginx the
     * median of the rounds' ratios (`ratios`: each round's).
     */
    const compare = async (sides, rounds = ROUNDS) => {
      const runs = Object.fromEntries(sides.map((side) => [side.who, []]));
      for (let round = 0; round < rounds; round += 1) {
        for (const side of round % 2 === 0 ? sides : [...sides].reverse()) runs[side.who].push(await measure(side.url, side.pid));
      }
      const summary = (all) => {
        const ratios = all.map((run, round) => run.rps / runs.nginx[round].rps);
        const inServerRatios = runs.inServer ? all.map((run, round) => run.rps / runs.inServer[round].rps) : undefined;
        return {
          // Each round's req/s over the floor alone's in the same round, where the floor was measured.
          floorRatio: runs.alone ? median(all.map((run, round) => run.rps / runs.alone[round].rps)) : undefined,
          // And over the floor inside the server's process: the team's measure of a process
          // (../shared/DECISIONS.md, "Speed, as deployed"), and issue 52's for the careers pages.
          inServerRatio: runs.inServer ? median(inServerRatios) : undefined,
          inServerRatios,
          rps: median(all.map((run) => run.rps)),
          cpuPerRequest: median(all.map((run) => run.cpuPerRequest)),
          p99: Math.max(...all.map((run) => run.p99)),
          errors: all.reduce((sum, run) => sum + run.errors, 0),
          kb: median(all.map((run) => run.bytes)) / 1024,
          ratio: median(ratios),
          ratios,
        };
      };
      return Object.fromEntries(sides.map((side) => [side.who, summary(runs[side.who])]));
    };
    const figures = (side) =>
      `${String(Math.round(side.rps)).padStart(6)} req/s p99 ${String(side.p99).padStart(3)} ms ${String(Math.round(side.cpuPerRequest)).padStart(4)} µs`;

    const rows = [];
    for (const [index, route] of routes.entries()) {
      const sides = [
        { who: 'nginx', url: nginxUrl + (route.nginxPath ?? route.path), pid: worker },
        { who: 'server', url: site.url + route.path, pid: site.pid },
      ];
      // Each warmed once (the page cache keeps a page at its first render); the first side alternates from one URL to the next.
      for (const side of sides) await (await fetch(side.url)).arrayBuffer();
      const { nginx: nginxSide, server } = await compare(index % 2 === 0 ? sides : [...sides].reverse());
      const row = { ...route, nginx: nginxSide, server, ratio: server.ratio };
      rows.push(row);
      console.log(
        `  ${route.kind.padEnd(11)} ${route.name.slice(0, 24).padEnd(24)} ${server.kb.toFixed(1).padStart(5)} KB  nginx ${figures(nginxSide)}  server ${figures(server)}  ${row.ratio.toFixed(2)}x (${server.ratios.map((ratio) => ratio.toFixed(2)).join(' ')})${server.errors || nginxSide.errors ? `  errors ${server.errors}/${nginxSide.errors}` : ''}`,
      );
    }
    const rss = rssMb(site.pid);
    console.log(`\nthe server's resident memory afterwards: ${rss} MB`);

    // The floor: Node's own HTTP server answering the same files from memory with nothing else,
    // alone and inside the server's process, measured in the same rounds as nginx and the server.
    // What no Node server on this machine can pass: the server's distance to the floor inside its
    // own process is its handler's; the distance between the two floors is the application's
    // process (its heap, its collections, its compiled code shared by every kind of stream it uses).
    const floor = spawn(process.execPath, [...SERVER_NODE_FLAGS, new URL('./lib/node-floor.mjs', import.meta.url).pathname, root], {
      env: { ...process.env, ...SERVER_ENV },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const floors = [];
    try {
      const [port] = await once(floor.stdout, 'data');
      // Every side on one CPU and the load on the other(s) from here on, as bench:analytics does:
      // left to the scheduler, one process's speed moved by 20-40% from one 2-s window to the next
      // on this 2-CPU virtual machine (which of them shared a CPU with the load for a while).
      const cpus = availableParallelism();
      const pinned =
        cpus > 1 &&
        pinProcesses([site.pid, floor.pid, web.pid, worker].filter(Boolean), String(cpus - 1)) &&
        pinProcesses([process.pid], cpus > 2 ? `0-${cpus - 2}` : '0');
      const floorUrl = `http://127.0.0.1:${String(port).trim()}`;
      const inServerUrl = `http://127.0.0.1:${readFileSync(floorPortFile, 'utf8').trim()}`;
      console.log(
        `\nNode's own HTTP server (no routing, ids, logs, metrics), the same bytes from memory, alone and inside the server's process (${pinned ? `each on CPU ${cpus - 1}, the load on the other${cpus > 2 ? 's' : ''}` : 'not pinned: one CPU, or no taskset'}):`,
      );
      // The careers pages too (issue 52): the floor answers their bytes as the server sent them,
      // without finding the page, reading the visit's source or counting the view.
      const careers = ['job board', 'apply page'].map((name) => cached.find((each) => each.name === name));
      for (const route of [assets.find((each) => each.path === '/robots.txt'), pages.find((each) => each.name === 'about'), ...careers]) {
        const file = route.nginxPath ?? route.path;
        await saveServerHeaders(site.url + route.path, join(root, file));
        // The server and the floor in its process measured one after the other, whichever goes first.
        const sides = [
          { who: 'nginx', url: nginxUrl + file, pid: worker },
          { who: 'alone', url: floorUrl + file, pid: floor.pid },
          { who: 'server', url: site.url + route.path, pid: site.pid },
          { who: 'inServer', url: inServerUrl + file, pid: site.pid },
        ];
        for (const side of sides) await load(side.url, 1);
        const measured = await compare(sides, FLOOR_ROUNDS);
        floors.push({ name: route.name, ...measured });
        console.log(`  ${route.name.padEnd(11)} nginx                         ${figures(measured.nginx)}`);
        for (const [who, label] of [
          ['alone', 'node:http alone'],
          ['inServer', "node:http, server's process"],
          ['server', 'the server'],
        ]) {
          console.log(`              ${label.padEnd(28)} ${figures(measured[who])}  ${measured[who].ratio.toFixed(2)}x nginx`);
        }
        console.log(
          `              the server against node:http in its process: ${measured.server.inServerRatio.toFixed(2)}x (${FLOOR_ROUNDS} rounds: ${measured.server.inServerRatios.map((ratio) => ratio.toFixed(2)).join(' ')}); alone: ${measured.server.floorRatio.toFixed(2)}x`,
        );
      }
    } finally {
      floor.kill('SIGTERM');
    }
    console.log('');

    // The views are still counted: every answer of one more load of an apply page is written as a
    // view once the counter's next write is done (every 5 s). The count is read once it is still.
    const apply = cached.find((each) => each.name === 'apply page');
    const still = async () => {
      for (let last = await viewsWritten(site.url); ;) {
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        const now = await viewsWritten(site.url);
        if (now === last) return now;
        last = now;
      }
    };
    const before = await still();
    const burst = await load(site.url + apply.path, 1);
    const views = { sent: burst['2xx'], written: 0 };
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 500))) {
      views.written = (await viewsWritten(site.url)) - before;
      if (views.written >= views.sent) break;
    }
    console.log(`views of an apply page: ${burst['2xx']} answered in 1 s, ${views.written} written as views`);

    const failures = [];
    const check = (ok, message) => {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
      if (!ok) failures.push(message);
    };
    // Printed, not a target since wave 4 (../shared/DECISIONS.md, "Speed, as deployed"): one Node
    // process is judged against Node's own server in its process (the floor checks below); nginx's
    // speed for the pages that are alike for everybody is the fleet's, which nginx keeps.
    const slow = rows.filter((row) => row.ratio < MIN_RATIO);
    console.log(
      `info every URL at ${MIN_RATIO}x nginx or more? lowest ${Math.min(...rows.map((row) => row.ratio)).toFixed(2)}x${slow.length ? `; below: ${slow.map((row) => row.name).join(', ')}` : ''} (not a target: the floor is)`,
    );
    const late = rows.filter((row) => row.server.p99 >= MAX_P99_MS);
    check(
      late.length === 0,
      `p99 under ${MAX_P99_MS} ms everywhere (highest ${Math.max(...rows.map((row) => row.server.p99))} ms${late.length ? `; over: ${late.map((row) => row.name).join(', ')}` : ''})`,
    );
    check(
      rows.every((row) => row.server.errors === 0 && row.nginx.errors === 0),
      'no errors or non-2xx answers',
    );
    check(rss < MAX_RSS_MB, `resident memory under ${MAX_RSS_MB} MB (${rss})`);
    const careersFloors = floors.filter((each) => each.name === 'job board' || each.name === 'apply page');
    check(
      careersFloors.every((each) => each.server.inServerRatio >= MIN_FLOOR_RATIO),
      `the job board and an apply page at least ${MIN_FLOOR_RATIO}x Node's floor in the server's process (${careersFloors.map((each) => `${each.name} ${each.server.inServerRatio.toFixed(2)}x`).join(', ')})`,
    );
    // autocannon counts the answers that arrived within its second; up to one per connection more
    // were still on their way, answered and counted by the server.
    check(
      views.written >= views.sent && views.written <= views.sent + CONNECTIONS,
      `every view of an apply page counted (${views.written} written of ${views.sent} answered, plus at most ${CONNECTIONS} under way)`,
    );
    if (options.json) console.log(JSON.stringify({ rows, floors, rss, views }));
    if (failures.length) {
      console.error(`\n${failures.length} target(s) missed.`);
      process.exitCode = 1;
    } else console.log('\nAll targets met.');
  } finally {
    await web?.stop();
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
