import { eq } from 'drizzle-orm';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { recordEvent } from '../events/record.ts';
import { lockAdmins, removesLastAdmin } from '../accounts/users.ts';
import { ssoCallbackScope, type SsoCallbackScope } from './plugin.ts';
import { providerActor, type SsoProvider } from './provider.ts';
import type { Auth } from '../accounts/auth.ts';
import { isStaff } from '../access/permissions.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import { roleFromClaim, SSO_PROVIDER_ID, ssoTexts } from '../../lib/accounts/sso.ts';
import { sitePath } from '../../lib/site-path.ts';

/**
 * Signing in through the company's provider (issue 56, decision 074). The flow itself is Better
 * Auth's; around it, ours: where it starts (with the address typed as a hint), and what a
 * finished sign-in means here: the role the claim gives, and an admin told of a newcomer.
 */

/** The sign-in page's address for a failed attempt, with the reason's key (lib/accounts/sso.ts, ssoTexts.failures). */
export const SSO_FAILED_PATH = '/auth?sso=failed';
/** Where someone of the company without a role lands. */
export const SSO_PENDING_PATH = '/auth/pending';

/** The provider's errors, as the reasons the sign-in page explains. */
export function failureOf(code: string | null | undefined): keyof typeof ssoTexts.failures {
  const value = (code ?? '').toLowerCase();
  if (value === 'sso_domain') return 'domain';
  if (value === 'account_not_linked' || value === 'account not linked') return 'linked';
  if (value === 'access_denied' || value === 'login_required' || value === 'interaction_required') return 'cancelled';
  if (
    ['unable_to_get_user_info', 'invalid_code', 'issuer_mismatch', 'nonce_binding_missing', 'state_mismatch', 'state_not_found'].includes(
      value,
    )
  )
    return 'verify';
  if (value === 'provider_not_found' || value === 'unavailable') return 'unavailable';
  if (value === 'busy' || value === 'too_many') return 'busy';
  return 'other';
}

export interface StartSsoDeps {
  auth: Pick<Auth, 'api'>;
}

/**
 * Sends the browser to the provider: a new state, PKCE verifier and nonce (kept by Better Auth in
 * a signed cookie and its table), the typed address as the login hint, and where to come back.
 */
export async function startSsoSignIn(
  deps: StartSsoDeps,
  request: Request,
  input: { email?: string; next?: string | null },
): Promise<Response> {
  const next = sitePath(input.next) ?? '/admin';
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of ['cookie', 'user-agent', 'x-forwarded-for']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('origin', new URL(request.url).origin);
  const response: Response = await deps.auth.api.signInSocial({
    body: {
      provider: SSO_PROVIDER_ID,
      callbackURL: next,
      errorCallbackURL: SSO_FAILED_PATH,
      disableRedirect: true,
      ...(input.email ? { loginHint: input.email } : {}),
    },
    headers,
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  const out = new Headers({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  for (const cookie of response.headers.getSetCookie()) out.append('Set-Cookie', cookie);
  if (!response.ok || typeof body?.url !== 'string') {
    out.set('Location', `${SSO_FAILED_PATH}&error=unavailable`);
    return new Response(null, { status: 303, headers: out });
  }
  out.set('Location', body.url);
  return new Response(null, { status: 303, headers: out });
}

export interface SsoSignInOutcome {
  role: Role;
  created: boolean;
}

/**
 * What a sign-in through the provider means here, in one transaction: the role its claim gives when
 * the admin mapped claims to roles (followed at each sign-in, never demoting the last admin), the
 * newcomer audited, and the admins told when the newcomer waits for a role.
 */
export async function applySsoSignIn(
  db: Database,
  provider: SsoProvider,
  userId: string,
  scope: SsoCallbackScope,
  log: (data: object, message: string) => void,
): Promise<SsoSignInOutcome> {
  const actor = providerActor(provider);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx
      .select({ role: users.role, roleFromSso: users.roleFromSso, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return { role: 'user' as Role, created: false };
    const created = scope.created === true;
    if (created) await audit(tx, actor, 'user.sso_account_created', userId, { provider: provider.issuer });
    let role: Role = user.role;
    if (provider.roleMap.length > 0) {
      const claim = scope.claims?.[provider.roleClaim];
      const claimed = roleFromClaim(claim, provider.roleMap);
      // The claim gives a role: it is theirs. It gives none: a role it gave before goes; one a person
      // gave stays. A claim that is missing altogether (a provider that sends groups elsewhere, or
      // too many of them) takes nothing away: it said nothing.
      if (claim === undefined) log({ userId, claim: provider.roleClaim }, 'the provider sent no role claim: roles kept as they are');
      const target: Role | null = claimed ?? (claim !== undefined && user.roleFromSso ? 'user' : null);
      if (target && target !== user.role) {
        if (removesLastAdmin(admins, user.role, target)) {
          log({ userId }, 'the provider’s claim would demote the last admin: kept');
        } else {
          await tx
            .update(users)
            .set({ role: target, roleFromSso: claimed !== null, updatedAt: new Date() })
            .where(eq(users.id, userId));
          await audit(tx, actor, 'user.sso_role_changed', userId, { from: user.role, to: target, claim: provider.roleClaim });
          role = target;
        }
      } else if (claimed && !user.roleFromSso) {
        await tx.update(users).set({ roleFromSso: true }).where(eq(users.id, userId));
      }
    }
    if (created && !isStaff(role))
      await recordEvent(tx, {
        kind: 'account.awaiting_approval',
        actorUserId: userId,
        data: { userId, name: user.name, email: user.email },
      });
    return { role, created };
  });
}

/** Runs the library's callback with a scope its hooks fill (the claims, whether the account was made). */
export function withCallbackScope(run: () => Promise<Response>): Promise<{ response: Response; scope: SsoCallbackScope }> {
  const scope: SsoCallbackScope = {};
  return ssoCallbackScope.run(scope, async () => ({ response: await run(), scope }));
}
