import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDir, testServerSecret } from './fixtures';

/**
 * A second instance of the site on the test server's database, as a fleet runs it: the same
 * PostgreSQL (DATABASE_URL), the same files (its uploads folder is the first's, as one S3 bucket
 * would be) and the same AUTH_SECRET, on a port of its own. For showing that what one instance
 * changes, the other serves within a second (LISTEN/NOTIFY, decision 025).
 */
export interface SecondInstance {
  url: string;
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startSecondInstance(siteUrl: string): Promise<SecondInstance> {
  const primary = dataDir();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-e2e-second-'));
  chmodSync(dir, 0o755);
  symlinkSync(join(primary, 'uploads'), join(dir, 'uploads'));
  const pgPort = readFileSync(join(primary, 'postgres.port'), 'utf8').trim();
  const password = readFileSync(join(primary, 'postgres-password'), 'utf8').trim();
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/helixpoint`,
      AUTH_SECRET: testServerSecret(),
      SITE_URL: siteUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The second instance exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The second instance did not get ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
