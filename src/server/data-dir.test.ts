import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError, assertWritableDataDir, canEnter, explainDataDirError } from './data-dir';
import { loadConfig } from './config';
import { startEmbeddedPostgres } from './db/embedded';

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('DATA_DIR errors in one line', () => {
  it('names DATA_DIR and what to do for each file-system refusal', () => {
    expect(explainDataDirError('/srv/data', errno('EROFS')).message).toBe(
      'DATA_DIR /srv/data is on a read-only file system: give DATA_DIR a writable directory.',
    );
    expect(explainDataDirError('/srv/data', errno('ENOSPC')).message).toBe(
      'DATA_DIR /srv/data is on a full disk: free some space there, or give DATA_DIR a directory on another disk.',
    );
    expect(explainDataDirError('/srv/data', errno('EACCES')).message).toMatch(/^DATA_DIR \/srv\/data cannot be written by this user/);
    expect(explainDataDirError('/srv/data', errno('ENOTDIR')).message).toBe(
      'DATA_DIR /srv/data is not a directory: give DATA_DIR a directory path.',
    );
  });

  it('decides who may enter a directory from its owner, group and mode', () => {
    const user = { name: 'postgres', uid: 101, gids: [104] };
    expect(canEnter({ uid: 0, gid: 0, mode: 0o700 }, user)).toBe(false);
    expect(canEnter({ uid: 0, gid: 0, mode: 0o711 }, user)).toBe(true);
    expect(canEnter({ uid: 0, gid: 104, mode: 0o750 }, user)).toBe(true);
    expect(canEnter({ uid: 101, gid: 0, mode: 0o700 }, user)).toBe(true);
    expect(canEnter({ uid: 0, gid: 0, mode: 0o755 }, undefined)).toBe(true);
  });

  it('refuses a DATA_DIR that is a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'datadir-file-'));
    try {
      writeFileSync(join(dir, 'data'), 'not a directory');
      expect(() => assertWritableDataDir(join(dir, 'data'))).toThrow(DataDirError);
      expect(() => assertWritableDataDir(join(dir, 'data'))).toThrow(/is not a directory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Run as root (as in most containers): PostgreSQL runs as the "postgres" user, and read-only or
// full disks are made with real tmpfs mounts.
describe.runIf(process.getuid?.() === 0)('start-up as root', () => {
  const parent = mkdtempSync(join(tmpdir(), 'datadir-root-'));
  const mounts: string[] = [];
  const mount = (options: string) => {
    const dir = join(parent, `mount-${mounts.length}`);
    mkdirSync(dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
    mounts.push(dir);
    return dir;
  };

  afterAll(() => {
    for (const dir of mounts) execFileSync('umount', [dir]);
    rmSync(parent, { recursive: true, force: true });
  });

  it('stops with one line when a directory above DATA_DIR is closed to the database user, changing nothing outside DATA_DIR', async () => {
    chmodSync(parent, 0o700);
    const dataDir = join(parent, 'closed', 'data');
    const error = await startEmbeddedPostgres(dataDir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirError);
    expect((error as Error).message).toBe(
      `DATA_DIR ${dataDir} cannot be used by the embedded PostgreSQL: run as root, it runs as the system user "postgres", which cannot enter ${parent} (mode 700). Give DATA_DIR a directory others may enter (such as /var/lib/helixpoint), run as a non-root user, or set DATABASE_URL.`,
    );
    expect(statSync(parent).mode & 0o777).toBe(0o700);
  });

  it('works with a DATA_DIR only root may enter, opening DATA_DIR itself just enough', async () => {
    chmodSync(parent, 0o755);
    const dataDir = join(parent, 'private');
    mkdirSync(dataDir, { mode: 0o700 });
    const database = await startEmbeddedPostgres(dataDir);
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o701);
      expect(statSync(join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    } finally {
      await database.stop();
    }
  }, 120_000);

  it('stops with one line on a read-only disk', async () => {
    const dataDir = join(mount('ro,size=1m'), 'data');
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is on a read-only file system: give DATA_DIR a writable directory.`,
    );
  });

  it('stops with the same line when the settings are read, before any database (DATABASE_URL set)', () => {
    const dataDir = join(mount('ro,size=1m'), 'data');
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.internal/helixpoint' })).toThrow(
      `DATA_DIR ${dataDir} is on a read-only file system: give DATA_DIR a writable directory.`,
    );
  });

  it('stops with one line on a full disk', async () => {
    const disk = mount('size=64k');
    writeFileSync(join(disk, 'filler'), Buffer.alloc(64 * 1024));
    const dataDir = join(disk, 'data');
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      `DATA_DIR ${dataDir} is on a full disk: free some space there, or give DATA_DIR a directory on another disk.`,
    );
  });

  it('stops with one line on a disk with too little room for the database', async () => {
    const dataDir = join(mount('size=8m'), 'data');
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      new RegExp(`^DATA_DIR ${dataDir} has only \\d+ MB free \\(at least 64 MB needed\\)`),
    );
  });
});
