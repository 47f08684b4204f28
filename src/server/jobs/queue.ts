import { PgBoss, type Db as IDatabase } from 'pg-boss';
import type { Database } from '../db/client.ts';
import { isSealedMail, sealMail, unsealMail, type SealedMail } from '../mail/sealed.ts';
import type { Mailer, MailMessage } from '../mail/transport.ts';
import { getMetrics } from '../metrics.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { runRetention, type RetentionPolicy } from '../privacy/retention.ts';
import { cleanUpAbandonedUploads } from '../uploads/cleanup.ts';
import { removeStaleReservations } from '../uploads/quota.ts';
import { removeUnconfirmedAlerts, sendAlertDigests } from '../alerts/alerts.ts';

/**
 * Background work in the same PostgreSQL (pg-boss): safe with several app instances, and a job
 * survives a restart. E-mail goes through here so an SMTP outage delays mail and loses none.
 */

export const SEND_EMAIL = 'send-email';
export const CLEANUP_UPLOADS = 'cleanup-uploads';
export const APPLY_RETENTION = 'apply-retention';
/** Job alert digests (src/server/alerts/): queued when a position is published, and hourly. */
export const JOB_ALERTS = 'job-alerts';

/** Exponential backoff from 30 s up to 1 h between tries, for about a day before giving up. */
export const emailRetryPolicy = { retryLimit: 30, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

export interface JobsOptions {
  databaseUrl: string;
  db: Database;
  mailer: Mailer;
  storage: ObjectStorage;
  log: (data: object, message: string) => void;
  /** The retention periods (the daily job that deletes what is due); no job when unset. */
  retention?: RetentionPolicy;
  /** Seals and unseals e-mails queued with enqueueSealedEmail() (AUTH_SECRET). */
  sealSecret: string;
  /** Tests shorten the retry delays. */
  emailRetry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax?: number };
  pollingIntervalSeconds?: number;
  /** Absolute links in job alert digests; no digest worker when unset. */
  siteUrl?: string;
}

export interface Jobs {
  boss: PgBoss;
  /**
   * Queues an e-mail; resolves once it is stored, before it is sent. Given a transaction's
   * connection, the job commits (or rolls back) with the rows it is about.
   */
  enqueueEmail(message: MailMessage, options?: { db?: IDatabase }): Promise<string>;
  /** Queues an e-mail stored encrypted: its recipient and text are in no table (src/server/mail/sealed.ts). */
  enqueueSealedEmail(message: MailMessage, options?: { db?: IDatabase }): Promise<string>;
  /** Queues a run of the job alert digests (with a transaction's connection: when it commits). */
  enqueueAlertDigest(options?: { db?: IDatabase; startAfter?: Date }): Promise<void>;
  /** Jobs waiting, running and failed per queue (for /metrics). */
  queueCounts(): Promise<{ name: string; queued: number; active: number; failed: number }[]>;
  /** Takes no new job from now on (a shutdown has begun); the ones running go on. Jobs can still be queued. */
  pause(): void;
  /**
   * Waits up to `timeoutMs` for the jobs running here to finish, then hands the rest back (failed
   * as "shut down while active", so pg-boss retries them on another instance), and stops.
   */
  stop(timeoutMs?: number): Promise<JobsStopReport>;
}

export interface JobsStopReport {
  /** Jobs running when the stop began that finished here. */
  finished: number;
  /** Jobs still running at the timeout, handed back for another instance to retry. */
  handedBack: number;
}

/** Every queue of the site: a backup carries their jobs, a restore creates them first. */
export const JOB_QUEUES = [SEND_EMAIL, CLEANUP_UPLOADS, APPLY_RETENTION, JOB_ALERTS] as const;

async function createQueues(boss: PgBoss, emailRetry: JobsOptions['emailRetry'] = emailRetryPolicy): Promise<void> {
  // A send that takes a minute is stuck (or its worker was killed): pg-boss then retries it.
  const email = { ...emailRetry, deleteAfterSeconds: 7 * 24 * 3600, expireInSeconds: 60 };
  await boss.createQueue(SEND_EMAIL, email);
  await boss.updateQueue(SEND_EMAIL, email);
  await boss.createQueue(CLEANUP_UPLOADS, { retryLimit: 3, retryDelay: 300 });
  await boss.createQueue(APPLY_RETENTION, { retryLimit: 3, retryDelay: 600 });
  await boss.createQueue(JOB_ALERTS, { retryLimit: 3, retryDelay: 300 });
}

/** Creates the job tables and the site's queues without running any worker (a restore fills them). */
export async function installJobSchema(databaseUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    application_name: 'helixpoint-restore',
  });
  await boss.start();
  try {
    await createQueues(boss);
  } finally {
    await boss.stop({ graceful: false });
  }
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: options.databaseUrl, schema: 'pgboss', application_name: 'helixpoint-jobs' });
  boss.on('error', (error) => options.log({ err: error }, 'job queue error'));
  await boss.start();

  await createQueues(boss, options.emailRetry);

  const metrics = getMetrics();
  const workOptions = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 };
  // The jobs this process is working on, so a shutdown can say what it finished and handed back.
  const running = new Set<object>();
  let stopping = false;
  let finishedWhileStopping = 0;
  const tracked =
    <T extends unknown[], R>(handler: (...args: T) => Promise<R>) =>
    async (...args: T): Promise<R> => {
      const token = {};
      running.add(token);
      try {
        return await handler(...args);
      } finally {
        running.delete(token);
        if (stopping) finishedWhileStopping += 1;
      }
    };
  // Up to 10 e-mails a fetch, fetching again at once while batches come back full: a burst of
  // applications is mailed within seconds, not one message per polling interval.
  await boss.work<MailMessage | SealedMail>(
    SEND_EMAIL,
    { ...workOptions, batchSize: 10, burstWhenBatchFull: true, perJobResults: true },
    tracked(async (batch) => {
      const results = [];
      for (const job of batch) {
        try {
          await options.mailer.send(isSealedMail(job.data) ? unsealMail(options.sealSecret, job.data) : job.data);
          metrics.emails.inc({ outcome: 'sent' });
          options.log({ jobId: job.id, attempt: job.retryCount }, 'e-mail sent');
          results.push({ id: job.id, status: 'completed' as const });
        } catch (error) {
          metrics.emails.inc({ outcome: 'failed' });
          metrics.jobFailures.inc({ queue: SEND_EMAIL });
          const message = (error as Error).message;
          options.log({ jobId: job.id, attempt: job.retryCount, err: { message } }, 'e-mail not sent; will retry');
          results.push({ id: job.id, status: 'failed' as const, output: { message } });
        }
      }
      return results;
    }),
  );
  // What visitors started and never finished: uploads never attached (and reservations of uploads
  // that died), job alerts never confirmed.
  await boss.work(
    CLEANUP_UPLOADS,
    workOptions,
    tracked(async () => {
      try {
        const removed = await cleanUpAbandonedUploads(options.db, options.storage);
        const reservations = await removeStaleReservations(options.db);
        const alerts = await removeUnconfirmedAlerts(options.db);
        options.log({ removed, reservations, unconfirmedAlerts: alerts }, 'abandoned uploads and unconfirmed job alerts cleaned up');
      } catch (error) {
        metrics.jobFailures.inc({ queue: CLEANUP_UPLOADS });
        throw error;
      }
    }),
  );
  // Hourly at :17 (off the hour, away from other schedulers): an abandoned upload goes within 4 hours.
  await boss.schedule(CLEANUP_UPLOADS, '17 * * * *');
  const { retention } = options;
  if (retention) {
    await boss.work(
      APPLY_RETENTION,
      workOptions,
      tracked(async () => {
        try {
          const run = await runRetention(options.db, options.storage, retention);
          options.log({ ...run }, 'retention applied');
        } catch (error) {
          metrics.jobFailures.inc({ queue: APPLY_RETENTION });
          throw error;
        }
      }),
    );
    // Daily at 02:43 UTC; pg-boss runs a schedule once whatever the number of instances.
    await boss.schedule(APPLY_RETENTION, '43 2 * * *');
  }

  const enqueue = async (data: MailMessage | SealedMail, db: IDatabase | undefined) => {
    const id = await boss.send(SEND_EMAIL, data, db ? { db } : {});
    if (!id) throw new Error('The e-mail could not be queued.');
    return id;
  };
  const { siteUrl } = options;
  if (siteUrl) {
    await boss.work(
      JOB_ALERTS,
      workOptions,
      tracked(async () => {
        try {
          const deps = {
            db: options.db,
            jobs: { enqueueEmail: (m: MailMessage, o: { db?: IDatabase } = {}) => enqueue(m, o.db) },
            siteUrl,
          };
          const run = await sendAlertDigests({ ...deps, secret: options.sealSecret });
          // Alerts mailed within the last 24 hours: a run when the first of them is due.
          if (run.nextDueAt) await boss.send(JOB_ALERTS, {}, { startAfter: run.nextDueAt });
          options.log({ sent: run.sent, nextDueAt: run.nextDueAt }, 'job alert digests queued');
        } catch (error) {
          metrics.jobFailures.inc({ queue: JOB_ALERTS });
          throw error;
        }
      }),
    );
    // Hourly as well (a run lost with its instance, a deployment between runs).
    await boss.schedule(JOB_ALERTS, '11 * * * *');
  }
  return {
    boss,
    enqueueEmail: (message, { db } = {}) => enqueue(message, db),
    enqueueSealedEmail: (message, { db } = {}) => enqueue(sealMail(options.sealSecret, message), db),
    enqueueAlertDigest: async ({ db, startAfter } = {}) => {
      await boss.send(JOB_ALERTS, {}, { ...(db ? { db } : {}), ...(startAfter ? { startAfter } : {}) });
    },
    queueCounts: async () =>
      (await boss.getQueues([...JOB_QUEUES])).map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      })),
    pause() {
      stopping = true;
      for (const queue of JOB_QUEUES) void boss.offWork(queue, { wait: false }).catch(() => {});
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      // pg-boss waits for the running jobs up to the timeout, then fails the rest (they are retried
      // elsewhere, with their retry policy) and closes its connections.
      await boss.stop({ graceful: true, timeout: timeoutMs });
      return { finished: finishedWhileStopping, handedBack: running.size };
    },
  };
}
