import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, users } from '../db/schema.ts';
import type { Tx } from '../admin-command.ts';
import type { Role } from '../../lib/accounts/schema.ts';

/**
 * Accounts made by us rather than by a sign-up form (`npm run admin:create`, an accepted
 * invitation): a verified user with an e-mail-and-password credential, as Better Auth stores one.
 */

export const newId = () => randomBytes(24).toString('base64url');

/** A username derived from the e-mail address, made unique with a number when taken. */
export async function freeUsername(db: Pick<Database, 'select'>, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? 'user')
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24)
      .padEnd(3, '0') || 'user';
  for (let attempt = 0; ; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}${attempt}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The password hash from Better Auth's hasher. */
  passwordHash: string;
}

export async function insertVerifiedUser(tx: Tx | Database, input: NewUser): Promise<string> {
  const userId = newId();
  const username = await freeUsername(tx, input.email);
  await tx.insert(users).values({
    id: userId,
    name: `${input.firstName} ${input.lastName}`,
    email: input.email,
    emailVerified: true,
    username,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.role,
    // Set by an operator, or by an invitee whose link proved the address: a trusted password (decision 028).
    passwordProvenAt: new Date(),
  });
  await tx.insert(accounts).values({ id: newId(), accountId: userId, providerId: 'credential', userId, password: input.passwordHash });
  return userId;
}
