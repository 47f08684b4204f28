import { z } from 'zod/mini';
import { DEVICE_COOKIE } from '../accounts/device-cookie.ts';
import { AUTH_HINT_COOKIE } from '../auth-hint.ts';
import { FLASH_COOKIE } from '../flash.ts';

/**
 * The privacy notice's facts that code depends on: its version (stored with each consent), the
 * consents the apply form asks for, and every cookie the site sets (the notice lists them; a test
 * fails on a cookie not listed here).
 */

/** The date of the notice's current text; change it whenever /privacy changes in substance. */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';
export const PRIVACY_NOTICE_PATH = '/privacy';

export const privacyMessages = {
  acknowledgementRequired: 'Please confirm that you have read the privacy notice',
  acknowledgement: 'I have read the privacy notice',
  talentPool: (months: number) => `Keep my application on file for other openings for up to ${months} months`,
  formNote: 'How we use what you send:',
} as const;

/** The consents of the apply form: the acknowledgement is required, the talent pool optional. */
export const consentFields = {
  privacy_acknowledged: z
    .boolean({ error: privacyMessages.acknowledgementRequired })
    .check(z.refine((acknowledged) => acknowledged, privacyMessages.acknowledgementRequired)),
  talent_pool: z.optional(z.boolean()),
};

export interface SiteCookie {
  /** The name, or a pattern when the name varies (secure prefix). */
  name: string;
  match: RegExp;
  purpose: string;
  lifetime: string;
}

/** Every cookie the site sets. All are strictly necessary: none tracks or measures anyone. */
export const siteCookies: readonly SiteCookie[] = [
  {
    name: 'helixpoint.session_token',
    match: /^(__Secure-)?helixpoint\.session_token$/,
    purpose: 'Keeps you signed in (HttpOnly, not readable by scripts).',
    lifetime: '7 days from your last visit, at most 30 days from signing in',
  },
  {
    name: 'helixpoint.session_data',
    match: /^(__Secure-)?helixpoint\.session_data$/,
    purpose: 'A signed copy of your session, so pages need not look it up on every request.',
    lifetime: 'a few minutes',
  },
  {
    name: 'helixpoint.two_factor',
    match: /^(__Secure-)?helixpoint\.two_factor$/,
    purpose: 'Remembers, for a few minutes, that you passed the password step and still need to enter your code.',
    lifetime: '10 minutes',
  },
  {
    name: 'helixpoint.dont_remember',
    match: /^(__Secure-)?helixpoint\.dont_remember$/,
    purpose: 'Set when a sign-in should end with the browser session.',
    lifetime: 'until the browser is closed',
  },
  {
    name: DEVICE_COOKIE,
    match: new RegExp(`^${DEVICE_COOKIE}$`),
    purpose:
      'A random id for this browser (HttpOnly), kept hashed with your account, so we can e-mail you when your account is signed in to from a browser it has not used before.',
    lifetime: '400 days',
  },
  {
    name: AUTH_HINT_COOKIE,
    match: new RegExp(`^${AUTH_HINT_COOKIE}$`),
    purpose: 'Tells the page header whether to show Sign In or Logout before it has asked the server. Holds no identity.',
    lifetime: '30 days',
  },
  {
    name: FLASH_COOKIE,
    match: new RegExp(`^${FLASH_COOKIE}$`),
    purpose: 'Carries a notice (such as "Logged out successfully") to the next page you open.',
    lifetime: '60 seconds',
  },
];

export function isListedCookie(name: string): boolean {
  return siteCookies.some((cookie) => cookie.match.test(name));
}
