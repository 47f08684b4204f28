import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applicationsInScope, can, type Who } from '../access/permissions.ts';
import {
  applicationActivity,
  applicationInterviewers,
  applicationNotes,
  applicationRatings,
  applications,
  positions,
} from '../db/schema.ts';
import { decidedStatuses, type ApplicationStatus } from '../../lib/applications/status.ts';
import { talliedStatuses } from './tally.ts';

/**
 * What in hiring waits for this person today (issue 30): the counts of the workspace's navigation
 * and the lists of a role's home. Every query stays in the viewer's reach (the permission module).
 */

/** An open application with no status move, note or e-mail for this long has stalled. */
export const STALLED_AFTER_DAYS = 7;
/** How many rows a home's list shows before "see all". */
export const HOME_LIST_LIMIT = 5;

const open = sql`${applications.status} not in (${sql.join(
  decidedStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

/** New (pending) applications in the viewer's reach; 0 for someone who lists none. */
export async function countNewApplications(db: Database, who: Who): Promise<number> {
  if (!can(who, 'applications.list')) return 0;
  const tallied = await talliedStatuses(db, { who, permission: 'applications.list' }, null);
  if (tallied) return tallied.find((row) => row.status === 'pending')?.count ?? 0;
  const [row] = await db
    .select({ count: count() })
    .from(applications)
    .where(and(eq(applications.status, 'pending'), applicationsInScope(who, 'applications.list')));
  return row?.count ?? 0;
}

export interface AttentionRow {
  id: string;
  positionId: string;
  positionTitle: string;
  fullName: string;
  status: ApplicationStatus;
  /** Stalled: the last activity. Feedback: when the person was asked to interview. */
  since: Date;
}

/**
 * Open applications past their first look (reviewing, interview, offer) where nothing has happened
 * for STALLED_AFTER_DAYS: the oldest silence first, with how many there are in all.
 */
export async function stalledApplications(db: Database, who: Who, now = new Date()) {
  if (!can(who, 'applications.list')) return { count: 0, rows: [] as AttentionRow[] };
  const cutoff = new Date(now.getTime() - STALLED_AFTER_DAYS * 86_400_000);
  // The last thing that happened, and whether the application is under way (reviewing, interview
  // or offer): kept by the database (application_activity, migration 0030); the list and its
  // count read its partial index, and only the list's five rows read their applications.
  const stalled = and(
    applicationActivity.underWay,
    lt(applicationActivity.lastActivityAt, cutoff),
    applicationsInScope(who, 'applications.list', { id: applicationActivity.applicationId, positionId: applicationActivity.positionId }),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: applications.id,
        positionId: applications.positionId,
        positionTitle: positions.title,
        fullName: applications.fullName,
        status: applications.status,
        since: applicationActivity.lastActivityAt,
      })
      .from(applicationActivity)
      .innerJoin(applications, eq(applications.id, applicationActivity.applicationId))
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(stalled)
      .orderBy(asc(applicationActivity.lastActivityAt), asc(applicationActivity.applicationId))
      .limit(HOME_LIST_LIMIT),
    db.select({ count: count() }).from(applicationActivity).where(stalled),
  ]);
  return { count: total?.count ?? 0, rows: rows as AttentionRow[] };
}

/** Assigned to this person, open, and without their rating or note: feedback they owe. */
const owedBy = (who: Who) =>
  and(
    eq(applicationInterviewers.userId, who.id),
    open,
    sql`not exists (select 1 from ${applicationRatings} where ${applicationRatings.applicationId} = ${applications.id} and ${applicationRatings.reviewerUserId} = ${who.id})`,
    sql`not exists (select 1 from ${applicationNotes} where ${applicationNotes.applicationId} = ${applications.id} and ${applicationNotes.authorUserId} = ${who.id})`,
  );

/** How many applications await this person's feedback (the navigation's count: one query). */
export async function countFeedbackDue(db: Database, who: Who): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(applicationInterviewers)
    .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
    .where(owedBy(who));
  return row?.count ?? 0;
}

/**
 * The open applications this person was asked to interview and has not yet given feedback on
 * (neither a rating nor a note of theirs): newest assignment first.
 */
export async function feedbackDue(db: Database, who: Who) {
  const mine = owedBy(who);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: applications.id,
        positionId: applications.positionId,
        positionTitle: positions.title,
        fullName: applications.fullName,
        status: applications.status,
        since: applicationInterviewers.createdAt,
      })
      .from(applicationInterviewers)
      .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(mine)
      .orderBy(desc(applicationInterviewers.createdAt), asc(applications.id))
      .limit(HOME_LIST_LIMIT),
    countFeedbackDue(db, who),
  ]);
  return { count: total, rows: rows as AttentionRow[] };
}
