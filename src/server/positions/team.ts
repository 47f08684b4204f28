import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { applicationInterviewers, applications, hiringTeamMembers, positions, users } from '../db/schema.ts';
import { rolesWith } from '../access/permissions.ts';
import { teamTexts } from '../../lib/accounts/team.ts';
import { positionFormMessages } from '../../lib/positions/texts.ts';

/**
 * A position's hiring team (issue 28): the staff who work on it. What being on it gives follows the
 * member's role (src/server/access/rules.ts): a hiring manager sees the position's applications.
 * Removing someone takes their access away at once, their interview assignments on the position
 * included.
 */

/** The roles that can be on a team: those who work on applications at all. */
const teamRoles = () => rolesWith('applications.read');

export async function listTeam(db: Database, positionId: string) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role, addedAt: hiringTeamMembers.createdAt })
    .from(hiringTeamMembers)
    .innerJoin(users, eq(users.id, hiringTeamMembers.userId))
    .where(eq(hiringTeamMembers.positionId, positionId))
    .orderBy(asc(users.name));
}

/** Staff who can be added to a team, by name. */
export async function listTeamCandidates(db: Database) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.role, teamRoles()), eq(users.emailVerified, true)))
    .orderBy(asc(users.name));
}

export async function addTeamMember(db: Database, actor: Actor, positionId: string, userId: string): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [position] = await tx.select({ id: positions.id }).from(positions).where(eq(positions.id, positionId));
    if (!position) throw new AdminRuleError(positionFormMessages.gone);
    const [user] = await tx.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, userId)).for('share');
    if (!user) throw new AdminRuleError(teamTexts.userGone);
    if (!teamRoles().includes(user.role)) throw new AdminRuleError(teamTexts.notEligible);
    const added = await tx
      .insert(hiringTeamMembers)
      .values({ positionId, userId, addedByEmail: actor.email })
      .onConflictDoNothing()
      .returning({ userId: hiringTeamMembers.userId });
    if (added.length > 0) await audit(tx, actor, 'position.team_member_added', positionId, { userId, name: user.name, role: user.role });
    return { name: user.name };
  });
}

export async function removeTeamMember(db: Database, actor: Actor, positionId: string, userId: string): Promise<{ name: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(hiringTeamMembers)
      .where(and(eq(hiringTeamMembers.positionId, positionId), eq(hiringTeamMembers.userId, userId)))
      .returning({ userId: hiringTeamMembers.userId });
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    if (!removed) return { name: user?.name ?? '' };
    // Off the team, off its interviews: access to the position's applications ends now.
    const unassigned = await tx
      .delete(applicationInterviewers)
      .where(
        and(
          eq(applicationInterviewers.userId, userId),
          sql`${applicationInterviewers.applicationId} in (select ${applications.id} from ${applications} where ${applications.positionId} = ${positionId})`,
        ),
      )
      .returning({ applicationId: applicationInterviewers.applicationId });
    await audit(tx, actor, 'position.team_member_removed', positionId, { userId, name: user?.name ?? null, unassigned: unassigned.length });
    return { name: user?.name ?? '' };
  });
}
