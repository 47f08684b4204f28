import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applicationInterviewers, applications, hiringTeamMembers, positions, users } from '../db/schema.ts';
import { rolesWith } from '../access/permissions.ts';
import { teamTexts } from '../../lib/accounts/team.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';

/**
 * The people asked to interview one applicant (issue 28). An interviewer sees only the applications
 * assigned to them; unassigning ends that at once.
 */

/** Who can be asked to interview: staff whose role reviews applications. */
const interviewerRoles = () => rolesWith('applications.review');

const interviewersOf = builtOnce((db: Database) =>
  db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role, assignedAt: applicationInterviewers.createdAt })
    .from(applicationInterviewers)
    .innerJoin(users, eq(users.id, applicationInterviewers.userId))
    .where(eq(applicationInterviewers.applicationId, sql.placeholder('applicationId')))
    .orderBy(asc(users.name))
    .prepare(''),
);

export async function listInterviewers(db: Database, applicationId: string) {
  return interviewersOf(db).execute({ applicationId });
}

/** Who may be assigned to an application: the position's hiring team first, then other staff, by name. */
export async function listAssignable(db: Database, positionId: string) {
  const onTeam = sql<boolean>`exists (select 1 from ${hiringTeamMembers} where ${hiringTeamMembers.positionId} = ${positionId} and ${hiringTeamMembers.userId} = ${users.id})`;
  return db
    .select({ userId: users.id, name: users.name, role: users.role, onTeam })
    .from(users)
    .where(and(inArray(users.role, interviewerRoles()), eq(users.emailVerified, true)))
    .orderBy(desc(onTeam), asc(users.name));
}

export async function assignInterviewer(db: Database, actor: Actor, applicationId: string, userId: string): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [application] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
    if (!application) throw new AdminRuleError(applicationRuleMessages.gone);
    const [user] = await tx.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, userId)).for('share');
    if (!user) throw new AdminRuleError(teamTexts.userGone);
    if (!interviewerRoles().includes(user.role)) throw new AdminRuleError(teamTexts.notInterviewer);
    await assignInTransaction(tx, actor, applicationId, [{ id: userId, name: user.name }]);
    return { name: user.name };
  });
}

/**
 * Assigns people to an application inside the caller's transaction (assigning one, proposing or
 * recording an interview); each newly assigned person is audited, one already assigned is left as is.
 */
export async function assignInTransaction(
  tx: Pick<Database, 'insert'>,
  actor: Actor,
  applicationId: string,
  people: ReadonlyArray<{ id: string; name: string }>,
): Promise<void> {
  const added = await tx
    .insert(applicationInterviewers)
    .values(people.map((person) => ({ applicationId, userId: person.id, assignedByEmail: actor.email })))
    .onConflictDoNothing()
    .returning({ userId: applicationInterviewers.userId });
  for (const { userId } of added)
    await audit(tx, actor, 'application.interviewer_assigned', applicationId, {
      userId,
      name: people.find((person) => person.id === userId)!.name,
    });
}

/** These people, when every one exists and can interview (their role reviews applications); null otherwise. */
export async function interviewersByIds(db: Pick<Database, 'select'>, ids: readonly string[]) {
  const people = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return people.length === ids.length && people.every((person) => interviewerRoles().includes(person.role)) ? people : null;
}

export async function unassignInterviewer(db: Database, actor: Actor, applicationId: string, userId: string): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(applicationInterviewers)
      .where(and(eq(applicationInterviewers.applicationId, applicationId), eq(applicationInterviewers.userId, userId)))
      .returning({ userId: applicationInterviewers.userId });
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    if (removed) await audit(tx, actor, 'application.interviewer_unassigned', applicationId, { userId, name: user?.name ?? null });
    return { name: user?.name ?? '' };
  });
}

/** The applications a person is assigned to interview, newest assignment first (their dashboard). */
export async function listAssignedApplications(db: Database, userId: string) {
  return db
    .select({
      id: applications.id,
      positionId: applications.positionId,
      positionTitle: positions.title,
      fullName: applications.fullName,
      status: applications.status,
      assignedAt: applicationInterviewers.createdAt,
    })
    .from(applicationInterviewers)
    .innerJoin(applications, eq(applications.id, applicationInterviewers.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applicationInterviewers.userId, userId))
    .orderBy(desc(applicationInterviewers.createdAt));
}
