import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { isStaff } from '../access/permissions.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { apiTokens, users } from '../db/schema.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import type { ApiTokenScope } from '../../lib/api/tokens.ts';

/**
 * Personal API tokens (issue 55): 256 random bits after "hxp_", shown once; only their SHA-256 is
 * kept (a token is no password a person chose: a fast hash of that much randomness is safe, and is
 * looked up by its value). A token names its owner; each call acts with the owner's role as it is
 * then, never more, and the token's scope on top (read-only refuses every change).
 */

export const TOKEN_PREFIX = 'hxp_';
const DAY = 86_400_000;

export const apiTokenMessages = {
  gone: 'This token no longer exists',
  tooMany: 'You have 20 tokens that still work: revoke one first',
} as const;

/** How many working tokens one person may hold. */
const MAX_TOKENS = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenRow {
  id: string;
  name: string;
  scope: ApiTokenScope;
  prefix: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** One's own tokens, newest first (revoked and expired ones too, for a while: what happened to them). */
export async function listApiTokens(db: Database, userId: string): Promise<TokenRow[]> {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scope: apiTokens.scope,
      prefix: apiTokens.prefix,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt))
    .limit(100);
}

/** Makes a token for its owner; returns it, to be shown once. */
export async function createApiToken(
  db: Database,
  actor: Actor & { id: string },
  input: { name: string; scope: ApiTokenScope; days: number },
  now = new Date(),
): Promise<{ id: string; token: string }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    // One at a time per person (the count and the insert agree).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-tokens:${actor.id}`}, 0))`);
    const [{ working } = { working: 0 }] = await tx
      .select({ working: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt), sql`${apiTokens.expiresAt} > ${now}`));
    if (working >= MAX_TOKENS) throw new AdminRuleError(apiTokenMessages.tooMany);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: actor.id,
        name: input.name,
        scope: input.scope,
        tokenHash: hashOf(token),
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        expiresAt: new Date(now.getTime() + input.days * DAY),
        createdAt: now,
      })
      .returning({ id: apiTokens.id });
    await audit(tx, actor, 'api_token.created', row!.id, { name: input.name, scope: input.scope, days: input.days });
    return { id: row!.id, token };
  });
}

/** Revokes one of one's own tokens (another's is answered as missing). */
export async function revokeApiToken(db: Database, actor: Actor & { id: string }, id: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name });
    if (!row) throw new AdminRuleError(apiTokenMessages.gone);
    await audit(tx, actor, 'api_token.revoked', id, { name: row.name });
  });
}

/** Who calls: the token's owner as they are now, and the token. */
export interface ApiCaller {
  tokenId: string;
  scope: ApiTokenScope;
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * The caller of an `Authorization: Bearer hxp_…` header: null for anything but a token that exists,
 * is neither revoked nor past its end, of someone on the staff. Marks it used (at most once a minute).
 */
export async function authenticateToken(db: Database, header: string | null, now = new Date()): Promise<ApiCaller | null> {
  // The scheme's name in any case (RFC 9110); the token exactly.
  const match = /^Bearer\s+(hxp_[A-Za-z0-9_-]{43})\s*$/i.exec(header ?? '');
  if (!match) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashOf(match[1]!)));
  if (!row || row.revokedAt || row.expiresAt <= now || !isStaff(row.role)) return null;
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < now.getTime() - 60_000)
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiTokens.id, row.tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - 60_000)))),
      );
  return { tokenId: row.tokenId, scope: row.scope, id: row.id, email: row.email, name: row.name, role: row.role as Role };
}
