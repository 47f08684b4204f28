import { randomUUID } from 'node:crypto';
import { isDatabaseUnavailable } from './db/availability.ts';
import { serverErrorTexts } from '../lib/server-errors.ts';

/**
 * A fault is anything that goes wrong that is not a refusal of what was sent (a refusal names the
 * field and the rule). The visitor gets a generic message with a reference, the request's id; the
 * log gets what helps to find the fault (error names, database codes, the failing SQL with its
 * placeholders, the stack's frames) and nothing the visitor submitted: Drizzle's message lists
 * every parameter of the query, and some PostgreSQL messages and details quote the failing value.
 */

export interface Failure {
  /** The request id (X-Request-Id), also in the request's log line. */
  reference: string;
  /** The database is away: try again shortly (503), rather than a fault (500). */
  unavailable: boolean;
  status: 500 | 503;
  message: string;
}

export const failureMessages = {
  fault: serverErrorTexts.faultWithReference,
  /** A restart is nothing to report: the reference goes beside it (`reference` of the JSON answer), not in it. */
  unavailable: () => serverErrorTexts.unavailable,
} as const;

const MAX_MESSAGE = 300;
const MAX_FRAMES = 8;
const MAX_CAUSES = 4;

/** A message fit for the log: Drizzle's parameters cut off, values quoted by PostgreSQL redacted, JSON snippets dropped. */
export function loggableMessage(error: { name?: unknown; message?: unknown }): string | undefined {
  if (typeof error.message !== 'string') return undefined;
  // V8's JSON errors quote the text that failed to parse.
  if (error.name === 'SyntaxError') return 'SyntaxError (message withheld: it quotes the input)';
  const withoutParams = error.message.split(/\nparams:/)[0] ?? '';
  const withoutValues = withoutParams
    // invalid input syntax for type uuid: "abc" / invalid input value for enum status: "x"
    .replace(/(for (?:type|enum) [^:\n]+: )"[^\n]*"/g, '$1"[redacted]"')
    // value too long … / null value in column "x" … violates: no value; "Key (email)=(…)" lives in detail, never logged.
    .replace(/\(([^()\n]*)\)=\([^\n]*\)/g, '($1)=([redacted])');
  return withoutValues.length > MAX_MESSAGE ? `${withoutValues.slice(0, MAX_MESSAGE)}…` : withoutValues;
}

/** The frames of a stack (its first line repeats the message, which may carry values). */
function framesOf(stack: unknown): string[] | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return frames.length ? frames : undefined;
}

/** What the log keeps of an error and its causes. */
export function describeError(error: unknown): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current) && chain.length < MAX_CAUSES) {
    seen.add(current);
    const fault = current as Record<string, unknown>;
    const entry: Record<string, unknown> = {
      name: typeof fault['name'] === 'string' ? fault['name'] : (current.constructor?.name ?? 'Error'),
      message: loggableMessage(fault),
    };
    // PostgreSQL (pg's DatabaseError): where it failed, never `detail` or `where` (they quote values).
    for (const key of ['code', 'severity', 'table', 'column', 'constraint', 'routine'] as const) {
      if (typeof fault[key] === 'string' && fault[key]) entry[key] = fault[key];
    }
    // Drizzle: the statement with its $1 placeholders; `params` stays out.
    if (typeof fault['query'] === 'string') entry['query'] = fault['query'].slice(0, 2000);
    if (chain.length === 0) entry['frames'] = framesOf(fault['stack']);
    chain.push(entry);
    current = fault['cause'];
  }
  if (chain.length === 0) return { name: typeof error, message: '(not an Error)' };
  const [first, ...causes] = chain;
  return causes.length ? { ...first, causes } : (first ?? {});
}

/** Where faults are written: the app's logger (pino) fits. */
export interface FailureLog {
  error(data: object, message: string): void;
  warn(data: object, message: string): void;
}

/**
 * Logs a fault (as an error, or a warning while the database is away) and says what to answer.
 * `reference` is the request id; one is made when the request has none (tests, the dev server).
 */
export function reportFailure(
  log: FailureLog,
  error: unknown,
  where: { reference?: string | undefined; method?: string; path?: string; action?: string },
): Failure {
  const reference = where.reference ?? randomUUID();
  const unavailable = isDatabaseUnavailable(error);
  const write = unavailable ? log.warn.bind(log) : log.error.bind(log);
  write(
    {
      reqId: reference,
      ...(where.method ? { method: where.method } : {}),
      ...(where.path ? { path: where.path } : {}),
      ...(where.action ? { action: where.action } : {}),
      err: describeError(error),
    },
    unavailable ? 'request failed: the database is unavailable' : 'request failed',
  );
  return unavailable
    ? { reference, unavailable, status: 503, message: failureMessages.unavailable() }
    : { reference, unavailable, status: 500, message: failureMessages.fault(reference) };
}
