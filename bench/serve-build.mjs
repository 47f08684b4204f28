// Starts the production build on a free loopback port for a benchmark; returns its URL and a stop().
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/server/net.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

/**
 * `env` adds settings (TRUST_PROXY, say); the data directory is returned for inspection. `script`:
 * what starts the server (scripts/serve.mjs, or a bench's wrapper of it).
 */
export async function serveBuild({ env = {}, startTimeoutMs = 120_000, script = 'scripts/serve.mjs' } = {}) {
  if (!existsSync(new URL('../dist/server/entry.mjs', import.meta.url))) {
    throw new Error('No build in dist/: run `npm run build` first.');
  }
  const port = await freePort();
  // A throwaway data directory, so a benchmark never touches ./data.
  const dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-bench-'));
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, script], {
    env: { ...SERVER_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) {
        // Not left running (and holding the caller's stderr) when it is too slow to start.
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        throw new Error('The built server did not start.');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    dataDir,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
