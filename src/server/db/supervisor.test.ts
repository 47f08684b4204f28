import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type Jobs } from '../jobs/queue';
import { createMailer } from '../mail/transport';
import { startOwnTestDatabase, type OwnTestDatabase } from '../testing/database';
import { connect, isDatabaseReachable, migrationCount, type DatabaseHandle } from './client';
import { openDatabase } from './open';
import { backoffDelay } from './supervisor';

describe('restart backoff', () => {
  it('doubles from 250 ms and stops growing at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffDelay(attempt))).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe('the supervised embedded PostgreSQL', () => {
  let database: OwnTestDatabase;
  // A second pool and a job queue on the same server through its URL: what an app with
  // DATABASE_URL sees when its external PostgreSQL restarts.
  let external: DatabaseHandle;
  let jobs: Jobs;
  const dir = mkdtempSync(join(tmpdir(), 'supervisor-'));
  const outbox = join(dir, 'mail');
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await startOwnTestDatabase({
      warn: (_data, message) => logLines.push(message),
      info: (_data, message) => logLines.push(message),
    });
    external = connect(database.url);
    jobs = await startJobs({
      databaseUrl: database.url,
      mailer: createMailer({ from: 'Helixpoint <no-reply@helixpoint.test>', outboxDir: outbox }),
      sealSecret: 'supervisor-test-secret-supervisor-test-secret',
      log: () => {},
      pollingIntervalSeconds: 0.5,
    });
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    await external?.close();
    await database?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('is started again after it is killed, and the pools and the job queue carry on without a restart of the app', async () => {
    const supervisor = database.supervisor!;
    const killed = supervisor.pid!;
    expect(await isDatabaseReachable(database.pool)).toBe(true);
    // Warm connections in both pools, so recovery must replace broken ones.
    await Promise.all([database.pool.query('select 1'), external.pool.query('select 1')]);

    process.kill(killed, 'SIGKILL');

    await expect.poll(() => supervisor.state, { timeout: 5_000 }).toBe('restarting');
    expect(await isDatabaseReachable(database.pool, 500)).toBe(false);
    await expect.poll(() => supervisor.state, { timeout: 60_000, interval: 100 }).toBe('running');
    expect(supervisor.pid).not.toBe(killed);
    expect(supervisor.restarts).toBe(1);
    expect(logLines).toContain('embedded PostgreSQL exited unexpectedly; restarting it');
    expect(logLines.some((line) => /^embedded PostgreSQL: restart attempt 1 in \d+ ms$/.test(line))).toBe(true);

    await expect.poll(() => isDatabaseReachable(database.pool), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => isDatabaseReachable(external.pool), { timeout: 10_000 }).toBe(true);
    const { rows } = await external.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBeGreaterThan(0);

    // A job queued after the restart is picked up by the workers started before it.
    await expect
      .poll(
        async () =>
          jobs
            .enqueueEmail({ to: 'back@helixpoint.test', subject: 'After the restart', html: '<p>hi</p>', text: 'hi' })
            .then(() => true)
            .catch(() => false),
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect.poll(() => readdirSync(outbox, { withFileTypes: true }).length > 0 || false, { timeout: 30_000 }).toBe(true);
  }, 120_000);

  it('lets instances that start together on a new external database migrate it once', async () => {
    await database.pool.query('create database fleet_start');
    const url = database.url.replace(/\/helixpoint$/, '/fleet_start');
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir: dir, databaseUrl: url }, () => {})));
    const { rows } = await opened[0]!.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0]!.n).toBe(migrationCount());
    // And the index built concurrently after the migrations, while the others waited (issue 36).
    const index = await opened[1]!.pool.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'applications_search_bigrams_idx'`,
    );
    expect(index.rows).toEqual([{ valid: true }]);
    await Promise.all(opened.map((handle) => handle.close()));
  }, 60_000);

  it('is not restarted once the app stops it', async () => {
    const supervisor = database.supervisor!;
    await database.close();
    expect(supervisor.state).toBe('stopped');
  }, 60_000);
});
