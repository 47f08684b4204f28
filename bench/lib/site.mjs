// Starting and stopping instances of the production build (scripts/serve.mjs) for drills and
// tests: each with its own port and environment, its log lines kept for inspection.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** `dir`: the checkout whose build is asked for (ours unless given). */
export function assertBuilt(dir = root) {
  if (!existsSync(join(dir, 'dist/server/entry.mjs'))) {
    throw new Error(`No build in ${join(dir, 'dist')}: run \`npm run build\` first.`);
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes; returns the value or undefined. */
export async function waitFor(check, { timeoutMs = 30_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(check)
      .catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) return undefined;
    await sleep(intervalMs);
  }
}

export async function healthStatus(url) {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3_000) })).status;
  } catch {
    return 0;
  }
}

/**
 * Starts `node scripts/serve.mjs` with `env` on `port` and waits for /healthz 200. `lines` holds
 * every JSON log line (parsed) the instance printed. `cwd`: another checkout's build (a release).
 */
export async function startSite({ port, env, name = `site:${port}`, timeoutMs = 60_000, cwd = root }) {
  assertBuilt(cwd);
  // A variable given as undefined is left out (SITE_URL: undefined starts the server without one).
  const childEnv = Object.fromEntries(
    Object.entries({ ...SERVER_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.mjs'], {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  let stderr = '';
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        lines.push(JSON.parse(line));
      } catch {
        lines.push({ msg: line });
      }
    }
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const healthy = await Promise.race([waitFor(async () => (await healthStatus(url)) === 200, { timeoutMs }), exited.then(() => false)]);
  if (!healthy) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${stderr.trim() || lines.at(-1)?.msg || 'no output'}`);
  }
  return {
    name,
    url,
    port,
    pid: child.pid,
    lines,
    stderr: () => stderr,
    exited,
    /** SIGTERM: finish in-flight requests, stop jobs and the database. */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    /** SIGKILL the Node process alone, as the out-of-memory killer would. */
    kill: async () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}
