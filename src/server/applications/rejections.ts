import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applicationRejections, rejectionReasons } from '../db/schema.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';
import {
  rejectionMessages,
  type RejectionInput,
  type RejectionReason,
  type RejectionReasonInput,
} from '../../lib/applications/rejection.ts';

/** The reasons for rejecting, in their order; archived ones only when asked (the editor shows them). Each list written once (builtOnce). */
const reasonsOf = (archived: boolean) =>
  builtOnce((db: Pick<Database, 'select'>) =>
    db
      .select()
      .from(rejectionReasons)
      .where(archived ? undefined : isNull(rejectionReasons.archivedAt))
      .orderBy(asc(rejectionReasons.sortOrder), asc(rejectionReasons.label))
      .prepare(''),
  );
const reasons = { inUse: reasonsOf(false), all: reasonsOf(true) };

export async function listRejectionReasons(db: Pick<Database, 'select'>, { archived = false } = {}): Promise<RejectionReason[]> {
  const rows = await (archived ? reasons.all : reasons.inUse)(db).execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    asksDetail: row.asksDetail,
    archived: row.archivedAt !== null,
    email: row.emailSubject !== null && row.emailBody !== null ? { subject: row.emailSubject, body: row.emailBody } : null,
  }));
}

/**
 * Records why an application is rejected, inside the transaction that rejects it: the reason must
 * be offered (not archived), with words when it asks for them. Returns the label, for the audit log.
 */
export async function recordRejection(
  tx: Pick<Database, 'select' | 'insert'>,
  actor: Actor,
  applicationId: string,
  fromStatus: ApplicationStatus,
  rejection: RejectionInput | undefined,
): Promise<string> {
  if (!rejection) throw new AdminRuleError(rejectionMessages.reason);
  const [reason] = await tx
    .select()
    .from(rejectionReasons)
    .where(and(eq(rejectionReasons.id, rejection.reasonId), isNull(rejectionReasons.archivedAt)));
  if (!reason) throw new AdminRuleError(rejectionMessages.reasonGone);
  const detail = rejection.detail?.trim() || null;
  if (reason.asksDetail && !detail) throw new AdminRuleError(rejectionMessages.detail);
  await tx.insert(applicationRejections).values({
    applicationId,
    reasonId: reason.id,
    reasonLabel: reason.label,
    detail,
    fromStatus,
    actorUserId: actor.id,
  });
  return reason.label;
}

const lastRejectionOf = builtOnce((db: Pick<Database, 'select'>) =>
  db
    .select({
      reason: applicationRejections.reasonLabel,
      detail: applicationRejections.detail,
      fromStatus: applicationRejections.fromStatus,
      at: applicationRejections.createdAt,
    })
    .from(applicationRejections)
    .where(eq(applicationRejections.applicationId, sql.placeholder('applicationId')))
    .orderBy(desc(applicationRejections.createdAt))
    .limit(1)
    .prepare(''),
);

/** The latest rejection of an application (its reason and words), for its page; null if never rejected. */
export async function latestRejection(db: Pick<Database, 'select'>, applicationId: string) {
  const [row] = await lastRejectionOf(db).execute({ applicationId });
  return row ?? null;
}

/** Adds a reason or changes one (its name, whether it asks for words, archived or offered). */
export async function saveRejectionReason(db: Database, actor: Actor, input: RejectionReasonInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: rejectionReasons.id })
      .from(rejectionReasons)
      .where(and(eq(rejectionReasons.label, input.label), input.id ? ne(rejectionReasons.id, input.id) : undefined));
    if (taken) throw new AdminRuleError(rejectionMessages.labelTaken);
    const values = {
      label: input.label,
      asksDetail: input.asksDetail,
      emailSubject: input.email?.subject ?? null,
      emailBody: input.email?.body ?? null,
      archivedAt: input.archived ? new Date() : null,
      updatedAt: new Date(),
    };
    if (input.id) {
      const [current] = await tx.select().from(rejectionReasons).where(eq(rejectionReasons.id, input.id)).for('update');
      if (!current) throw new AdminRuleError('This reason no longer exists.');
      // Archiving keeps the first time it was archived.
      await tx
        .update(rejectionReasons)
        .set({ ...values, archivedAt: input.archived ? (current.archivedAt ?? new Date()) : null })
        .where(eq(rejectionReasons.id, input.id));
    } else {
      const [last] = await tx
        .select({ sortOrder: rejectionReasons.sortOrder })
        .from(rejectionReasons)
        .orderBy(desc(rejectionReasons.sortOrder))
        .limit(1);
      const [added] = await tx
        .insert(rejectionReasons)
        .values({ ...values, sortOrder: (last?.sortOrder ?? 0) + 1 })
        .returning({ id: rejectionReasons.id });
      input = { ...input, id: added!.id };
    }
    await audit(tx, actor, 'rejection_reasons.updated', input.id!, { label: input.label, archived: input.archived });
  });
}
