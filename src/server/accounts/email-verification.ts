import { verifyJWT } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { isCommonPassword } from './common-passwords.ts';
import { newId } from './new-account.ts';
import type { Tx } from '../admin-command.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import { verifyEmailSchema } from '../../lib/accounts/schema.ts';
import { authMessages, verifyEmailTexts } from '../../lib/accounts/texts.ts';

/**
 * Confirming an e-mail address (decision 028). The e-mailed link leads to a page where whoever
 * follows it chooses the account's password: a password chosen at sign-up, before anyone proved
 * the address, is never trusted. Someone who signed up first with another person's address gains
 * nothing when the owner confirms it: their password stops working, their sessions and any factor
 * they set up end, and the owner signs in with the password they just chose.
 */

export interface PendingVerification {
  userId: string;
  email: string;
  name: string;
}

/**
 * The unconfirmed account an e-mailed link is for: the token is Better Auth's signed, expiring JWT
 * naming the address and the account. Null for a forged, expired or spent link (the address is
 * confirmed already), or one for an account since deleted.
 */
export async function pendingVerification(
  db: Pick<Database, 'select'>,
  secret: string,
  token: unknown,
): Promise<PendingVerification | null> {
  if (typeof token !== 'string' || token.length > 2000) return null;
  const payload = await verifyJWT(token, secret);
  if (!payload || typeof payload['email'] !== 'string' || typeof payload['userId'] !== 'string' || payload['updateTo']) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, payload['userId']));
  if (!user || user.verified || user.email !== payload['email'].toLowerCase()) return null;
  return { userId: user.id, email: user.email, name: user.name };
}

/**
 * The account's password was just set by someone who proved the address (this page, or an e-mailed
 * reset link): it is trusted from now on (ADMIN_EMAILS), and the address is verified. Every pending
 * token of the account (older reset links, code-step challenges) is spent. With `unprovenFactor`,
 * a second factor set up before the address was proven goes too: it may be a stranger's.
 */
export async function provePassword(tx: Tx | Database, userId: string, { unprovenFactor }: { unprovenFactor: boolean }): Promise<void> {
  const now = new Date();
  await tx.delete(verifications).where(eq(verifications.value, userId));
  await tx
    .update(users)
    .set({ emailVerified: true, passwordProvenAt: now, updatedAt: now, ...(unprovenFactor ? { twoFactorEnabled: false } : {}) })
    .where(eq(users.id, userId));
  if (unprovenFactor) await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
}

export type ConfirmResult =
  { ok: true; email: string } | { ok: false; code: 'INVALID_TOKEN' | 'BAD_REQUEST' | 'COMMON_PASSWORD'; message: string; field?: string };

/**
 * Confirms the address of the link's account and sets its password, in one transaction: the
 * password chosen here replaces any earlier one, every earlier session ends, and a factor set up
 * before the address was proven is removed. The caller signs the verifier in with this password.
 */
/**
 * What confirming needs of Better Auth: its secret (the link's JWT) and its password hasher. Said
 * here rather than imported as auth.ts's type, which imports this file (no import circle).
 */
export interface AuthContextSource {
  $context: Promise<{ secret: string; password: { hash(password: string): Promise<string> } }>;
}

export async function confirmAddress(deps: { db: Database; auth: AuthContextSource }, input: unknown): Promise<ConfirmResult> {
  const parsed = verifyEmailSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'form');
    if (field === 'token') return { ok: false, code: 'INVALID_TOKEN', message: verifyEmailTexts.invalid };
    return { ok: false, code: 'BAD_REQUEST', message: issue?.message ?? authMessages.badRequest, field };
  }
  const { token, password } = parsed.data;
  if (await isCommonPassword(password))
    return { ok: false, code: 'COMMON_PASSWORD', message: authMessages.commonPassword, field: 'password' };
  const context = await deps.auth.$context;
  const pending = await pendingVerification(deps.db, context.secret, token);
  if (!pending) return { ok: false, code: 'INVALID_TOKEN', message: verifyEmailTexts.invalid };
  const passwordHash = await context.password.hash(password);
  const confirmed = await deps.db.transaction(async (tx) => {
    // Locked: two tabs confirming at once set one password, the second finds the link spent.
    const [user] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, pending.userId)).for('update');
    if (!user || user.verified) return false;
    const [credential] = await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, pending.userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (!credential)
      await tx
        .insert(accounts)
        .values({ id: newId(), accountId: pending.userId, providerId: 'credential', userId: pending.userId, password: passwordHash });
    await tx.delete(sessions).where(eq(sessions.userId, pending.userId));
    await provePassword(tx, pending.userId, { unprovenFactor: true });
    return true;
  });
  return confirmed ? { ok: true, email: pending.email } : { ok: false, code: 'INVALID_TOKEN', message: verifyEmailTexts.invalid };
}
