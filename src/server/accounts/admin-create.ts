import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { accounts, users } from '../db/schema.ts';
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

const newId = () => randomBytes(24).toString('base64url');

/** The audit log's actor for changes made by this command. */
const operator: Actor = { id: null, email: 'admin:create' };

async function freeUsername(db: Database, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? 'admin')
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 24)
      .padEnd(3, '0') || 'admin';
  for (let attempt = 0; ; attempt += 1) {
    const candidate = attempt === 0 ? base : `${base}${attempt}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}

export async function createOrPromoteAdmin(
  db: Database,
  auth: Pick<Auth, '$context'>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AdminCreateError(`Not an e-mail address: ${input.email}`);
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (existing.role === 'admin' && existing.emailVerified) return { outcome: 'unchanged', userId: existing.id };
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin', emailVerified: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
      await audit(tx, operator, 'user.promoted', existing.id, { role: 'admin' });
    });
    return { outcome: 'promoted', userId: existing.id };
  }
  const password = input.password ?? '';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new AdminCreateError(`--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  const [firstName = 'Site', ...rest] = (input.name ?? 'Site Admin').trim().split(/\s+/);
  const lastName = rest.join(' ') || 'Admin';
  const hash = await (await auth.$context).password.hash(password);
  const userId = newId();
  const username = await freeUsername(db, email);
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ id: userId, name: `${firstName} ${lastName}`, email, emailVerified: true, username, firstName, lastName, role: 'admin' });
    await tx.insert(accounts).values({ id: newId(), accountId: userId, providerId: 'credential', userId, password: hash });
    await audit(tx, operator, 'user.created', userId, { role: 'admin' });
  });
  return { outcome: 'created', userId };
}
