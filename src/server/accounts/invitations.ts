import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import { isCommonPassword } from './common-passwords.ts';
import { insertVerifiedUser } from './new-account.ts';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import { withTransaction, type Database } from '../db/client.ts';
import type pg from 'pg';
import { hashSecretToken, newSecretToken } from '../secret-tokens.ts';
import { invitations, users } from '../db/schema.ts';
import { isStaff } from '../access/permissions.ts';
import type { Jobs } from '../jobs/queue.ts';
import { invitation as invitationMail } from '../mail/templates.ts';
import { acceptInvitationSchema, invitationSchema, type Role } from '../../lib/accounts/schema.ts';
import { authMessages, invitationTexts } from '../../lib/accounts/texts.ts';

/**
 * Staff invited by an admin: an e-mailed link (a random token, stored hashed) that works once, for
 * seven days, to set a name and a password. Following it proves the address, so the account is
 * verified. Pending invitations can be sent again (a new link; the old one stops working) or
 * revoked. Every step is in the audit log.
 */

export const INVITATION_DAYS = 7;
export const INVITATION_PATH = '/auth/invitation';

export interface InvitationDeps {
  db: Database;
  /** For the transaction that stores the invitation and queues its e-mail together. */
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  siteUrl: string;
  /** ADMIN_REQUIRE_2FA: the e-mail tells staff to have an authenticator ready. */
  requireTwoFactor: boolean;
}

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

async function inviterName(db: Database, actor: Actor): Promise<string> {
  if (!actor.id) return 'An admin';
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  return row?.name ?? 'An admin';
}

function mailFor(deps: InvitationDeps, name: string, role: Role, token: string) {
  return invitationMail({
    inviterName: name,
    role,
    mustSetUpFactor: deps.requireTwoFactor && isStaff(role),
    url: `${deps.siteUrl}${INVITATION_PATH}?token=${token}`,
    expiresDays: INVITATION_DAYS,
  });
}

export async function inviteUser(
  deps: InvitationDeps,
  actor: Actor,
  input: unknown,
  now = new Date(),
): Promise<{ id: string; email: string }> {
  const parsed = invitationSchema.safeParse(input);
  if (!parsed.success) throw new AdminRuleError(parsed.error.issues[0]?.message ?? 'Invalid invitation');
  const { email, role } = parsed.data;
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new AdminRuleError(invitationTexts.alreadyUser);
  const token = newSecretToken();
  const name = await inviterName(deps.db, actor);
  const id = await withTransaction(deps.pool, async ({ db: tx, ...connection }) => {
    // One open invitation per address: a new one replaces the last.
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({ email, role, tokenHash: hashSecretToken(token), invitedBy: actor.id, expiresAt: expiry(now), sentAt: now, createdAt: now })
      .returning({ id: invitations.id });
    if (!row) throw new Error('The invitation was not stored.');
    await audit(tx, actor, 'invitation.created', row.id, { email, role });
    await deps.jobs.enqueueEmail({ to: email, ...mailFor(deps, name, role, token) }, { db: connection });
    return row.id;
  });
  return { id, email };
}

async function openInvitation(db: Pick<Database, 'select'>, invitationId: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  if (!row) throw new AdminRuleError(invitationTexts.gone);
  return row;
}

/** A new link, valid seven days from now; the previous link stops working. */
export async function resendInvitation(
  deps: InvitationDeps,
  actor: Actor,
  invitationId: string,
  now = new Date(),
): Promise<{ email: string }> {
  const row = await openInvitation(deps.db, invitationId);
  const token = newSecretToken();
  const name = await inviterName(deps.db, actor);
  await withTransaction(deps.pool, async ({ db: tx, ...connection }) => {
    await tx
      .update(invitations)
      .set({ tokenHash: hashSecretToken(token), expiresAt: expiry(now), sentAt: now })
      .where(eq(invitations.id, row.id));
    await audit(tx, actor, 'invitation.resent', row.id, { email: row.email });
    await deps.jobs.enqueueEmail({ to: row.email, ...mailFor(deps, name, row.role, token) }, { db: connection });
  });
  return { email: row.email };
}

export async function revokeInvitation(db: Database, actor: Actor, invitationId: string, now = new Date()): Promise<{ email: string }> {
  const row = await openInvitation(db, invitationId);
  await db.transaction(async (tx) => {
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, row.id));
    await audit(tx, actor, 'invitation.revoked', row.id, { email: row.email });
  });
  return { email: row.email };
}

/** Invitations neither accepted nor revoked, newest first (expired ones too: they can be sent again). */
export async function listPendingInvitations(db: Database, now = new Date()) {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      sentAt: invitations.sentAt,
      expiresAt: invitations.expiresAt,
      invitedBy: users.name,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.createdAt));
  return rows.map((row) => ({ ...row, expired: row.expiresAt <= now }));
}

/** The open, unexpired invitation a link's token belongs to, or null. */
export async function findInvitation(db: Database, token: string | null, now = new Date()) {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashSecretToken(token)), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
  return row && row.expiresAt > now ? row : null;
}

export type AcceptResult =
  { ok: true; email: string; role: Role; userId: string } | { ok: false; fieldErrors: Record<string, string>; message: string };

/** The invitee sets a name and a password: a verified account with the invited role. The link is spent. */
export async function acceptInvitation(
  db: Database,
  auth: Pick<Auth, '$context'>,
  token: string | null,
  input: unknown,
  now = new Date(),
): Promise<AcceptResult> {
  const parsed = acceptInvitationSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
    return { ok: false, fieldErrors, message: Object.values(fieldErrors)[0] ?? 'Please check the form.' };
  }
  if (await isCommonPassword(parsed.data.password))
    return { ok: false, fieldErrors: { password: authMessages.commonPassword }, message: authMessages.commonPassword };
  const invited = await findInvitation(db, token, now);
  if (!invited) return { ok: false, fieldErrors: {}, message: invitationTexts.invalid };
  const passwordHash = await (await auth.$context).password.hash(parsed.data.password);
  return db.transaction(async (tx) => {
    // Locked, so a double submit creates one account.
    const [row] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(eq(invitations.id, invited.id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .for('update');
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invited.email));
    if (!row || taken) return { ok: false, fieldErrors: {}, message: invitationTexts.invalid } as const;
    const userId = await insertVerifiedUser(tx, {
      email: invited.email,
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      role: invited.role,
      passwordHash,
    });
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invited.id));
    await audit(tx, { id: userId, email: invited.email }, 'invitation.accepted', invited.id, { role: invited.role });
    return { ok: true, email: invited.email, role: invited.role, userId } as const;
  });
}
