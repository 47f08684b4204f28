import { and, inArray } from 'drizzle-orm';
import { AdminRuleError } from '../admin-command.ts';
import { recordDenied, type Staff } from '../access/guard.ts';
import { applicationsInScope } from '../access/permissions.ts';
import { withTransaction } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import type { BulkInput } from '../../lib/applications/review.ts';
import { senderName, sendInTransaction, type CandidateEmailDeps } from './emails.ts';
import { changeStatus } from './review.ts';
import { matchingApplicationIds } from './workspace.ts';

/**
 * One change to many applications: chosen ones, or every one a view of the list shows (on all its
 * pages). Only the applications the person may decide on are changed; the others are counted as
 * refused (and audited). Each application is changed in its own transaction (a rejection with its
 * e-mail, both or neither), audited and on its timeline; one that is gone meanwhile is counted as
 * not changed.
 */
export async function bulkApplications(deps: CandidateEmailDeps, actor: Staff, { target, action }: BulkInput) {
  const reach = { who: actor, permission: 'applications.decide' } as const;
  let ids: string[];
  let refused = 0;
  if ('ids' in target) {
    const chosen = [...new Set(target.ids)];
    const existing = await deps.db.select({ id: applications.id }).from(applications).where(inArray(applications.id, chosen));
    const inReach = new Set(
      (
        await deps.db
          .select({ id: applications.id })
          .from(applications)
          .where(and(inArray(applications.id, chosen), applicationsInScope(actor, reach.permission)))
      ).map((row) => row.id),
    );
    for (const { id } of existing) {
      if (inReach.has(id)) continue;
      refused += 1;
      await recordDenied(deps.db, actor, 'application', id, reach.permission);
    }
    ids = chosen.filter((id) => inReach.has(id) || !existing.some((row) => row.id === id));
  } else {
    ids = await matchingApplicationIds(deps.db, { ...target.query, page: 1 }, reach);
  }
  const sender = action.kind === 'reject' ? await senderName(deps.db, actor) : '';
  let succeeded = 0;
  for (const id of ids) {
    try {
      await withTransaction(deps.pool, async (tx) => {
        if (action.kind === 'status') return changeStatus(tx.db, actor, id, action.status, action.rejection ?? undefined);
        await changeStatus(tx.db, actor, id, 'rejected', action.rejection);
        if (!(await sendInTransaction(tx, deps, actor, id, action.email, sender))) throw new AdminRuleError('gone');
      });
      succeeded += 1;
    } catch (error) {
      if (!(error instanceof AdminRuleError)) throw error;
    }
  }
  return { succeeded, refused, total: ids.length + refused };
}
