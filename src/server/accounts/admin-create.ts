import { and, eq } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, twoFactors, users } from '../db/schema.ts';
import { provePassword } from './email-verification.ts';
import { insertVerifiedUser, newId } from './new-account.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/accounts/schema.ts';
import type { Auth } from './auth.ts';

/**
 * `npm run admin:create -- --email E --password P [--name "First Last"]`: creates a verified admin,
 * or makes an existing account admin (and verified). Running it twice changes nothing more.
 */

export interface CreateAdminInput {
  email: string;
  password?: string | undefined;
  name?: string | undefined;
}

export type CreateAdminResult = { outcome: 'created' | 'promoted' | 'unchanged'; userId: string };

export class AdminCreateError extends Error {
  override readonly name = 'AdminCreateError';
}

/** The audit log's actor for changes made by this command. */
const operator: Actor = { id: null, email: 'admin:create' };

export async function createOrPromoteAdmin(
  db: Database,
  auth: Pick<Auth, '$context'>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminCreateError(`Not an e-mail address: ${input.email}`);
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  const password = input.password ?? '';
  const passwordFits = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
  if (existing) {
    if (existing.role === 'admin' && existing.emailVerified) return { outcome: 'unchanged', userId: existing.id };
    // An account whose address was never confirmed may be a stranger's sign-up (decision 028): its
    // password is not made an admin's. The operator sets one, which ends its sessions and factor.
    if (!existing.emailVerified && !passwordFits)
      throw new AdminCreateError(
        `${email} has an account whose address was never confirmed: its password may be anyone's. Run again with --password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters) to set one.`,
      );
    const passwordHash = existing.emailVerified ? null : await (await auth.$context).password.hash(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin', emailVerified: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      if (passwordHash) {
        await tx.delete(accounts).where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, 'credential')));
        await tx
          .insert(accounts)
          .values({ id: newId(), accountId: existing.id, providerId: 'credential', userId: existing.id, password: passwordHash });
        await tx.delete(sessions).where(eq(sessions.userId, existing.id));
        await provePassword(tx, existing.id, { unprovenFactor: true });
      }
      await audit(tx, operator, 'user.promoted', existing.id, { role: 'admin', ...(passwordHash ? { passwordSet: true } : {}) });
    });
    return { outcome: 'promoted', userId: existing.id };
  }
  if (!passwordFits) throw new AdminCreateError(`--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  const [firstName = 'Site', ...rest] = (input.name ?? 'Site Admin').trim().split(/\s+/);
  const lastName = rest.join(' ') || 'Admin';
  const passwordHash = await (await auth.$context).password.hash(password);
  const userId = await db.transaction(async (tx) => {
    const id = await insertVerifiedUser(tx, { email, firstName, lastName, role: 'admin', passwordHash });
    await audit(tx, operator, 'user.created', id, { role: 'admin' });
    return id;
  });
  return { outcome: 'created', userId };
}

/**
 * `npm run admin:create -- --email E --reset-2fa`: the recovery of an admin who lost their
 * authenticator when no other admin can reset it. Removes the account's second factor (audited);
 * with ADMIN_REQUIRE_2FA the admin sets up a new one at their next sign-in.
 */
export async function resetAdminTwoFactor(db: Database, emailInput: string): Promise<'reset' | 'none'> {
  const email = emailInput.trim().toLowerCase();
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  if (!user) throw new AdminCreateError(`No account with the e-mail address ${email}.`);
  if (user.role !== 'admin')
    throw new AdminCreateError(`${email} is not an admin; another admin can reset a user's factor in the admin area.`);
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
