import { eq } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import { SESSION_ABSOLUTE_DAYS } from './auth.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { AUTH_HINT_COOKIE } from '../../lib/auth-hint.ts';
import type { AssuranceLevel } from '../../lib/accounts/schema.ts';
import { CODE_STEP_PATH } from '../../lib/accounts/destinations.ts';

export { CODE_STEP_PATH, ENROL_PATH } from '../../lib/accounts/destinations.ts';
import { roles, type Role } from '../../lib/accounts/roles.ts';
import { can, isStaff, type Permission } from '../access/permissions.ts';
import type { SsoHolder } from '../sso/holder.ts';
import { isBreakGlassAdmin, ssoSessionEnds } from '../sso/policy.ts';
import type { SignInMethod } from '../../lib/accounts/sso.ts';

/** Who is asking: the signed-in user as the server sees them (role read from the database). */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  username: string;
  role: Role;
  /** A staff role: the admin area is theirs (what in it, the permissions say). */
  isStaff: boolean;
  sessionId: string;
  /** aal2 once a second factor was confirmed for this session. */
  aal: AssuranceLevel;
  /** Whether the account has a verified second factor. */
  hasFactor: boolean;
  /** How the session began: the site's password, or the company's identity provider (issue 56). */
  method: SignInMethod;
}

export interface SessionDeps {
  /** With the company's provider beside it (sso/holder.ts), whose rules end sessions too. */
  auth: Pick<Auth, 'api'> & { sso?: Pick<SsoHolder, 'current' | 'refresh'> };
  db: Database;
}

export interface AdminCheckDeps extends SessionDeps {
  /** ADMIN_REQUIRE_2FA: an admin without a verified factor is held at enrolment. */
  requireTwoFactor: boolean;
}

const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;

/** The viewer of a request, or null. A session older than the absolute cap is ended here. */
export async function getViewer(deps: SessionDeps, headers: Headers, now = new Date()): Promise<Viewer | null> {
  const result = await deps.auth.api.getSession({ headers });
  if (!result) return null;
  const { session, user } = result;
  const stored = (user as { role?: string }).role;
  const role: Role = (roles as readonly string[]).includes(stored ?? '') ? (stored as Role) : 'user';
  const method: SignInMethod = (session as { method?: string }).method === 'sso' ? 'sso' : 'password';
  const provider = deps.auth.sso ? await deps.auth.sso.refresh() : null;
  const ends =
    now.getTime() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_DAYS * 24 * 60 * 60 * 1000 ||
    ssoSessionEnds(
      provider,
      { method, createdAt: new Date(session.createdAt) },
      { email: user.email, breakGlass: isBreakGlassAdmin({ breakGlass: (user as { breakGlass?: boolean }).breakGlass === true, role }) },
      now,
    );
  if (ends) {
    await deps.db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  // "Last seen" on the account page's list of sessions, kept within a few minutes.
  if (now.getTime() - new Date(session.updatedAt).getTime() > LAST_SEEN_PRECISION_MS)
    await deps.db.update(sessions).set({ updatedAt: now }).where(eq(sessions.id, session.id));
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: String((user as { username?: string }).username ?? ''),
    role,
    isStaff: isStaff(role),
    sessionId: session.id,
    aal: (session as { aal?: string }).aal === 'aal2' ? 'aal2' : 'aal1',
    hasFactor: (user as { twoFactorEnabled?: boolean }).twoFactorEnabled === true,
    method,
  };
}

/**
 * ADMIN_REQUIRE_2FA: a staff member without a factor of the site's is held at enrolment, unless the
 * company's provider signed them in (its second factor is the company's own, decision 074).
 */
export const mustEnrolFactor = (viewer: Pick<Viewer, 'isStaff' | 'hasFactor' | 'method'>, requireTwoFactor: boolean) =>
  viewer.isStaff && requireTwoFactor && !viewer.hasFactor && viewer.method !== 'sso';

/**
 * The second factor's rule for everything of a person's own account (issue 25): a session of an
 * account with a verified factor that has not passed the code step (aal1) may do nothing with the
 * account (no action, page or API route) until it does. The one place this is decided.
 */
export function mustPassCodeStep(viewer: Pick<Viewer, 'hasFactor' | 'aal'>): boolean {
  return viewer.hasFactor && viewer.aal !== 'aal2';
}

export type AccountRefusal = 'anonymous' | 'second-factor';

export type AccountCheck = { allowed: true; viewer: Viewer } | { allowed: false; reason: AccountRefusal; viewer: Viewer | null };

/** Who may use their own account now: a session, past the code step if the account has a factor. */
export async function checkAccount(deps: SessionDeps, headers: Headers): Promise<AccountCheck> {
  const viewer = await getViewer(deps, headers);
  if (!viewer) return { allowed: false, reason: 'anonymous', viewer: null };
  if (mustPassCodeStep(viewer)) return { allowed: false, reason: 'second-factor', viewer };
  return { allowed: true, viewer };
}

/** Where a refused request for an account page goes: sign-in, or the code step, then back. */
export function accountRefusalLocation(reason: AccountRefusal, next: string): string {
  return `${reason === 'anonymous' ? '/auth' : CODE_STEP_PATH}?next=${encodeURIComponent(next)}`;
}

/**
 * Why a staff request is refused: no session; not staff at all (a candidate's account); a staff
 * member who must first set up a second factor (ADMIN_REQUIRE_2FA) or whose session never passed
 * the code step; or a staff member whose role does not include this (denied).
 */
export type AdminRefusal = 'anonymous' | 'forbidden' | 'enrol' | 'second-factor' | 'denied';

export type AdminCheck = { allowed: true; viewer: Viewer } | { allowed: false; reason: AdminRefusal; viewer: Viewer | null };

/**
 * The one gate of the admin area (pages, actions, downloads): a session, a staff role as stored in
 * the database, the second factor (aal2 whenever the account has a verified factor, and a verified
 * factor at all when ADMIN_REQUIRE_2FA is on), then the permission, when one is asked for, from the
 * permission module. Nothing the browser says about itself counts.
 */
export async function checkStaff(deps: AdminCheckDeps, headers: Headers, permission?: Permission): Promise<AdminCheck> {
  const viewer = await getViewer(deps, headers);
  if (!viewer) return { allowed: false, reason: 'anonymous', viewer: null };
  if (!viewer.isStaff) return { allowed: false, reason: 'forbidden', viewer };
  if (mustPassCodeStep(viewer)) return { allowed: false, reason: 'second-factor', viewer };
  if (mustEnrolFactor(viewer, deps.requireTwoFactor)) return { allowed: false, reason: 'enrol', viewer };
  if (permission && !can(viewer, permission)) return { allowed: false, reason: 'denied', viewer };
  return { allowed: true, viewer };
}

/**
 * What the browser may know about the viewer (GET /api/session, and where a sign-in lands). A
 * session that still owes its code step is not signed in for anything.
 */
export function sessionInfo(viewer: Viewer | null, requireTwoFactor: boolean) {
  if (!viewer || mustPassCodeStep(viewer)) return { signedIn: false as const };
  return {
    signedIn: true as const,
    name: viewer.name,
    role: viewer.role,
    isStaff: viewer.isStaff,
    mustEnrol: mustEnrolFactor(viewer, requireTwoFactor),
  };
}

/**
 * Keeps the header's hint cookie (src/lib/auth-hint.ts) in step with the session: "admin" for every
 * staff role (the header's Admin link leads each to their part of the admin area), "user" otherwise.
 */
export function authHintCookie(viewer: Pick<Viewer, 'isStaff'> | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return viewer
    ? `${AUTH_HINT_COOKIE}=${viewer.isStaff ? 'admin' : 'user'}; Max-Age=${SESSION_ABSOLUTE_DAYS * 24 * 60 * 60}; ${attributes}`
    : `${AUTH_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}
