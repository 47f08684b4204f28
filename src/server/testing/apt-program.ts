import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * A server program the integration tests start (Dovecot, Radicale): found on the PATH or where
 * Debian puts it, or installed from Debian's apt when missing and the tests run as root; else
 * the tests are skipped with a sentence saying why. Looked for once per test file.
 */

export interface AptProgram {
  /** The program's path: found, or installed; undefined when it cannot be. */
  find(): string | undefined;
  /** Why the tests that need it cannot run here, in one sentence, or null when they can. */
  unavailableReason(): string | null;
}

const isRoot = () => process.getuid?.() === 0;

export function aptProgram({
  program,
  aptPackage,
  dirs,
  hint,
}: {
  program: string;
  aptPackage: string;
  /** Where Debian puts it, which a non-root PATH may lack (/usr/sbin). */
  dirs: readonly string[];
  /** "the IMAP tests need Dovecot (Debian: apt-get install dovecot-imapd)". */
  hint: string;
}): AptProgram {
  let located: { path: string | undefined; installError: string | undefined } | undefined;
  const locate = () => {
    for (const dir of [...(process.env.PATH ?? '').split(delimiter), ...dirs].filter(Boolean)) {
      const file = join(dir, program);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // Not in this directory.
      }
    }
    return undefined;
  };
  const install = () => {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Test files start in parallel, and each may try to install: wait for the other's apt lock instead of failing on it.
    const wait = ['-o', 'DPkg::Lock::Timeout=300'];
    const options = { env, stdio: ['ignore', 'ignore', 'pipe'] as ['ignore', 'ignore', 'pipe'], timeout: 600_000 };
    execFileSync('apt-get', [...wait, 'update', '-qq'], options);
    execFileSync('apt-get', [...wait, 'install', '-y', '-qq', aptPackage], options);
  };
  const find = () => {
    if (located) return located.path;
    let path = locate();
    let installError: string | undefined;
    if (!path && isRoot()) {
      try {
        install();
      } catch (error) {
        // apt-get's last complaint says why; the error's message only repeats the command.
        const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
        installError = stderr.split('\n').at(-1) || (error instanceof Error ? error.message.split('\n')[0] : String(error));
      }
      // Looked for even when apt-get failed: another test file's apt-get may have installed it meanwhile.
      path = locate();
    }
    located = { path, installError };
    return path;
  };
  return {
    find,
    unavailableReason() {
      if (find()) return null;
      if (!isRoot()) return `${hint}, which is not installed and cannot be installed here (not root)`;
      return `${hint}, which is not installed and could not be installed with apt-get (${located?.installError ?? 'not found after installing'})`;
    },
  };
}
