import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A logger in a process of its own, its stdout a pipe (as under systemd or a log collector).
const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
function logLine(format: string | undefined): string {
  const script = `import { createLogger } from ${JSON.stringify(logger)};
createLogger('info', ${format ? JSON.stringify(format) : 'undefined'}).info({ userId: 'u-1', password: 'hunter2' }, 'application received');`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe('the log', () => {
  it('is JSON lines when stdout is not a terminal, or with LOG_FORMAT=json, with credentials redacted', () => {
    for (const format of [undefined, 'json']) {
      const line = JSON.parse(logLine(format)) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 30, service: 'helixpoint', msg: 'application received', userId: 'u-1', password: '[redacted]' });
    }
  });

  it('is readable lines with LOG_FORMAT=pretty (the default on a terminal), credentials still redacted', () => {
    const line = logLine('pretty');
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: application received/);
    expect(line).toContain('userId: "u-1"');
    expect(line).toContain('password: "[redacted]"');
    expect(line).not.toContain('hunter2');
  });
});
