import type { MiddlewareHandler } from 'astro';
import { reportFailure, type Failure } from '../failures.ts';
import { findRuntime } from '../runtime-registry.ts';

/** Paths answered as JSON: endpoints and actions (never an HTML error page). */
export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/_actions/');

/**
 * A fault already logged (failures.ts), thrown on to Astro so it renders the 500 page with it. Its
 * message and stack say nothing but the reference: Astro writes them to its own log.
 */
export class ReportedFault extends Error {
  override readonly name = 'ReportedFault';
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(`request failed, reference ${failure.reference} (logged as "request failed")`);
    this.failure = failure;
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** The failure a 500 page was rendered for, when our middleware reported it. */
export function reportedFailureOf(error: unknown): Failure | undefined {
  const failure = (error as { failure?: Failure } | null)?.failure;
  return failure && typeof failure.reference === 'string' ? failure : undefined;
}

/**
 * The first middleware: any error a page, endpoint or later middleware throws is logged without
 * what was submitted, then answered with a reference (JSON for endpoints; the 500 or 503 page
 * otherwise). Without it Astro logs the error's message and stack, a failed query's parameters
 * included. Actions catch their own errors (src/actions/faults.ts).
 */
export const answerFaults: MiddlewareHandler = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    const runtime = findRuntime();
    if (!runtime || context.isPrerendered) throw error;
    const failure = reportFailure(runtime.logger, error, {
      reference: context.locals.requestId,
      method: context.request.method,
      path: context.url.pathname,
    });
    if (!isApiPath(context.url.pathname)) throw new ReportedFault(failure);
    return Response.json(
      { error: failure.message, reference: failure.reference },
      { status: failure.status, headers: { 'Cache-Control': 'no-store', ...(failure.unavailable ? { 'Retry-After': '10' } : {}) } },
    );
  }
};
