/**
 * Work done after the answer is sent: what depends on whether an address has an account or an
 * application (a reset link, "e-mail me my links"), so that the answer takes the same time either
 * way and tells nobody (issue 25). The work is short (a lookup, a row, a queued e-mail); a failure
 * is logged. The server waits for it before it stops, and tests wait for it with settled().
 */

/**
 * A request's hooks for when its response has gone out: our HTTP server gives every request an
 * empty list in its locals and runs it once the response is closed (src/server/http/server.ts).
 * Elsewhere (the dev server, tests calling a command directly) there is none, and the work starts
 * on the next turn of the event loop instead.
 */
export interface ResponseHooks {
  afterResponse?: Array<() => void>;
}

const pending = new Set<Promise<void>>();

export function afterResponse(task: () => Promise<void>, onError: (error: unknown) => void, hooks?: ResponseHooks): void {
  let start!: () => void;
  const run = new Promise<void>((resolve) => (start = resolve)).then(task).catch(onError);
  pending.add(run);
  void run.finally(() => pending.delete(run));
  if (Array.isArray(hooks?.afterResponse)) hooks.afterResponse.push(start);
  else setImmediate(start);
}

/** Resolves once every task started so far (and any they started) has finished. */
export async function settled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
