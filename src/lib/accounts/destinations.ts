import { sitePath } from '../site-path.ts';

/** Where an admin who must set up a second factor is held (the account page's 2FA section). */
export const ENROL_PATH = '/account#two-factor';
/** The code step of a sign-in, and of a session that must confirm its second factor. */
export const CODE_STEP_PATH = '/auth/two-factor';

export interface SignedInAs {
  /** A staff role: the admin area is where they work. */
  isStaff: boolean;
  /** A staff member without a verified factor while ADMIN_REQUIRE_2FA is on. */
  mustEnrol: boolean;
}

/** Where a sign-in lands: enrolment first if it must, the admin area for staff, else ?next= or home. */
export function destinationAfterSignIn(who: SignedInAs, next: unknown): string {
  const path = sitePath(next);
  if (who.mustEnrol) return ENROL_PATH;
  if (who.isStaff) return path && (path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?')) ? path : '/admin';
  return path ?? '/';
}
