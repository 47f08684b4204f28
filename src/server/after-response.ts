/**
 * Work done after the answer is sent: what depends on whether an address has an account or an
 * application (a reset link, "e-mail me my links"), so that the answer takes the same time either
 * way and tells nobody (issue 25). The work is short (a lookup, a row, a queued e-mail); a failure
 * is logged. The server waits for it before it stops, and tests wait for it with settled().
 */

const pending = new Set<Promise<void>>();

export function afterResponse(task: () => Promise<void>, onError: (error: unknown) => void): void {
  const run = (async () => {
    // Not before the caller has answered: the task starts on a later turn of the event loop.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await task();
  })().catch(onError);
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

/** Resolves once every task started so far (and any they started) has finished. */
export async function settled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
