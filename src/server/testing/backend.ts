import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { startJobs, type Jobs } from '../jobs/queue.ts';
import { jobQueues } from '../modules.ts';
import { createLogger, type Logger } from '../logger.ts';
import { createMailer, type Mailer, type MailMessage } from '../mail/transport.ts';
import { createRateLimiters, type RateLimiters } from '../rate-limit.ts';
import { createImageWorker } from '../media/image-worker.ts';
import type { Runtime } from '../runtime-types.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { createFsStorage } from '../storage/fs-driver.ts';
import { defaultUploadQuota } from '../uploads/quota.ts';
import { startTestDatabase, type TestDatabase } from './database.ts';
import { dispatchNext } from '../events/dispatch.ts';
import type { StoredEvent } from '../events/record.ts';
import { noticeDeps } from '../notifications/module.ts';
import { flushNotices, NOTICE_MAILS, noticeEvent } from '../notifications/notices.ts';

/** The AUTH_SECRET of integration tests (sealed e-mails, pseudonyms). */
export const TEST_SECRET = 'integration-test-secret-integration-test-secret';

export interface TestBackend {
  database: TestDatabase;
  storage: ObjectStorage;
  mailer: Mailer;
  /** The queue's workers poll rarely: integration tests look at queued jobs, not their delivery. */
  jobs: Jobs;
  rateLimits: RateLimiters;
  logger: Logger;
  /** The pieces above as the app's Runtime, with the config a test gives (auth left out). */
  runtime: Runtime;
  stop(): Promise<void>;
}

export interface TestBackendOptions {
  siteUrl?: string;
  mail?: Partial<AppConfig['mail']>;
  retention?: AppConfig['retention'];
  /** REPLY_ADDRESS (issue 35): the e-mails of threads carry its +token forms; unset: none. */
  replyAddress?: string | null;
}

/**
 * What an integration test of a server command needs, all real: a migrated embedded PostgreSQL,
 * file storage in a temporary folder, the pg-boss queue and the rate limiters.
 */
export async function startTestBackend({
  siteUrl = 'https://www.helixpoint.test',
  mail = {},
  retention = { applicationDays: 365, messageDays: 365, auditDays: 730, talentPoolMonths: 12 },
  replyAddress = null,
}: TestBackendOptions = {}): Promise<TestBackend> {
  const database = await startTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'helixpoint-test-'));
  const logger = createLogger('silent');
  const storage = createFsStorage(join(dir, 'uploads'));
  const mailer = createMailer({ from: 'Helixpoint <no-reply@helixpoint.test>', outboxDir: join(dir, 'mail'), logger });
  const jobs = await startJobs({
    databaseUrl: database.url,
    mailer,
    sealSecret: TEST_SECRET,
    log: () => {},
    pollingIntervalSeconds: 3600,
    sendOnQueue: false,
  });
  // The domains' queues as the server creates them, without their schedules (no worker runs here).
  for (const { schedule: _schedule, ...queue } of jobQueues) await jobs.addQueue(queue);
  const rateLimits = createRateLimiters(database.pool);
  const images = createImageWorker();
  // Only the fields the commands read; a test that needs more passes its own.
  const runtime = {
    config: {
      siteUrl,
      mail,
      trustProxy: true,
      authSecret: TEST_SECRET,
      retention,
      inbound: { replyAddress, smtpPort: undefined, smtpHost: '127.0.0.1', imapUrl: undefined, imapPollMs: 60_000, authservId: null },
      dataDir: dir,
      uploads: defaultUploadQuota,
    },
    logger,
    database,
    storage,
    mailer,
    jobs,
    rateLimits,
    // Started with the first image a test works on, as in the server.
    images,
  } as unknown as Runtime;
  return {
    database,
    storage,
    mailer,
    jobs,
    rateLimits,
    logger,
    runtime,
    async stop() {
      await images.close();
      await jobs.stop();
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The e-mails queued to an address (the send-email jobs, oldest first): integration tests read what a command sent. */
export async function queuedMailsTo(backend: Pick<TestBackend, 'database'>, address: string): Promise<MailMessage[]> {
  const { rows } = await backend.database.pool.query<{ data: MailMessage }>(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on`,
    [address],
  );
  return rows.map((row) => row.data);
}

/** Forgets every queued e-mail (a test's own start). */
export async function clearQueuedMails(backend: Pick<TestBackend, 'database'>): Promise<void> {
  await backend.database.pool.query(`delete from pgboss.job where name = 'send-email'`);
}

/**
 * Hands the recorded events waiting to the notices, as the server's dispatcher does (no dispatcher
 * runs in the test backend). Returns how many events.
 */
export async function deliverEvents(backend: Pick<TestBackend, 'database' | 'jobs' | 'runtime'>, now = new Date()): Promise<number> {
  const deps = noticeDeps(backend.runtime);
  const consumers = [
    { name: 'notifications', handle: (event: StoredEvent) => noticeEvent(deps, event, backend.jobs, now).then(() => undefined) },
  ];
  let handed = 0;
  while (await dispatchNext({ db: backend.database.db, pool: backend.database.pool, jobs: backend.jobs, consumers, log: () => {} }, now))
    handed += 1;
  return handed;
}

/**
 * Runs the notice e-mails whose coalescing window has ended by `now` (the jobs the server's worker
 * would run then), and removes their jobs. Returns how many ran.
 */
export async function runNoticeWindows(backend: Pick<TestBackend, 'database' | 'jobs' | 'runtime'>, now: Date): Promise<number> {
  const { rows } = await backend.database.pool.query<{ data: Parameters<typeof flushNotices>[1] }>(
    `delete from pgboss.job where name = $1 and state = 'created' and start_after <= $2 returning data`,
    [NOTICE_MAILS, now],
  );
  for (const { data } of rows) await flushNotices(noticeDeps(backend.runtime), data, backend.jobs, now);
  return rows.length;
}
