import { and, count, desc, eq } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { applications, uploads } from '../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ApplicationsQuery } from '../../lib/applications/query.ts';
import { isDecided, type ApplicationStatus } from '../../lib/applications/status.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';
import { pageCount } from '../../lib/list-query.ts';

/**
 * Reviewing applications in the admin area: a position's list, one status of the pipeline at a
 * time, 50 per page, each status counted; one application's details; its status moved along.
 */

export const APPLICATIONS_PER_PAGE = 50;

const listColumns = {
  id: applications.id,
  fullName: applications.fullName,
  email: applications.email,
  phone: applications.phone,
  status: applications.status,
  createdAt: applications.createdAt,
};

export type ApplicationListRow = Awaited<ReturnType<typeof pageApplicationsForPosition>>['rows'][number];

/** One page of a position's applications, all or one status, with the count of each status. */
export async function pageApplicationsForPosition(db: Database, positionId: string, { status, page }: ApplicationsQuery) {
  const where = status
    ? and(eq(applications.positionId, positionId), eq(applications.status, status))
    : eq(applications.positionId, positionId);
  const [rows, counts] = await Promise.all([
    db
      .select(listColumns)
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(APPLICATIONS_PER_PAGE)
      .offset((page - 1) * APPLICATIONS_PER_PAGE),
    db
      .select({ status: applications.status, count: count() })
      .from(applications)
      .where(eq(applications.positionId, positionId))
      .groupBy(applications.status),
  ]);
  const byStatus: Partial<Record<ApplicationStatus, number>> = Object.fromEntries(counts.map((row) => [row.status, row.count]));
  const all = counts.reduce((total, row) => total + row.count, 0);
  return { rows, all, byStatus, pages: pageCount(status ? (byStatus[status] ?? 0) : all, APPLICATIONS_PER_PAGE) };
}

/** One application of a position, with its resume's name and size; null when either id is not theirs. */
export async function getApplicationDetail(db: Database, positionId: string, applicationId: string) {
  if (!isUuid(positionId) || !isUuid(applicationId)) return null;
  const [row] = await db
    .select({ application: applications, resumeFileName: uploads.fileName, resumeSize: uploads.size })
    .from(applications)
    .leftJoin(uploads, eq(applications.resumeUploadId, uploads.id))
    .where(and(eq(applications.id, applicationId), eq(applications.positionId, positionId)));
  return row ?? null;
}

export async function setApplicationStatus(db: Database, actor: Actor, applicationId: string, status: ApplicationStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for('update');
    if (!current) throw new AdminRuleError(applicationRuleMessages.gone);
    if (current.status === status) return;
    const now = new Date();
    // The retention period of a decided application counts from the decision (RETENTION_APPLICATION_DAYS).
    const decidedAt = isDecided(status) ? (isDecided(current.status) ? undefined : now) : null;
    await tx
      .update(applications)
      .set({ status, updatedAt: now, ...(decidedAt === undefined ? {} : { decidedAt }) })
      .where(eq(applications.id, applicationId));
    await audit(tx, actor, 'application.status_changed', applicationId, { from: current.status, to: status });
  });
}
