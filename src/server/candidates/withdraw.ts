import { AdminRuleError, type Actor } from '../admin-command.ts';
import { changeStatus } from '../applications/review.ts';
import type { Database } from '../db/client.ts';
import { erasePerson, type ErasureResult, type PrivacyDeps } from '../privacy/requests.ts';
import { personReference } from '../privacy/pseudonym.ts';
import { canWithdraw } from '../../lib/candidates/stages.ts';
import { findApplicationByToken } from './links.ts';

/**
 * What a candidate does from their personal link: withdraw the application (the same status change
 * recruiters make, so it is in the history, the audit log and the timeline, by the candidate), or
 * have everything held about their address erased (the privacy erase itself).
 */

/** The candidate as the audit log names them: no user, their address (pseudonymised if they are erased). */
export const candidateActor = (email: string): Actor => ({ id: null, email });

export type WithdrawResult = { kind: 'withdrawn' } | { kind: 'not-found' } | { kind: 'not-allowed' };

export async function withdrawByToken(db: Database, token: string): Promise<WithdrawResult> {
  return db.transaction(async (tx) => {
    const application = await findApplicationByToken(tx, token);
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

export type EraseResult = { kind: 'not-found' } | { kind: 'erased'; result: ErasureResult };

/**
 * Erases everything held about the address the link's application was sent from, exactly as an
 * admin's privacy erase does (legal holds kept). The actor is the person's pseudonymous reference,
 * so the audit entry of the erasure does not name them.
 */
export async function eraseByToken(deps: PrivacyDeps, token: string): Promise<EraseResult> {
  const application = await findApplicationByToken(deps.db, token);
  if (!application) return { kind: 'not-found' };
  const actor = candidateActor(personReference(deps.secret, application.email));
  return { kind: 'erased', result: await erasePerson(deps, actor, application.email) };
}
