import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import { audit } from '../audit/log.ts';
import type { Tx } from '../admin-command.ts';
import type { Auth } from '../accounts/auth.ts';
import type { Database } from '../db/client.ts';
import { accounts, apiTokens, sessions, ssoLogoutTokens } from '../db/schema.ts';
import type { SsoHolder } from './holder.ts';
import { providerActor, type SsoProvider } from './provider.ts';
import { SSO_PROVIDER_ID } from '../../lib/accounts/sso.ts';

/**
 * Sessions the company's provider ends (issue 56): when it says the person signed out or was
 * removed (back-channel logout, a signed token posted to us), and when it no longer refreshes
 * their tokens (checked every few minutes). Only sessions it began end; a break-glass admin's
 * password session is the site's own.
 */

export interface SsoSessionDeps {
  db: Database;
  auth: Pick<Auth, '$context' | 'api'> & { sso: Pick<SsoHolder, 'current' | 'refresh'> };
  log: (data: object, message: string) => void;
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token older than this is refused (its jti is kept as long, so a replay within it is refused too). */
const LOGOUT_TOKEN_MAX_AGE_SECONDS = 5 * 60;
/** How often a person's tokens are refreshed at the provider to learn that they are still there. */
export const SSO_RECHECK_MINUTES = 10;

/** The library's verification settings for the provider's tokens: its keys (fetched and cached by jose), issuer and algorithms. */
async function verifierOf(deps: SsoSessionDeps): Promise<{ jwks: JWTVerifyGetKey; issuer: string; algorithms?: string[] } | null> {
  const context = await deps.auth.$context;
  const social = context.socialProviders.find((provider) => provider.id === SSO_PROVIDER_ID) as
    { idToken?: { jwks?: JWTVerifyGetKey; issuer?: string; algorithms?: string[] } } | undefined;
  const config = social?.idToken;
  if (!config?.jwks || !config.issuer) return null;
  return { jwks: config.jwks, issuer: config.issuer, ...(config.algorithms ? { algorithms: config.algorithms } : {}) };
}

/**
 * Ends a person's sessions the provider began; returns how many. When the provider refused their
 * tokens (they are gone, not merely signed out), their API tokens are revoked too: nothing of
 * theirs opens the site after they left the company.
 */
async function endSsoSessions(
  tx: Tx,
  provider: SsoProvider,
  userIds: string[],
  reason: 'back-channel logout' | 'refresh refused',
): Promise<number> {
  if (userIds.length === 0) return 0;
  const ended = await tx
    .delete(sessions)
    .where(and(inArray(sessions.userId, userIds), eq(sessions.method, 'sso')))
    .returning({ userId: sessions.userId });
  const revoked =
    reason === 'refresh refused'
      ? await tx
          .update(apiTokens)
          .set({ revokedAt: new Date() })
          .where(and(inArray(apiTokens.userId, userIds), isNull(apiTokens.revokedAt)))
          .returning({ userId: apiTokens.userId })
      : [];
  for (const userId of new Set([...ended, ...revoked].map((row) => row.userId)))
    await audit(tx, providerActor(provider), 'user.sso_sessions_ended', userId, {
      reason,
      sessions: ended.filter((row) => row.userId === userId).length,
      ...(reason === 'refresh refused' ? { apiTokensRevoked: revoked.filter((row) => row.userId === userId).length } : {}),
    });
  return ended.length;
}

export type LogoutOutcome = { ok: true; ended: number } | { ok: false; error: string };

/**
 * POST /api/sso/backchannel-logout (OpenID Connect Back-Channel Logout 1.0): the token must be
 * signed by the provider's keys, for our client, recent, name the logout event and a subject, carry
 * no nonce, and not have been used before.
 */
export async function backchannelLogout(deps: SsoSessionDeps, logoutToken: string, now = new Date()): Promise<LogoutOutcome> {
  const provider = await deps.auth.sso.refresh();
  if (!provider || !logoutToken || logoutToken.length > 8192) return { ok: false, error: 'invalid_request' };
  const verifier = await verifierOf(deps);
  if (!verifier) return { ok: false, error: 'temporarily_unavailable' };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(logoutToken, verifier.jwks, {
      issuer: verifier.issuer,
      audience: provider.clientId,
      ...(verifier.algorithms ? { algorithms: verifier.algorithms } : {}),
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      requiredClaims: ['iat', 'jti', 'events'],
      clockTolerance: 30,
      currentDate: now,
    }));
  } catch (error) {
    deps.log({ err: { message: (error as Error).message } }, 'back-channel logout token refused');
    return { ok: false, error: 'invalid_request' };
  }
  const events = payload['events'];
  const sub = payload['sub'];
  if (!events || typeof events !== 'object' || !(BACKCHANNEL_EVENT in events) || 'nonce' in payload || typeof sub !== 'string' || !sub)
    return { ok: false, error: 'invalid_request' };
  // Each token acts once: its jti is kept as long as the token could be accepted.
  const jti = `${verifier.issuer} ${String(payload['jti'])}`.slice(0, 1000);
  // The token is spent and the sessions end together: a failure leaves the provider's retry its chance.
  const ended = await deps.db.transaction(async (tx) => {
    await tx.delete(ssoLogoutTokens).where(lt(ssoLogoutTokens.expiresAt, now));
    const [fresh] = await tx
      .insert(ssoLogoutTokens)
      .values({ jti, expiresAt: new Date(now.getTime() + (LOGOUT_TOKEN_MAX_AGE_SECONDS + 60) * 1000) })
      .onConflictDoNothing()
      .returning({ jti: ssoLogoutTokens.jti });
    if (!fresh) return null;
    const people = await tx
      .select({ userId: accounts.userId })
      .from(accounts)
      .where(and(eq(accounts.providerId, SSO_PROVIDER_ID), eq(accounts.accountId, sub)));
    return endSsoSessions(
      tx,
      provider,
      people.map((row) => row.userId),
      'back-channel logout',
    );
  });
  if (ended === null) {
    deps.log({}, 'back-channel logout token refused: used before');
    return { ok: false, error: 'invalid_request' };
  }
  deps.log({ ended }, 'back-channel logout: sessions ended');
  return { ok: true, ended };
}

/** The provider refused the refresh token (RFC 6749 5.2): the grant is gone, as the person is. */
const refusedGrant = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ['invalid_grant', 'unauthorized_client'].includes(String((error as { error?: unknown }).error));

/**
 * Every few minutes: each person with a live session from the provider, or a live API token, has
 * their tokens refreshed at the provider (kept sealed, as Better Auth keeps them). Only a refusal
 * of the grant itself (invalid_grant) means they are gone: their sessions end and their API tokens
 * are revoked. Anything else (the provider down or slow, a 5xx, a secret rotated at the provider,
 * the provider not read yet) ends nothing: they are asked again at the next run.
 */
export async function recheckSsoSessions(
  deps: SsoSessionDeps,
  now = new Date(),
  everyMinutes = SSO_RECHECK_MINUTES,
): Promise<{ checked: number; ended: number }> {
  const provider = deps.auth.sso.current();
  if (!provider) return { checked: 0, ended: 0 };
  const context = await deps.auth.$context;
  const social = context.socialProviders.find((candidate) => candidate.id === SSO_PROVIDER_ID);
  if (!social?.refreshAccessToken) return { checked: 0, ended: 0 };
  const due = await deps.db
    .select({ id: accounts.id, userId: accounts.userId, refreshToken: accounts.refreshToken })
    .from(accounts)
    .where(
      and(
        eq(accounts.providerId, SSO_PROVIDER_ID),
        lt(accounts.updatedAt, new Date(now.getTime() - everyMinutes * 60 * 1000)),
        or(
          sql`exists (select 1 from ${sessions} s where s.user_id = ${accounts.userId} and s.method = 'sso' and s.expires_at > ${now})`,
          sql`exists (select 1 from ${apiTokens} t where t.user_id = ${accounts.userId} and t.revoked_at is null and t.expires_at > ${now})`,
        ),
      ),
    )
    .orderBy(accounts.updatedAt)
    .limit(100);
  const key = context.secretConfig;
  let ended = 0;
  for (const account of due) {
    // Asked about once in the period, whatever the answer (a provider that is down is asked again then).
    await deps.db.update(accounts).set({ updatedAt: now }).where(eq(accounts.id, account.id));
    // Nothing to ask with (a provider that gives no refresh token): their sessions end at the provider's session length.
    if (!account.refreshToken) continue;
    let refreshToken: string;
    try {
      refreshToken = await symmetricDecrypt({ key, data: account.refreshToken });
    } catch {
      deps.log({ account: account.id }, 'single sign-on recheck: a refresh token could not be unsealed (AUTH_SECRET changed?)');
      continue;
    }
    try {
      const tokens = await social.refreshAccessToken(refreshToken);
      await context.internalAdapter.updateAccount(account.id, {
        accessToken: await symmetricEncrypt({ key, data: tokens.accessToken ?? '' }),
        ...(tokens.refreshToken ? { refreshToken: await symmetricEncrypt({ key, data: tokens.refreshToken }) } : {}),
        ...(tokens.accessTokenExpiresAt ? { accessTokenExpiresAt: tokens.accessTokenExpiresAt } : {}),
        ...(tokens.refreshTokenExpiresAt ? { refreshTokenExpiresAt: tokens.refreshTokenExpiresAt } : {}),
        ...(tokens.idToken ? { idToken: tokens.idToken } : {}),
        updatedAt: now,
      });
    } catch (error) {
      if (!refusedGrant(error)) {
        deps.log(
          { account: account.id, err: { message: String((error as Error)?.message ?? error).slice(0, 200) } },
          'single sign-on recheck: the provider did not answer; kept',
        );
        continue;
      }
      ended += await deps.db.transaction((tx) => endSsoSessions(tx, provider, [account.userId], 'refresh refused'));
    }
  }
  if (ended > 0) deps.log({ ended }, 'single sign-on recheck: sessions ended');
  return { checked: due.length, ended };
}
