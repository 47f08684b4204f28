import type pg from 'pg';
import type { Database } from './db/client.ts';
import type { Jobs } from './jobs/queue.ts';
import type { RateLimiters } from './rate-limit.ts';
import type { Runtime } from './runtime.ts';

/**
 * The first message for each field, as the forms show them; an issue without a path is the
 * form's own.
 */
export function fieldErrorsOf<F extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<F | 'form', string>> {
  const fieldErrors: Partial<Record<F | 'form', string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form') as F | 'form';
    fieldErrors[field] ??= issue.message;
  }
  return fieldErrors;
}

/** What a command behind a public form (apply, contact) needs: storage, the queue, the limits. */
export interface PublicFormDeps {
  db: Database;
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  rateLimits: RateLimiters;
  siteUrl: string;
  log: (data: object, message: string) => void;
}

export function publicFormDeps(runtime: Runtime): PublicFormDeps {
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    jobs: runtime.jobs,
    rateLimits: runtime.rateLimits,
    siteUrl: runtime.config.siteUrl,
    log: (data, message) => runtime.logger.info(data, message),
  };
}
