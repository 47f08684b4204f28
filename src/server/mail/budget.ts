import { createHash } from 'node:crypto';
import { getMetrics } from '../metrics.ts';
import type { RateLimiters } from '../rate-limit.ts';

/**
 * One budget of unsolicited e-mail per recipient, across every form that makes the site write to
 * an address somebody typed: account verification, password reset, the account-locked warning,
 * application links, the applicant's acknowledgement, job alert confirmations. Per-client limits
 * alone let many clients (or one client with many addresses) point all their mail at one inbox;
 * this caps what any inbox gets from us, whoever asks: 5 an hour and 20 a day
 * (rateLimitPolicies.mailRecipientHour / mailRecipientDay). Counters live in PostgreSQL, so every
 * instance spends the same budget; they are keyed by a hash of the address, never the address.
 * Mail people asked for in earnest (job alert digests they confirmed, e-mails staff send to a
 * candidate, notices to our own inboxes, a new browser signing in with the right password) is not
 * counted.
 */

export type UnsolicitedMail =
  | 'verification'
  | 'password-reset'
  | 'account-locked'
  | 'application-links'
  | 'application-received'
  | 'alert-confirmation'
  | 'contact-received'
  /** Every e-mail of a meeting booked through Book a Meeting (issue 50): a stranger's address could be booked and moved. */
  | 'meeting-booked'
  | 'meeting-moved'
  | 'meeting-cancelled'
  | 'meeting-reminder';

export interface MailBudgetOptions {
  /**
   * Only when no verification e-mail went to the address within rateLimitPolicies.verificationResend
   * (10 minutes): a sign-in to an unverified account re-sends it, and a client signing in again
   * and again must not make that an e-mail each time.
   */
  unlessSentRecently?: boolean;
}

/** The key of an address in the counters: the trimmed, lowercased address hashed. */
export const recipientKey = (address: string) =>
  createHash('sha256').update(`mail-budget\0${address.trim().toLowerCase()}`).digest('base64url').slice(0, 32);

/**
 * The one call a sender makes before queuing an unsolicited e-mail: spends one of the recipient's
 * e-mails and resolves true, or resolves false (counted as withheld) when the hour's or the day's
 * are spent, and then nothing must be sent. The caller answers the visitor as it would have
 * anyway: whether mail went out is never told (it would tell who has an account or applied).
 */
export async function spendMailBudget(
  rateLimits: Pick<RateLimiters, 'consume' | 'isLimited'>,
  address: string,
  kind: UnsolicitedMail,
  { unlessSentRecently = false }: MailBudgetOptions = {},
): Promise<boolean> {
  const key = recipientKey(address);
  const withheld = () => {
    getMetrics().emails.inc({ outcome: 'withheld' });
    return false;
  };
  if (unlessSentRecently && (await rateLimits.isLimited('verificationResend', key)).limited) return withheld();
  // The hour first: a refusal there spends nothing of the day.
  if (!(await rateLimits.consume('mailRecipientHour', key)).allowed) return withheld();
  if (!(await rateLimits.consume('mailRecipientDay', key)).allowed) return withheld();
  if (kind === 'verification') await rateLimits.consume('verificationResend', key);
  return true;
}
