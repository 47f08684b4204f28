import type { ChildProcess } from 'node:child_process';

/**
 * A forked helper process (the resume reader, the image process) is ready at its first message.
 * Resolves then; rejects, with the process killed, when it exits, fails to start, or says nothing
 * within `timeoutMs`. `what` names it in the error ("The image process").
 */
export function untilReady(
  child: ChildProcess,
  what: string,
  { timeoutMs = 30_000, error = (message: string) => new Error(message) }: { timeoutMs?: number; error?: (message: string) => Error } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (reason: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(reason);
    };
    const timer = setTimeout(() => fail(error(`${what} did not start within ${timeoutMs / 1000} s.`)), timeoutMs);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', () => fail(error(`${what} did not start.`)));
    child.once('error', fail);
  });
}
