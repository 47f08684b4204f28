import { flashToast } from '@/components/ui/toast';
import { destinationAfterSignIn } from '@/lib/accounts/destinations';
import { HONEYPOT_FIELD } from '@/lib/honeypot';
import { sitePath } from '@/lib/site-path';
import type { Role } from '@/lib/accounts/roles';
import { signedInToast } from '@/lib/accounts/texts';

/**
 * Calls to the account endpoints (Better Auth under /api/auth). Plain fetch: the library's own
 * browser client would add its runtime to the page for four POSTs.
 */

export class AuthRequestError extends Error {
  override readonly name = 'AuthRequestError';
  readonly code: string | undefined;
  readonly status: number;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function postAuth<T = Record<string, unknown>>(path: string, body: Record<string, unknown>, honeypot = ''): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, [HONEYPOT_FIELD]: honeypot }),
    });
  } catch {
    throw new AuthRequestError('The server could not be reached. Please check your connection and try again.', 0);
  }
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message =
      typeof payload['message'] === 'string' && payload['message'] ? payload['message'] : 'Something went wrong. Please try again.';
    const code = typeof payload['code'] === 'string' ? payload['code'] : undefined;
    // A sign-in with an address not confirmed yet sends a new link: the message says so.
    throw new AuthRequestError(
      code === 'EMAIL_NOT_VERIFIED' ? `${message}. We have sent you a new verification link.` : message,
      response.status,
      code,
    );
  }
  return payload as T;
}

export interface SessionInfo {
  signedIn: boolean;
  name?: string;
  role?: Role;
  /** A staff role: sign-in lands in the admin area. */
  isStaff?: boolean;
  /** A staff member who must set up a second factor first (ADMIN_REQUIRE_2FA). */
  mustEnrol?: boolean;
}

/** Who is signed in now; also sets the header's hint cookie. */
export async function fetchSession(): Promise<SessionInfo> {
  const response = await fetch('/api/session', { headers: { Accept: 'application/json' } });
  return (await response.json()) as SessionInfo;
}

/** Where to go after signing in: a path on this site from ?next=, never another site (src/lib/site-path.ts). */
export const safeNext = (value: string | null): string | null => sitePath(value);

/** Moves to another page. Never settles, so the form that called it stays busy until the page is gone. */
export function leave(url: string): Promise<never> {
  window.location.assign(url);
  return new Promise(() => {});
}

/** After a sign-in (its code step included): the welcome for the next page, and on to where the account belongs, or `next`. */
export async function enterSignedIn(next: string | null): Promise<never> {
  const session = await fetchSession();
  const who = { role: session.role ?? 'user', isStaff: Boolean(session.isStaff), mustEnrol: Boolean(session.mustEnrol) };
  flashToast(signedInToast(who));
  return leave(destinationAfterSignIn(who, next));
}
