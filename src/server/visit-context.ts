import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The visitor of the request being answered (issue 57), for the domain events it records: a goal
 * (an application, a contact message...) is linked to the visit that led to it by the visitor's
 * hash, asked here by recordEvent. What the hash is made of stays with the request.
 * On globalThis: the server's bundle and Astro's build each evaluate this module (decision 060).
 */

export interface VisitRequest {
  /** The visitor's hash of today, made once when first asked; null for a bot or a refusal to be tracked. */
  visitor(): Promise<string | null>;
}

const KEY = Symbol.for('helixpoint.visit-context');
const holder = globalThis as unknown as Record<typeof KEY, AsyncLocalStorage<VisitRequest> | undefined>;
const storage = (holder[KEY] ??= new AsyncLocalStorage<VisitRequest>());

export function runInVisit<T>(visit: VisitRequest, run: () => T): T {
  return storage.run(visit, run);
}

/** The request being answered, when there is one (none in jobs and scripts). */
export function currentVisit(): VisitRequest | undefined {
  return storage.getStore();
}
