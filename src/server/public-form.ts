import type pg from 'pg';
import type { z } from 'zod/mini';
import type { Database } from './db/client.ts';
import { UNIQUE_VIOLATION, violates } from './db/errors.ts';
import type { Jobs } from './jobs/queue.ts';
import type { RateLimitPolicy, RateLimiters } from './rate-limit.ts';
import type { Runtime } from './runtime.ts';
import { HONEYPOT_FIELD, isHoneypotFilled } from '../lib/honeypot.ts';

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
  /** The configured reply address (issue 35): e-mails about the form's thread carry its own; unset: none. */
  replyAddress?: string | null;
  log: (data: object, message: string) => void;
}

export type Admission<T, F extends string> =
  | { kind: 'admitted'; form: T }
  | { kind: 'invalid'; fieldErrors: Partial<Record<F | 'form', string>> }
  /** Bots fill the hidden field: the caller tells them it worked, and stores and sends nothing. */
  | { kind: 'honeypot' }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

/**
 * What every public form goes through before its command runs, in this order: the form's own
 * schema (the one the browser uses), the honeypot, then the form's rate limit per client.
 */
export async function admitPublicForm<S extends z.ZodMiniType<Record<string, unknown>>>(
  deps: Pick<PublicFormDeps, 'rateLimits'>,
  schema: S,
  input: unknown,
  policy: RateLimitPolicy,
  clientKey: string,
): Promise<Admission<z.output<S>, Extract<keyof z.input<S>, string>>> {
  // Async: a rule may load its checker on first use (the apply form's phone check).
  const parsed = await schema.safeParseAsync(input);
  if (!parsed.success) return { kind: 'invalid', fieldErrors: fieldErrorsOf(parsed.error.issues) };
  if (isHoneypotFilled(parsed.data[HONEYPOT_FIELD])) return { kind: 'honeypot' };
  const decision = await deps.rateLimits.consume(policy, clientKey);
  if (!decision.allowed) return { kind: 'rate-limited', retryAfterSeconds: decision.retryAfterSeconds };
  return { kind: 'admitted', form: parsed.data };
}

export function publicFormDeps(runtime: Runtime): PublicFormDeps {
  return {
    db: runtime.database.db,
    pool: runtime.database.pool,
    jobs: runtime.jobs,
    rateLimits: runtime.rateLimits,
    siteUrl: runtime.config.siteUrl,
    replyAddress: runtime.config.inbound.replyAddress,
    log: (data, message) => runtime.logger.info(data, message),
  };
}

/** Whether a failed insert broke the named unique index (e.g. one application per e-mail per position). */
export const isUniqueViolation = (error: unknown, constraint: string): boolean => violates(error, UNIQUE_VIOLATION, constraint);

/** A form posted the plain way (no JavaScript yet, or none at all): its text fields and its files. */
export interface FormPost {
  fields: Record<string, string>;
  files: Record<string, File>;
}

/** Reads a posted form (urlencoded or multipart); null when the body is not a form. */
export async function readFormPost(request: Request): Promise<FormPost | null> {
  let data: FormData;
  try {
    data = await request.formData();
  } catch {
    return null;
  }
  const post: FormPost = { fields: {}, files: {} };
  for (const [name, value] of data) {
    if (typeof value === 'string') post.fields[name] ??= value;
    // A file input left empty still posts a nameless, empty file.
    else if (value.size > 0 || value.name) post.files[name] ??= value;
  }
  return post;
}

/** The fields a form's schema knows, as text (what the browser would have sent), the rest dropped. */
export function pickFields<K extends string>(post: FormPost, names: readonly K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, post.fields[name] ?? ''])) as Record<K, string>;
}
