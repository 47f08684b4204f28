import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor, type Tx } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { can, isStaff, keeperRoles } from '../access/permissions.ts';
import { twoFactors, users } from '../db/schema.ts';
import { USERS_PER_PAGE, type Role } from '../../lib/accounts/schema.ts';
import { twoFactorTexts, userRuleMessages } from '../../lib/accounts/texts.ts';
import { pageCount } from '../../lib/list-query.ts';

/**
 * Users in the admin area (spec section 6): listed newest first, a role changed, an account
 * deleted. The last admin can be neither demoted nor deleted, and nobody does either to themself.
 */

export interface UsersQuery {
  /** Part of a name, e-mail address or username. */
  q: string;
  page: number;
}

/** A page of users (50), newest first, optionally searched; with the total for paging. */
export async function listUsers(db: Database, query: UsersQuery = { q: '', page: 1 }) {
  const term = query.q.trim().slice(0, 100);
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = term ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.username, pattern)) : undefined;
  const [total] = await db.select({ count: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_PER_PAGE)
    .offset((query.page - 1) * USERS_PER_PAGE);
  const all = total?.count ?? 0;
  return { rows, total: all, pages: pageCount(all, USERS_PER_PAGE) };
}

/**
 * Locks the admins' rows so two concurrent demotions cannot both see "another admin is left": the
 * second waits for the first, and then no longer counts the admin the first one demoted.
 */
export async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`select id from users where role in ${keeperRoles()} for update`);
  return rows.rows.map((row) => row.id);
}

/** Whether taking `from` away (a demotion to `to`, or a deletion) would leave nobody who manages users. */
export function removesLastAdmin(admins: readonly string[], from: Role, to: Role | null): boolean {
  return can({ role: from }, 'users.manage') && (to === null || !can({ role: to }, 'users.manage')) && admins.length <= 1;
}

export async function changeUserRole(db: Database, actor: Actor, userId: string, role: Role): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError(userRuleMessages.ownRole);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx
      .select({ role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AdminRuleError(userRuleMessages.gone);
    if (user.role === role) return;
    // Every staff role reads data that is not theirs: only for an address that was proven.
    if (isStaff(role) && !user.emailVerified) throw new AdminRuleError(userRuleMessages.unverifiedAdmin);
    if (removesLastAdmin(admins, user.role, role)) throw new AdminRuleError(userRuleMessages.lastAdminDemoted);
    await tx.update(users).set({ role, roleFromSso: false, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.role_changed', userId, { from: user.role, to: role });
  });
}

export async function deleteUser(db: Database, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError(userRuleMessages.ownAccount);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AdminRuleError(userRuleMessages.gone);
    if (removesLastAdmin(admins, user.role, null)) throw new AdminRuleError(userRuleMessages.lastAdminDeleted);
    // Sessions and credentials go with the user (foreign keys cascade).
    await tx.delete(users).where(eq(users.id, userId));
    await audit(tx, actor, 'user.deleted', userId, { email: user.email, role: user.role });
  });
}

/**
 * Another user lost their phone: their second factor is removed (they sign in with their password
 * and, if an admin, set up a new one). Never one's own through this route.
 */
export async function resetTwoFactor(db: Database, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError(twoFactorTexts.resetOwn);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AdminRuleError(userRuleMessages.gone);
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, userId)).returning({ id: twoFactors.id });
    if (!user.twoFactorEnabled && removed.length === 0) throw new AdminRuleError(twoFactorTexts.notEnabled);
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.two_factor_reset', userId);
  });
}
