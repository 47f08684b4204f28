import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, statSync, statfsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * DATA_DIR checked before anything is written into it, so a start-up that cannot work stops with
 * one line naming DATA_DIR and what to do, instead of a stack trace from initdb or PostgreSQL.
 */

export class DataDirError extends Error {
  override name = 'DataDirError';
}

/** Below this the embedded database cannot even be created (initdb needs about 40 MB). */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** The one line for a file-system error met while preparing DATA_DIR. */
export function explainDataDirError(dataDir: string, error: unknown): DataDirError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'EROFS':
      return new DataDirError(`DATA_DIR ${dataDir} is on a read-only file system: give DATA_DIR a writable directory.`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new DataDirError(
        `DATA_DIR ${dataDir} is on a full disk: free some space there, or give DATA_DIR a directory on another disk.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new DataDirError(
        `DATA_DIR ${dataDir} cannot be written by this user (uid ${process.getuid?.() ?? '?'}): make it writable (chown/chmod), or give DATA_DIR another directory.`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new DataDirError(`DATA_DIR ${dataDir} is not a directory: give DATA_DIR a directory path.`);
    default:
      return new DataDirError(`DATA_DIR ${dataDir} cannot be used: ${(error as Error)?.message ?? String(error)}.`);
  }
}

/** mkdir -p one level at a time: a recursive mkdir reports ENOENT where the real refusal is EROFS or EACCES. */
function makeDirectory(dir: string): void {
  if (existsSync(dir)) return;
  makeDirectory(dirname(dir));
  try {
    mkdirSync(dir, { mode: 0o755 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Creates DATA_DIR if needed and proves it takes a write that reaches the disk, with room to spare. */
export function assertWritableDataDir(dataDir: string, minFreeBytes = MIN_FREE_BYTES): void {
  const probe = join(dataDir, `.write-check-${process.pid}`);
  try {
    makeDirectory(dataDir);
    writeFileSync(probe, 'ok\n', { flush: true });
  } catch (error) {
    throw explainDataDirError(dataDir, error);
  } finally {
    try {
      rmSync(probe, { force: true });
    } catch {
      // Nothing was written (DATA_DIR is not a directory): the error above says so.
    }
  }
  const { bavail, bsize } = statfsSync(dataDir);
  const free = Number(bavail) * Number(bsize);
  if (free < minFreeBytes) {
    throw new DataDirError(
      `DATA_DIR ${dataDir} has only ${Math.floor(free / 1024 / 1024)} MB free (at least ${minFreeBytes / 1024 / 1024} MB needed): free some space there, or give DATA_DIR a directory on another disk.`,
    );
  }
}

export interface SystemUser {
  name: string;
  uid: number;
  gids: number[];
}

/** The system user the embedded PostgreSQL runs as when we are root, if it exists yet. */
export function systemUser(name: string): SystemUser | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gids = execFileSync('id', ['-G', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split(/\s+/)
      .map(Number);
    return { name, uid, gids };
  } catch {
    return undefined;
  }
}

/** May `user` enter (search) the directory with these owner and mode bits? (A user created later owns nothing: "others".) */
export function canEnter(info: { uid: number; gid: number; mode: number }, user: SystemUser | undefined): boolean {
  if (user && info.uid === user.uid) return (info.mode & 0o100) !== 0;
  if (user && user.gids.includes(info.gid)) return (info.mode & 0o010) !== 0;
  return (info.mode & 0o001) !== 0;
}

/**
 * As root, PostgreSQL runs as another user, which must be able to walk down to DATA_DIR/postgres.
 * DATA_DIR itself is ours to fix (others may enter it, nothing more: its files stay owner-only);
 * a directory above it is not, so that case stops with what to do.
 */
export function assertReachableBy(dataDir: string, userName: string): void {
  const user = systemUser(userName);
  const dataDirInfo = statSync(dataDir);
  if (!canEnter(dataDirInfo, user)) chmodSync(dataDir, dataDirInfo.mode | 0o001);
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const info = statSync(dir);
    if (!canEnter(info, user)) {
      throw new DataDirError(
        `DATA_DIR ${dataDir} cannot be used by the embedded PostgreSQL: run as root, it runs as the system user "${userName}", which cannot enter ${dir} (mode ${(info.mode & 0o777).toString(8)}). Give DATA_DIR a directory others may enter (such as /var/lib/helixpoint), run as a non-root user, or set DATABASE_URL.`,
      );
    }
    if (dirname(dir) === dir) break;
  }
}
