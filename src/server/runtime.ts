import { createAuth, type Auth } from './accounts/auth.ts';
import type { AppConfig } from './config.ts';
import { isDatabaseReachable } from './db/client.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { seedIfNeverSeeded } from './db/seed.ts';
import { startJobs, type Jobs } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { createRateLimiters, type RateLimiters } from './rate-limit.ts';
import { createMailer, type Mailer } from './mail/transport.ts';
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
  isHealthy(): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startRuntime(config: AppConfig, logger: Logger): Promise<Runtime> {
  const database = await openDatabase(config, (message) => logger.info(message));
  try {
    const seeded = await seedIfNeverSeeded(database.db);
    if (seeded) logger.info(seeded, 'demo departments and positions added');
    const storage = createStorage({
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
      log: (data, message) => logger.info(data, message),
    });
    const runtime: Runtime = {
      config,
      logger,
      database,
      storage,
      mailer,
      jobs,
      rateLimits: createRateLimiters(database.pool),
      auth: createAuth({
        db: database.db,
        jobs,
        siteUrl: config.siteUrl,
        secret: config.authSecret,
        secureCookies: config.secureCookies,
        requireEmailVerification: config.requireEmailVerification,
        adminEmails: config.adminEmails,
        log: (data, message) => logger.info(data, message),
      }),
      isHealthy: () => isDatabaseReachable(database.pool),
      stop: async () => {
        await jobs.stop();
        mailer.close();
        await database.close();
      },
    };
    setRuntime(runtime);
    return runtime;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/*
 * Pages rendered by Astro run in its bundle, which has its own copies of these modules; the one
 * runtime of the process is shared with them through a global.
 */
const RUNTIME = Symbol.for('helixpoint.runtime');
type GlobalWithRuntime = typeof globalThis & { [RUNTIME]?: Runtime };

export function setRuntime(runtime: Runtime | undefined): void {
  (globalThis as GlobalWithRuntime)[RUNTIME] = runtime;
}

export function getRuntime(): Runtime {
  const runtime = (globalThis as GlobalWithRuntime)[RUNTIME];
  if (!runtime) throw new Error('The server runtime is not started (database, jobs, storage).');
  return runtime;
}
