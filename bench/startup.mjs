// Start-up of `npm run serve` (the production build): cold (a new DATA_DIR: initdb, migrations,
// seed) and warm (the same DATA_DIR again), each timed from spawn to the first 200 from /healthz,
// then the resident memory of the Node process and of the embedded PostgreSQL after start.
//   npm run build && npx node bench/startup.mjs [--runs 3]
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/server/net.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

/** Resident set size in MB of a process, from /proc. */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};
const parentOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8').match(/PPid:\s+(\d+)/)?.[1];
  } catch {
    return undefined;
  }
};

/**
 * The PostgreSQL processes of a data directory: the postmaster (its command line names the
 * directory) and its children. Their RSS is summed, so shared buffers count once per process.
 */
function postgresPids(clusterDir) {
  const pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  const postmasters = new Set(pids.filter((pid) => cmdline(pid).includes(clusterDir)));
  return pids.filter((pid) => postmasters.has(pid) || postmasters.has(parentOf(pid)));
}

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.mjs'], {
    env: { ...SERVER_ENV, ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error('no 200 from /healthz within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const ms = performance.now() - started;
  // Let start-up work (jobs, first queries) settle before reading memory.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const nodeMb = rssMb(child.pid);
  const pgMb = postgresPids(join(dataDir, 'postgres')).reduce((total, pid) => total + rssMb(pid), 0);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms, nodeMb, pgMb };
}

const cold = [];
const warm = [];
for (let i = 0; i < runs; i += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-bench-'));
  chmodSync(dataDir, 0o755);
  try {
    cold.push(await startOnce(dataDir));
    warm.push(await startOnce(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const line = (name, results) =>
  `  ${name.padEnd(5)} median ${Math.round(median(results.map((r) => r.ms)))} ms (runs: ${results.map((r) => Math.round(r.ms)).join(', ')} ms); ` +
  `RSS Node ${median(results.map((r) => r.nodeMb)).toFixed(0)} MB, PostgreSQL ${median(results.map((r) => r.pgMb)).toFixed(0)} MB`;
console.log(`Start-up of npm run serve to the first 200 from /healthz (${runs} runs each):`);
console.log(line('cold', cold));
console.log(line('warm', warm));
