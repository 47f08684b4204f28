import { createAuth, withdrawUnlistedAdmins, type Auth } from './accounts/auth.ts';
import type { AppConfig } from './config.ts';
import { settled } from './after-response.ts';
import { assertWritableDataDir } from './data-dir.ts';
import { isDatabaseReachable } from './db/client.ts';
import { describeError } from './failures.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { seedIfNeverSeeded } from './db/seed.ts';
import { createViewCounter, writeViews, type ViewCounter } from './insights/views.ts';
import { startJobs, type Jobs, type JobsStopReport } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { getMetrics } from './metrics.ts';
import { listenForPositionChanges, type PositionChangeListener } from './positions/changes.ts';
import { createRateLimiters, type RateLimiters } from './rate-limit.ts';
import { createMailer, type Mailer } from './mail/transport.ts';
import { setRuntime } from './runtime-registry.ts';
import { createStorage } from './storage/index.ts';
import type { ObjectStorage } from './storage/types.ts';

/** Everything the server holds while it runs, started in dependency order and stopped in reverse. */
export interface Runtime {
  config: AppConfig;
  logger: Logger;
  database: OpenDatabase;
  storage: ObjectStorage;
  mailer: Mailer;
  jobs: Jobs;
  rateLimits: RateLimiters;
  auth: Auth;
  /** Hears other instances announce position changes (positions/changes.ts). */
  positionChanges: PositionChangeListener;
  /** Counts views of the job board and position pages, written in batches (insights/views.ts). */
  views: ViewCounter;
  isHealthy(): Promise<boolean>;
  /** Stops in reverse order; the jobs get up to `jobsTimeoutMs` to finish before they are handed back. */
  stop(options?: { jobsTimeoutMs?: number }): Promise<{ jobs: JobsStopReport }>;
}

export async function startRuntime(config: AppConfig, logger: Logger): Promise<Runtime> {
  // DATA_DIR is written to with an external database too (static pages, mail outbox, uploads).
  assertWritableDataDir(config.dataDir);
  const database = await openDatabase(config, (message) => logger.info(message), {
    warn: (data, message) => logger.warn(data, message),
    info: (data, message) => logger.info(data, message),
  });
  try {
    const seeded = await seedIfNeverSeeded(database.db);
    if (seeded) logger.info(seeded, 'demo departments and positions added');
    // An address taken off ADMIN_EMAILS loses the admin role the list gave it (decision 028).
    await withdrawUnlistedAdmins(database.db, config.adminEmails, (data, message) => logger.warn(data, message));
    const storage = await createStorage({
      driver: config.storage.driver,
      dataDir: config.dataDir,
      ...(config.storage.s3 ? { s3: config.storage.s3 } : {}),
    });
    const mailer = createMailer({
      ...(config.mail.smtpUrl ? { smtpUrl: config.mail.smtpUrl } : {}),
      from: config.mail.from,
      outboxDir: config.mail.outboxDir,
      logger,
    });
    const jobs = await startJobs({
      databaseUrl: database.url,
      db: database.db,
      mailer,
      storage,
      sealSecret: config.authSecret,
      retention: config.retention,
      siteUrl: config.siteUrl,
      log: (data, message) => logger.info(data, message),
    });
    const rateLimits = createRateLimiters(database.pool);
    const runtime: Runtime = {
      config,
      logger,
      database,
      storage,
      mailer,
      jobs,
      rateLimits,
      auth: createAuth({
        db: database.db,
        jobs,
        rateLimits,
        siteUrl: config.siteUrl,
        secret: config.authSecret,
        secureCookies: config.secureCookies,
        requireEmailVerification: config.requireEmailVerification,
        adminEmails: config.adminEmails,
        log: (data, message) => logger.info(data, message),
      }),
      positionChanges: listenForPositionChanges(database.pool, logger),
      views: createViewCounter({
        write: (rows) => writeViews(database.db, rows),
        onError: (error) => logger.warn({ err: describeError(error) }, 'page views kept for the next write'),
      }),
      isHealthy: () => isDatabaseReachable(database.pool),
      stop: async ({ jobsTimeoutMs } = {}) => {
        // Work a request left to do after its answer (a reset link, application links) is finished first.
        await settled();
        await runtime.views.stop();
        await runtime.positionChanges.stop();
        const jobsReport = await jobs.stop(jobsTimeoutMs);
        mailer.close();
        await database.close();
        return { jobs: jobsReport };
      },
    };
    Object.assign(getMetrics().sources, {
      pool: database.pool,
      database: runtime.isHealthy,
      ...(database.supervisor ? { databaseRestarts: () => database.supervisor?.restarts ?? 0 } : {}),
      queues: jobs.queueCounts,
    });
    setRuntime(runtime);
    return runtime;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export { findRuntime, getRuntime, setRuntime } from './runtime-registry.ts';
