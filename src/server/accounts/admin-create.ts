import { and, eq } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, twoFactors, users } from '../db/schema.ts';
import { provePassword } from './email-verification.ts';
import { insertVerifiedUser, newId } from './new-account.ts';
import { lockAdmins, removesLastAdmin } from './users.ts';
import { can, isStaff } from '../access/permissions.ts';
import { roleLabels, staffRoles, type StaffRole } from '../../lib/accounts/roles.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/accounts/schema.ts';
import type { Auth } from './auth.ts';

/**
 * `npm run admin:create -- --email E --password P [--name "First Last"] [--role ROLE]`: creates a
 * verified staff account of ROLE (admin by default), or gives an existing account that role (and
 * verifies it). Running it twice changes nothing more. The last admin is never demoted by it.
 * An admin made by it is a break-glass admin (issue 56): where staff sign in only through the
 * company's identity provider, this one still signs in with password and code, audited loudly.
 */

export interface CreateStaffInput {
  email: string;
  password?: string | undefined;
  name?: string | undefined;
  /** A staff role; admin when not given. */
  role?: string | undefined;
}

export type CreateStaffResult = { outcome: 'created' | 'updated' | 'unchanged'; userId: string; role: StaffRole };

export class AdminCreateError extends Error {
  override readonly name = 'AdminCreateError';
}

/** The audit log's actor for changes made by this command. */
const operator: Actor = { id: null, email: 'admin:create' };

/** The role asked for, or a clear refusal naming the roles there are. */
export function staffRoleOf(value: string | undefined): StaffRole {
  const role = value ?? 'admin';
  if ((staffRoles as readonly string[]).includes(role)) return role as StaffRole;
  throw new AdminCreateError(`Unknown role "${role}". --role is one of: ${staffRoles.join(', ')}.`);
}

export async function createStaffAccount(db: Database, auth: Pick<Auth, '$context'>, input: CreateStaffInput): Promise<CreateStaffResult> {
  const role = staffRoleOf(input.role);
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminCreateError(`Not an e-mail address: ${input.email}`);
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  const password = input.password ?? '';
  const passwordFits = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
  if (existing) {
    const breakGlass = can({ role }, 'users.manage');
    if (existing.role === role && existing.emailVerified && existing.breakGlass === breakGlass)
      return { outcome: 'unchanged', userId: existing.id, role };
    // An account whose address was never confirmed may be a stranger's sign-up (decision 028): its
    // password is not made staff's. The operator sets one, which ends its sessions and factor.
    if (!existing.emailVerified && !passwordFits)
      throw new AdminCreateError(
        `${email} has an account whose address was never confirmed: its password may be anyone's. Run again with --password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters) to set one.`,
      );
    const passwordHash = existing.emailVerified ? null : await (await auth.$context).password.hash(password);
    await db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      if (removesLastAdmin(admins, existing.role, role))
        throw new AdminCreateError(`${email} is the last admin: make another admin first.`);
      await tx.update(users).set({ role, emailVerified: true, breakGlass, updatedAt: new Date() }).where(eq(users.id, existing.id));
      if (passwordHash) {
        await tx.delete(accounts).where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'credential')));
        await tx
          .insert(accounts)
          .values({ id: newId(), accountId: existing.id, providerId: 'credential', userId: existing.id, password: passwordHash });
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        await provePassword(tx, existing.id, { unprovenFactor: true });
      }
      await audit(tx, operator, existing.role === role ? 'user.promoted' : 'user.role_changed', existing.id, {
        from: existing.role,
        to: role,
        ...(passwordHash ? { passwordSet: true } : {}),
        ...(breakGlass !== existing.breakGlass ? { breakGlass } : {}),
      });
    });
    return { outcome: 'updated', userId: existing.id, role };
  }
  if (!passwordFits) throw new AdminCreateError(`--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  const [firstName = 'Site', ...rest] = (input.name ?? `Site ${roleLabels[role]}`).trim().split(/\s+/);
  const lastName = rest.join(' ') || roleLabels[role];
  const passwordHash = await (await auth.$context).password.hash(password);
  const userId = await db.transaction(async (tx) => {
    const id = await insertVerifiedUser(tx, { email, firstName, lastName, role, passwordHash });
    if (can({ role }, 'users.manage')) await tx.update(users).set({ breakGlass: true }).where(eq(users.id, id));
    await audit(tx, operator, 'user.created', id, { role, ...(can({ role }, 'users.manage') ? { breakGlass: true } : {}) });
    return id;
  });
  return { outcome: 'created', userId, role };
}

/**
 * `npm run admin:create -- --email E --reset-2fa`: the recovery of an admin who lost their
 * authenticator when no other admin can reset it (any staff account). Removes the account's second
 * factor (audited); with ADMIN_REQUIRE_2FA they set up a new one at their next sign-in.
 */
export async function resetAdminTwoFactor(db: Database, emailInput: string): Promise<'reset' | 'none'> {
  const email = emailInput.trim().toLowerCase();
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (!user) throw new AdminCreateError(`No account with the e-mail address ${email}.`);
  if (!isStaff(user.role))
    throw new AdminCreateError(`${email} is not a staff account; an admin can reset a user's factor in the admin area.`);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(twoFactors).where(eq(twoFactors.userId, user.id)).returning({ id: twoFactors.id });
    const [changed] = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning({ id: users.id });
    if (removed.length === 0 && !changed) return 'none' as const;
    await audit(tx, operator, 'user.two_factor_reset', user.id);
    return removed.length === 0 ? ('none' as const) : ('reset' as const);
  });
}
