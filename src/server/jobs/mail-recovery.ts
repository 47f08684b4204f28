import type { PgBoss } from 'pg-boss';

/**
 * After a mail server outage, the e-mails it held back go out as soon as it answers again.
 *
 * A failed send waits for its retry with backoff (30 s doubling up to an hour, emailRetryPolicy):
 * right for a message the server refused, but after an outage of a few minutes a confirmation or a
 * sign-in link would wait up to an hour more for a server that is long back. So when a send
 * succeeds, the e-mails waiting only because the server could not be reached (a connection error,
 * not a refusal of that message) are due again at once, on whichever instance sees the server back.
 * A message the server refused keeps its backoff: bringing it forward would spend its tries.
 */

/** Nodemailer's codes for a server that could not be reached or went away mid-send. */
const OUTAGE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET']);

/** Whether a send failed because the mail server was out of reach (not because it refused the message). */
export function isMailServerOutage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && OUTAGE_CODES.has(code);
}

/** What a failed send records on its job (pg-boss keeps it as the job's output). */
export interface SendFailure {
  message: string;
  /** Set when the server was out of reach: the job is brought forward once a send succeeds. */
  outage?: true;
}

export const sendFailure = (error: unknown): SendFailure => ({
  message: (error as Error).message,
  ...(isMailServerOutage(error) ? { outage: true as const } : {}),
});

/**
 * Returns what the e-mail worker calls after each batch it sent: once a send succeeds after sends
 * failed for an outage (in an earlier batch: pg-boss records a batch's failures only after it
 * returns, so this batch's own are picked up with the next success), it makes the e-mails waiting
 * for a retry after an outage due now (pg-boss's update() of jobs not yet active) and wakes this
 * instance's worker so they go out in this round. Resolves with how many it brought forward. A
 * failure to look is only logged: the retries still come with their backoff.
 */
export function mailRecovery(
  boss: PgBoss,
  queue: string,
  { log, wake }: { log: (data: object, message: string) => void; wake: () => void },
) {
  // Outage failures recorded (by pg-boss, after their batch) since the last look.
  let heldBefore = false;
  return async function afterBatch({ sent, outages }: { sent: number; outages: number }): Promise<number> {
    const look = heldBefore && sent > 0;
    if (look) heldBefore = false;
    if (outages > 0) heldBefore = true;
    if (!look) return 0;
    try {
      const now = Date.now();
      const waiting = await boss.findJobs<object>(queue, { queued: true });
      const held = waiting.filter(
        (job) => job.state === 'retry' && job.startAfter.getTime() > now && (job.output as SendFailure | null)?.outage === true,
      );
      for (const job of held) await boss.update(queue, undefined, { id: job.id, startAfter: new Date(now) });
      if (held.length > 0) {
        log({ count: held.length }, 'mail server back: e-mails held by its outage are sent now');
        wake();
      }
      return held.length;
    } catch (error) {
      heldBefore = true;
      log({ err: { message: (error as Error).message } }, 'could not bring forward the e-mails held by a mail server outage');
      return 0;
    }
  };
}
