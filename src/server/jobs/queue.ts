import { PgBoss, type Db as IDatabase, type Job, type Queue } from 'pg-boss';
import { isSealedMail, sealMail, unsealMail, type SealedMail } from '../mail/sealed.ts';
import type { Mailer, MailMessage } from '../mail/transport.ts';
import { getMetrics } from '../metrics.ts';
import { mailRecovery, sendFailure } from './mail-recovery.ts';

/**
 * Background work in the same PostgreSQL (pg-boss): safe with several app instances, and a job
 * survives a restart. E-mail goes through here so an SMTP outage delays mail and loses none.
 *
 * The queue knows no domain (decision 038): a domain declares its queues and workers in its
 * module (src/server/<domain>/module.ts), the list of modules (src/server/modules.ts) hands them
 * to the runtime, which registers them here at start. E-mail is the platform's own queue.
 */

export const SEND_EMAIL = 'send-email';

/** Exponential backoff from 30 s up to 1 h between tries, for about a day before giving up. */
export const emailRetryPolicy = { retryLimit: 30, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

/** A queue a domain declares: its name, retry policy, and (optionally) when it runs on its own. */
export interface JobQueue {
  name: string;
  options: Omit<Queue, 'name'>;
  /** A cron schedule (UTC); pg-boss runs it once whatever the number of instances. */
  schedule?: string;
}

/** What a worker may do besides its work: queue more (a later run, e-mails) and log. */
export interface JobSender {
  /**
   * Queues a job. `singletonKey`: on a queue whose policy allows one queued job per key ('short'),
   * a second job of the same key is not queued while the first waits.
   */
  send(queue: string, data?: object, options?: { db?: IDatabase; startAfter?: Date; singletonKey?: string }): Promise<void>;
  /** Queues an e-mail (with `startAfter`, to go then); resolves with its job's id. */
  enqueueEmail(message: MailMessage, options?: { db?: IDatabase; startAfter?: Date }): Promise<string>;
  /** Cancels a queued e-mail that has not started to go; false when it is going or gone. */
  cancelEmail(jobId: string): Promise<boolean>;
}

/** The work done for a queue's jobs on this instance, one job at a time unless it says otherwise. */
export interface JobWorker {
  queue: string;
  /** Jobs of the queue run side by side on this instance (default 1): one slow job holds back no other. */
  localConcurrency?: number;
  /** Throws to have the job retried (with the queue's policy); counted in the job failure metric. */
  run(job: Job<object>, jobs: JobSender): Promise<void>;
}

export interface JobsOptions {
  databaseUrl: string;
  mailer: Mailer;
  log: (data: object, message: string) => void;
  /** Seals and unseals e-mails queued with enqueueSealedEmail() (AUTH_SECRET). */
  sealSecret: string;
  /** Tests shorten the retry delays. */
  emailRetry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean; retryDelayMax?: number };
  pollingIntervalSeconds?: number;
  /**
   * Wake the e-mail worker the moment an e-mail is queued (PostgreSQL LISTEN/NOTIFY, sent at commit),
   * not at its next poll. On by default; the test backend, which keeps e-mails queued, turns it off.
   */
  sendOnQueue?: boolean;
}

export interface Jobs extends JobSender {
  boss: PgBoss;
  /** Queues an e-mail stored encrypted: its recipient and text are in no table (src/server/mail/sealed.ts). */
  enqueueSealedEmail(message: MailMessage, options?: { db?: IDatabase }): Promise<string>;
  /** Creates (or updates) a domain's queue and its schedule. */
  addQueue(queue: JobQueue): Promise<void>;
  /** Works a queue's jobs on this instance. */
  work(worker: JobWorker): Promise<void>;
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

const emailQueue = (emailRetry: JobsOptions['emailRetry'] = emailRetryPolicy): JobQueue => ({
  name: SEND_EMAIL,
  // A send ends within 30 s whatever the server does (the transport's timeouts, mail/transport.ts):
  // one still active after that was on an instance that died, and pg-boss retries it.
  // notify: queuing one wakes the workers listening (a sign-in link is mailed at once, not up to 2 s later).
  options: { ...emailRetry, deleteAfterSeconds: 7 * 24 * 3600, expireInSeconds: 30, notify: true },
});

async function createQueue(boss: PgBoss, queue: JobQueue): Promise<void> {
  await boss.createQueue(queue.name, queue.options);
  // Retry and retention settings changed by an upgrade apply to the queue an earlier release created
  // (its policy is set once, at creation: pg-boss refuses to change it).
  const { policy: _policy, partition: _partition, ...changeable } = queue.options;
  await boss.updateQueue(queue.name, changeable);
}

/** Every queue's name: the platform's e-mail queue and the domains' (a backup carries their jobs). */
export const queueNames = (queues: readonly JobQueue[]): string[] => [SEND_EMAIL, ...queues.map((queue) => queue.name)];

/** Creates the job tables and the given queues without running any worker (a restore fills them). */
export async function installJobSchema(databaseUrl: string, queues: readonly JobQueue[]): Promise<void> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    application_name: 'helixpoint-restore',
  });
  await boss.start();
  try {
    for (const queue of [emailQueue(), ...queues]) await createQueue(boss, queue);
  } finally {
    await boss.stop({ graceful: false });
  }
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    application_name: 'helixpoint-jobs',
    // How often expired jobs (their instance died) are found and retried: every 15 s, not 60, so an
    // e-mail a killed instance was sending goes out within about a minute (npm run bench:faults).
    monitorIntervalSeconds: 15,
    superviseIntervalSeconds: 15,
    // One connection per instance listens for new e-mails; without it (PgBouncer in transaction
    // mode, say) pg-boss warns and the worker polls as before.
    useListenNotify: options.sendOnQueue ?? true,
  });
  boss.on('error', (error) => options.log({ err: error }, 'job queue error'));
  await boss.start();

  await createQueue(boss, emailQueue(options.emailRetry));
  const queues = new Set<string>([SEND_EMAIL]);

  const metrics = getMetrics();
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  // Still polling as often while notified: a retry coming due sends no notification.
  const workOptions = { pollingIntervalSeconds, notifyPollingIntervalSeconds: pollingIntervalSeconds, batchSize: 1 };
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
  // Set once the e-mail worker is registered: the recovery after an outage wakes it.
  const mailWorker: { id?: string } = {};
  const afterMailBatch = mailRecovery(boss, SEND_EMAIL, {
    log: options.log,
    wake: () => {
      if (mailWorker.id) boss.notifyWorker(mailWorker.id);
    },
  });
  // Up to 10 e-mails a fetch, fetching again at once while batches come back full: a burst of
  // applications is mailed within seconds, not one message per polling interval.
  mailWorker.id = await boss.work<MailMessage | SealedMail>(
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
          const output = sendFailure(error);
          options.log(
            { jobId: job.id, attempt: job.retryCount, err: { message: output.message, code: (error as { code?: string }).code } },
            'e-mail not sent; will retry',
          );
          results.push({ id: job.id, status: 'failed' as const, output });
        }
      }
      // The server answered after an outage: what it held back is due now (not awaited: this batch completes first).
      void afterMailBatch({
        sent: results.filter((result) => result.status === 'completed').length,
        outages: results.filter((result) => result.status === 'failed' && result.output.outage).length,
      });
      return results;
    }),
  );

  const enqueue = async (data: MailMessage | SealedMail, db: IDatabase | undefined, startAfter?: Date) => {
    const id = await boss.send(SEND_EMAIL, data, { ...(db ? { db } : {}), ...(startAfter ? { startAfter } : {}) });
    if (!id) throw new Error('The e-mail could not be queued.');
    return id;
  };
  const sender: JobSender = {
    send: async (queue, data = {}, { db, startAfter, singletonKey } = {}) => {
      await boss.send(queue, data, {
        ...(db ? { db } : {}),
        ...(startAfter ? { startAfter } : {}),
        ...(singletonKey ? { singletonKey } : {}),
      });
    },
    enqueueEmail: (message, { db, startAfter } = {}) => enqueue(message, db, startAfter),
    async cancelEmail(jobId) {
      // Only one still waiting (or waiting to be tried again): an active one may be on the wire already.
      const [job] = await boss.findJobs(SEND_EMAIL, { id: jobId });
      if (job?.state !== 'created' && job?.state !== 'retry') return false;
      await boss.cancel(SEND_EMAIL, jobId);
      return true;
    },
  };
  return {
    boss,
    ...sender,
    enqueueSealedEmail: (message, { db } = {}) => enqueue(sealMail(options.sealSecret, message), db),
    async addQueue(queue) {
      await createQueue(boss, queue);
      queues.add(queue.name);
      if (queue.schedule) await boss.schedule(queue.name, queue.schedule);
    },
    async work(worker) {
      await boss.work(
        worker.queue,
        { ...workOptions, ...(worker.localConcurrency ? { localConcurrency: worker.localConcurrency } : {}) },
        tracked(async (batch: Job<object>[]) => {
          try {
            for (const job of batch) await worker.run(job, sender);
          } catch (error) {
            metrics.jobFailures.inc({ queue: worker.queue });
            throw error;
          }
        }),
      );
    },
    queueCounts: async () =>
      (await boss.getQueues([...queues])).map((queue) => ({
        name: queue.name,
        queued: queue.queuedCount,
        active: queue.activeCount,
        failed: queue.failedCount,
      })),
    pause() {
      stopping = true;
      for (const queue of queues) void boss.offWork(queue, { wait: false }).catch(() => {});
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
