import { AdminRuleError, type Actor } from '../admin-command.ts';
import { withTransaction } from '../db/client.ts';
import type { BulkInput } from '../../lib/applications/review.ts';
import { senderName, sendInTransaction, type CandidateEmailDeps } from './emails.ts';
import { changeStatus } from './review.ts';
import { matchingApplicationIds } from './workspace.ts';

/**
 * One change to many applications: chosen ones, or every one a view of the list shows (on all its
 * pages). Each application is changed in its own transaction (a rejection with its e-mail, both or
 * neither), audited and on its timeline; one that is gone meanwhile is counted as not changed.
 */
export async function bulkApplications(deps: CandidateEmailDeps, actor: Actor, { target, action }: BulkInput) {
  const ids = 'ids' in target ? [...new Set(target.ids)] : await matchingApplicationIds(deps.db, { ...target.query, page: 1 });
  const sender = action.kind === 'reject' ? await senderName(deps.db, actor) : '';
  let succeeded = 0;
  for (const id of ids) {
    try {
      await withTransaction(deps.pool, async (tx) => {
        if (action.kind === 'status') return changeStatus(tx.db, actor, id, action.status);
        await changeStatus(tx.db, actor, id, 'rejected');
        if (!(await sendInTransaction(tx, deps.jobs, actor, id, action.email, sender))) throw new AdminRuleError('gone');
      });
      succeeded += 1;
    } catch (error) {
      if (!(error instanceof AdminRuleError)) throw error;
    }
  }
  return { succeeded, total: ids.length };
}
