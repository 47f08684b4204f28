import type { IncomingMessage } from 'node:http';
import type { AppConfig } from './config.ts';
import type { OpenDatabase } from './db/open.ts';
import type { AstroHandler } from './http/server.ts';
import type { StoredEvent } from './events/record.ts';
import type { JobQueue, Jobs, JobSender, JobsStopReport, JobWorker } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/transport.ts';
import type { RateLimiters } from './rate-limit.ts';
import type { ObjectStorage } from './storage/types.ts';

/**
 * Everything the server holds while it runs. The platform's parts are declared here; a domain
 * adds the service it offers (the accounts' `auth`) by declaration merging, in its module file:
 *
 *   declare module '../runtime-types.ts' { interface Runtime { auth: Auth } }
 *
 * so this file, and the runtime that starts the platform, import no domain (decision 038).
 */
export interface Runtime {
  config: AppConfig;
  logger: Logger;
  database: OpenDatabase;
  storage: ObjectStorage;
  mailer: Mailer;
  jobs: Jobs;
  rateLimits: RateLimiters;
  isHealthy(): Promise<boolean>;
  /** Stops in reverse order; the jobs get up to `jobsTimeoutMs` to finish before they are handed back. */
  stop(options?: { jobsTimeoutMs?: number }): Promise<{ jobs: JobsStopReport }>;
}

/** What a request's answer was, for the work done after it (counting a page view). */
export interface AnsweredRequest {
  route: string;
  path: string;
  status: number;
}

/**
 * A reader of the record of domain events (src/server/events/): each event is handed to every
 * reader, at least once (a reader that throws has the event handed to all of them again), so a
 * reader must be idempotent.
 */
export interface EventConsumer {
  name: string;
  handle(event: StoredEvent, jobs: JobSender): Promise<void>;
}

/** What a started module hands back: its services, its workers, its hooks into the HTTP server. */
export interface StartedModule {
  /** What the module does with each domain event (notices, later webhooks). */
  eventConsumers?: EventConsumer[];
  /** Added to the runtime (and declared on `Runtime` by the module). */
  services?: Partial<Runtime>;
  /** Workers of the module's queues, registered on this instance. */
  workers?: JobWorker[];
  /** Called after each answer (off the answer's path). */
  afterResponse?(req: IncomingMessage, answered: AnsweredRequest): void;
  /** Answers some requests before the site does (a route outside Astro's origin check). */
  wrapHandler?(handler: AstroHandler): AstroHandler;
  /** Subscribes to changes that make pages kept in memory stale; returns the unsubscribe. */
  onPagesChanged?(listener: () => void): () => void;
  /** Stops what the module started, before the platform stops (reverse order of start). */
  stop?(): Promise<void>;
}

/**
 * A domain as the server starts it: its queues (known without starting anything, for backups and
 * restores) and what it starts once the platform is up. The list is src/server/modules.ts.
 */
export interface ServerModule {
  name: string;
  queues?: readonly JobQueue[];
  start?(runtime: Runtime): Promise<StartedModule> | StartedModule;
}
