import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { changeStatus } from '../applications/review.ts';
import type { Database } from '../db/client.ts';
import type { Jobs } from '../jobs/queue.ts';
import { applications, erasureConfirmations, users } from '../db/schema.ts';
import { erasureRequest } from '../mail/templates.ts';
import { erasePerson, type ErasureResult, type PrivacyDeps } from '../privacy/requests.ts';
import { personReference } from '../privacy/pseudonym.ts';
import type { RateLimiters } from '../rate-limit.ts';
import { newSecretToken } from '../secret-tokens.ts';
import { canWithdraw } from '../../lib/candidates/stages.ts';
import { APPLICATION_PATH, findApplicationByToken } from './links.ts';

/**
 * What a candidate does from their personal link: withdraw the application (the same status change
 * recruiters make, so it is in the history, the audit log and the timeline, by the candidate), in
 * one step; or have everything held about their address erased (the privacy erase itself), which
 * a link alone cannot do (issue 25): the erase is confirmed by a one-time link e-mailed to the
 * address, or, when the address has a confirmed account, by signing in to it (with its second
 * factor), since the erase deletes that account too.
 */

/** The candidate as the audit log names them: no user, their address (pseudonymised if they are erased). */
export const candidateActor = (email: string): Actor => ({ id: null, email });

export type WithdrawResult = { kind: 'withdrawn' } | { kind: 'not-found' } | { kind: 'not-allowed' };

export async function withdrawByToken(db: Database, token: string, now = new Date()): Promise<WithdrawResult> {
  return db.transaction(async (tx) => {
    const application = await findApplicationByToken(tx, token, now);
    if (!application) return { kind: 'not-found' };
    if (!canWithdraw(application.status)) return { kind: 'not-allowed' };
    try {
      await changeStatus(tx, candidateActor(application.email), application.id, 'withdrawn');
    } catch (error) {
      if (error instanceof AdminRuleError) return { kind: 'not-found' };
      throw error;
    }
    return { kind: 'withdrawn' };
  });
}

/** How long the e-mailed confirmation of an erase works. */
export const ERASURE_CONFIRMATION_HOURS = 24;

export const ERASURE_CONFIRMATION_PATH = `${APPLICATION_PATH}/erase`;

const hashConfirmation = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ErasureRequestDeps extends Omit<PrivacyDeps, 'jobs'> {
  jobs: Pick<Jobs, 'enqueueSealedEmail' | 'enqueueEmail'>;
  rateLimits: RateLimiters;
  siteUrl: string;
  log: (data: object, message: string) => void;
}

export type EraseRequest =
  | { kind: 'not-found' }
  /** Done: the signed-in owner of the address asked. */
  | { kind: 'erased'; result: ErasureResult }
  /** The address has a confirmed account: signing in to it confirms. */
  | { kind: 'sign-in' }
  /** A one-time confirmation link is on its way to the address (the same answer when its e-mail budget is spent). */
  | { kind: 'confirmation-sent' };

/** The address's confirmed account, if it has one (an unconfirmed one may be a stranger's, and goes with the erase). */
async function confirmedAccount(db: Pick<Database, 'select'>, email: string) {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.emailVerified, true)));
  return account ?? null;
}

/** The person as the erase's audit entry names them: their pseudonymous reference, never the address. */
const eraseFor = (deps: PrivacyDeps, email: string) => erasePerson(deps, candidateActor(personReference(deps.secret, email)), email);

/**
 * "Delete my data" posted from a personal link: erased at once for the signed-in owner of the
 * address's account (the caller has checked their sign-in and second factor); otherwise a
 * confirmation is asked for, and nothing is erased yet.
 */
export async function requestErasure(
  deps: ErasureRequestDeps,
  token: string,
  signedInUserId: string | null,
  now = new Date(),
): Promise<EraseRequest> {
  const application = await findApplicationByToken(deps.db, token, now);
  if (!application) return { kind: 'not-found' };
  const account = await confirmedAccount(deps.db, application.email);
  if (account)
    return account.id === signedInUserId ? { kind: 'erased', result: await eraseFor(deps, application.email) } : { kind: 'sign-in' };
  const budget = await deps.rateLimits.consume('applicationLinksAddress', application.email);
  if (!budget.allowed) {
    deps.log({}, 'erasure confirmation not sent: address limit reached');
    return { kind: 'confirmation-sent' };
  }
  const confirmation = newSecretToken();
  await deps.db.insert(erasureConfirmations).values({
    applicationId: application.id,
    tokenHash: hashConfirmation(confirmation),
    expiresAt: new Date(now.getTime() + ERASURE_CONFIRMATION_HOURS * 60 * 60 * 1000),
  });
  const url = `${deps.siteUrl}${ERASURE_CONFIRMATION_PATH}?token=${confirmation}`;
  await deps.jobs.enqueueEmail({ to: application.email, ...erasureRequest({ url, hours: ERASURE_CONFIRMATION_HOURS }) });
  return { kind: 'confirmation-sent' };
}

/** Whether an e-mailed erase confirmation is good (its page shows the final button); read only. */
export async function findErasureConfirmation(db: Pick<Database, 'select'>, token: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const [row] = await db
    .select({ id: erasureConfirmations.id })
    .from(erasureConfirmations)
    .where(and(eq(erasureConfirmations.tokenHash, hashConfirmation(token)), gt(erasureConfirmations.expiresAt, now)));
  return Boolean(row);
}

export type EraseResult = { kind: 'not-found' } | { kind: 'sign-in' } | { kind: 'erased'; result: ErasureResult };

/**
 * The final step of an e-mailed erase confirmation (a button on its page: a mail scanner following
 * the link erases nothing): the confirmation is spent, and everything held about the address is
 * erased exactly as an admin's privacy erase does (legal holds kept).
 */
export async function confirmErasure(deps: PrivacyDeps, token: string, now = new Date()): Promise<EraseResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { kind: 'not-found' };
  const [spent] = await deps.db
    .delete(erasureConfirmations)
    .where(and(eq(erasureConfirmations.tokenHash, hashConfirmation(token)), gt(erasureConfirmations.expiresAt, now)))
    .returning({ applicationId: erasureConfirmations.applicationId });
  if (!spent) return { kind: 'not-found' };
  const [application] = await deps.db
    .select({ email: applications.email })
    .from(applications)
    .where(eq(applications.id, spent.applicationId));
  if (!application) return { kind: 'not-found' };
  // An account confirmed since the e-mail was sent is deleted only by its signed-in owner.
  if (await confirmedAccount(deps.db, application.email)) return { kind: 'sign-in' };
  return { kind: 'erased', result: await eraseFor(deps, application.email) };
}
