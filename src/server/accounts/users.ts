import { desc, eq, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor, type Tx } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Role } from '../../lib/accounts/schema.ts';
import { userRuleMessages } from '../../lib/accounts/texts.ts';

/**
 * Users in the admin area (spec section 6): listed newest first, a role changed, an account
 * deleted. The last admin can be neither demoted nor deleted, and nobody does either to themself.
 */

export async function listUsers(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt));
}

/**
 * Locks the admins' rows so two concurrent demotions cannot both see "another admin is left": the
 * second waits for the first, and then no longer counts the admin the first one demoted.
 */
async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`select id from users where role = 'admin' for update`);
  return rows.rows.map((row) => row.id);
}

export async function changeUserRole(db: Database, actor: Actor, userId: string, role: Role): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError(userRuleMessages.ownRole);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AdminRuleError(userRuleMessages.gone);
    if (user.role === role) return;
    if (user.role === 'admin' && admins.length <= 1) throw new AdminRuleError(userRuleMessages.lastAdminDemoted);
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.role_changed', userId, { from: user.role, to: role });
  });
}

export async function deleteUser(db: Database, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError(userRuleMessages.ownAccount);
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AdminRuleError(userRuleMessages.gone);
    if (user.role === 'admin' && admins.length <= 1) throw new AdminRuleError(userRuleMessages.lastAdminDeleted);
    // Sessions and credentials go with the user (foreign keys cascade).
    await tx.delete(users).where(eq(users.id, userId));
    await audit(tx, actor, 'user.deleted', userId, { email: user.email, role: user.role });
  });
}
