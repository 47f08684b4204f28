import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { untilReady } from './child-ready';

/* A helper process is ready at its first message; one that ends or stays silent is reported and never left running. */

const helper = (code: string) => spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });

describe('untilReady', () => {
  it('resolves at the first message', async () => {
    const child = helper(`process.send({ ready: true }); setTimeout(() => {}, 60_000)`);
    await expect(untilReady(child, 'The helper')).resolves.toBeUndefined();
    child.kill('SIGKILL');
    await once(child, 'exit');
  });

  it('rejects, with the error the caller makes, when the process ends before it is ready', async () => {
    class HelperError extends Error {}
    const child = helper(`process.exit(3)`);
    const ready = untilReady(child, 'The helper', { error: (message) => new HelperError(message) });
    await expect(ready).rejects.toThrow(HelperError);
    await expect(ready).rejects.toThrow('The helper did not start.');
  });

  it('kills a process that says nothing within the time allowed', async () => {
    const child = helper(`setTimeout(() => {}, 60_000)`);
    const exited = once(child, 'exit');
    await expect(untilReady(child, 'The helper', { timeoutMs: 300 })).rejects.toThrow('The helper did not start within 0.3 s.');
    const [, signal] = await exited;
    expect(signal).toBe('SIGKILL');
  });
});
