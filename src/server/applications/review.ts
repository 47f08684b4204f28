import { closeSentOffer } from '../offers/close.ts';
import { and, eq, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applicationStatusHistory, applications, uploads } from '../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { isDecided, type ApplicationStatus } from '../../lib/applications/status.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';
import type { RejectionInput } from '../../lib/applications/rejection.ts';
import { recordRejection } from './rejections.ts';
import { applicationColumns } from './columns.ts';
import { recordEvent } from '../events/record.ts';

/** Reviewing one application in the admin area: its details, its status moved along the pipeline. */

const applicationDetail = builtOnce((db: Database) =>
  db
    .select({
      application: applicationColumns,
      resumeFileName: uploads.fileName,
      resumeSize: uploads.size,
      resumeContentType: uploads.contentType,
    })
    .from(applications)
    .leftJoin(uploads, eq(applications.resumeUploadId, uploads.id))
    .where(and(eq(applications.id, sql.placeholder('applicationId')), eq(applications.positionId, sql.placeholder('positionId'))))
    .prepare(''),
);

/** One application of a position, with its resume's name and size; null when either id is not theirs. */
export async function getApplicationDetail(db: Database, positionId: string, applicationId: string) {
  if (!isUuid(positionId) || !isUuid(applicationId)) return null;
  const [row] = await applicationDetail(db).execute({ applicationId, positionId });
  return row ?? null;
}

export async function setApplicationStatus(
  db: Database,
  actor: Actor,
  applicationId: string,
  status: ApplicationStatus,
  rejection?: RejectionInput,
): Promise<void> {
  await db.transaction((tx) => changeStatus(tx, actor, applicationId, status, rejection));
}

/**
 * Moves an application to a status inside the caller's transaction (with an e-mail, for a bulk
 * rejection), audited; nothing when it already has it. A rejection needs its reason (issue 32),
 * recorded with the status it was rejected from.
 */
export async function changeStatus(
  tx: Pick<Database, 'select' | 'update' | 'insert' | 'execute'>,
  actor: Actor,
  applicationId: string,
  status: ApplicationStatus,
  rejection?: RejectionInput,
): Promise<void> {
  const [current] = await tx
    .select({ status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId))
    .for('update');
  if (!current) throw new AdminRuleError(applicationRuleMessages.gone);
  if (current.status === status) return;
  const reason = status === 'rejected' ? await recordRejection(tx, actor, applicationId, current.status, rejection) : undefined;
  const now = new Date();
  // The retention period of a decided application counts from the decision (RETENTION_APPLICATION_DAYS).
  const decidedAt = isDecided(status) ? (isDecided(current.status) ? undefined : now) : null;
  await tx
    .update(applications)
    .set({ status, updatedAt: now, ...(decidedAt === undefined ? {} : { decidedAt }) })
    .where(eq(applications.id, applicationId));
  // The reports' funnel and time-to-stage read this history (the audit log may be pruned).
  await tx.insert(applicationStatusHistory).values({ applicationId, status, reachedAt: now });
  // Its sent offer no longer stands once it is rejected or withdrawn (issue 54).
  if (status === 'rejected' || status === 'withdrawn') await closeSentOffer(tx, actor, applicationId, now);
  await audit(tx, actor, 'application.status_changed', applicationId, { from: current.status, to: status, ...(reason ? { reason } : {}) });
  // The company's other systems hear of it (issue 55); the reason stays in the workspace.
  await recordEvent(tx, {
    kind: 'application.status_changed',
    applicationId,
    actorUserId: actor.id || null,
    data: { from: current.status, to: status },
  });
}
