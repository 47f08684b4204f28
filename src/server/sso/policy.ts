import { can } from '../access/permissions.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import { ownsAddress, type SignInMethod } from '../../lib/accounts/sso.ts';
import type { SsoProvider } from './provider.ts';

/**
 * The single sign-on policy (issue 56, decision 074), in one place: which password sign-ins the
 * provider's domains refuse, and which sessions end because of the provider.
 */

/**
 * A break-glass admin: made by `npm run admin:create`, and still keeping users. The mark alone is
 * not enough: an admin made a recruiter since is an ordinary member of staff.
 */
export const isBreakGlassAdmin = (user: { breakGlass: boolean; role: Role }) => user.breakGlass && can(user, 'users.manage');

/** "Staff of these domains sign in only through SSO": not with the site's password, unless break-glass. */
export function passwordRefused(provider: Pick<SsoProvider, 'ssoOnly' | 'domains'> | null, email: string, breakGlass: boolean): boolean {
  return Boolean(provider?.ssoOnly) && ownsAddress(provider!.domains, email) && !breakGlass;
}

/**
 * Whether a session ends now: one the provider began, past the provider's session length (the
 * person signs in at the provider again, where a departure shows); one a password began, for an
 * address only the provider may sign in (the policy was switched on after it began).
 */
export function ssoSessionEnds(
  provider: Pick<SsoProvider, 'ssoOnly' | 'domains' | 'sessionHours'> | null,
  session: { method: SignInMethod; createdAt: Date },
  user: { email: string; breakGlass: boolean },
  now: Date,
): boolean {
  if (!provider) return false;
  if (session.method === 'sso') return now.getTime() - session.createdAt.getTime() > provider.sessionHours * 60 * 60 * 1000;
  return passwordRefused(provider, user.email, user.breakGlass);
}
