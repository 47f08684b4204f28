import type { AppConfig } from './config.ts';
import { settled } from './after-response.ts';
import { assertWritableDataDir } from './data-dir.ts';
import { isDatabaseReachable } from './db/client.ts';
import { describeError } from './failures.ts';
import { openDatabase } from './db/open.ts';
import { startJobs } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { getMetrics } from './metrics.ts';
import { createRateLimiters } from './rate-limit.ts';
import { createMailer } from './mail/transport.ts';
import { setRuntime } from './runtime-registry.ts';
import type { Runtime, ServerModule, StartedModule } from './runtime-types.ts';
import { startEventDispatcher } from './events/dispatch.ts';
import { createStorage } from './storage/index.ts';

export type { AnsweredRequest, Runtime, ServerModule, StartedModule } from './runtime-types.ts';

/** A started server: the runtime, and the modules' hooks into the HTTP server, composed. */
export interface StartedServer {
  runtime: Runtime;
  /** Every module's after-answer work, in the order of the modules. */
  afterResponse: NonNullable<StartedModule['afterResponse']>;
  /** Astro's handler with the modules' own routes in front of it. */
  wrapHandler: NonNullable<StartedModule['wrapHandler']>;
  /** Subscribes to every module's "pages kept in memory are stale"; returns the unsubscribe. */
  onPagesChanged(listener: () => void): () => void;
}

/**
 * Starts the platform (database, storage, mail, the job queue, rate limits), then each module in
 * the order given, which adds its services, queues and workers. Stopped in reverse. The platform
 * knows no domain: the modules are given by the caller (src/server/modules.ts; decision 038).
 */
export async function startServer(config: AppConfig, logger: Logger, modules: readonly ServerModule[]): Promise<StartedServer> {
  // DATA_DIR is written to with an external database too (static pages, mail outbox, uploads).
  assertWritableDataDir(config.dataDir);
  const database = await openDatabase(config, (message) => logger.info(message), {
    warn: (data, message) => logger.warn(data, message),
    info: (data, message) => logger.info(data, message),
  });
  const started: StartedModule[] = [];
  try {
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
      mailer,
      sealSecret: config.authSecret,
      log: (data, message) => logger.info(data, message),
    });
    // The platform's part; the modules add their services (declared on Runtime by them) below,
    // before anything can ask for the runtime.
    const runtime = {
      config,
      logger,
      database,
      storage,
      mailer,
      jobs,
      rateLimits: createRateLimiters(database.pool),
      isHealthy: () => isDatabaseReachable(database.pool),
      stop: async ({ jobsTimeoutMs } = {}) => {
        // Work a request left to do after its answer (a reset link, application links) is finished first.
        await settled();
        for (const module of [...started].reverse()) {
          await module.stop?.().catch((error: unknown) => logger.warn({ err: describeError(error) }, 'a module did not stop cleanly'));
        }
        const jobsReport = await jobs.stop(jobsTimeoutMs);
        mailer.close();
        await database.close();
        return { jobs: jobsReport };
      },
    } satisfies Omit<Runtime, 'auth' | 'images' | 'calendarReader'> as Runtime;
    for (const module of modules) {
      for (const queue of module.queues ?? []) await jobs.addQueue(queue);
      const result = (await module.start?.(runtime)) ?? {};
      started.push(result);
      Object.assign(runtime, result.services);
      for (const worker of result.workers ?? []) await jobs.work(worker);
    }
    // The record of domain events is the platform's: its readers are the modules' (decision 056).
    // Stopped first (it was started last): no event is handed to a module that is stopping.
    const dispatcher = startEventDispatcher({
      db: database.db,
      pool: database.pool,
      jobs,
      consumers: started.flatMap((module) => module.eventConsumers ?? []),
      log: (data, message) => logger.warn(data, message),
    });
    started.push({ stop: () => dispatcher.stop() });
    Object.assign(getMetrics().sources, {
      pool: database.pool,
      database: runtime.isHealthy,
      ...(database.supervisor ? { databaseRestarts: () => database.supervisor?.restarts ?? 0 } : {}),
      queues: jobs.queueCounts,
    });
    setRuntime(runtime);
    // Asked on every answer: the modules that have the hook, found once (one module today, called directly).
    const hooks = started.flatMap((module) => (module.afterResponse ? [module.afterResponse.bind(module)] : []));
    return {
      runtime,
      afterResponse:
        hooks.length === 1
          ? hooks[0]!
          : (req, answered) => {
              for (const hook of hooks) hook(req, answered);
            },
      wrapHandler: (handler) => started.reduceRight((inner, module) => module.wrapHandler?.(inner) ?? inner, handler),
      onPagesChanged(listener) {
        const unsubscribes = started.flatMap((module) => module.onPagesChanged?.(listener) ?? []);
        return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
      },
    };
  } catch (error) {
    for (const module of [...started].reverse()) await module.stop?.().catch(() => {});
    await database.close();
    throw error;
  }
}

export { findRuntime, getRuntime, setRuntime } from './runtime-registry.ts';
