/**
 * Prerendered pages cannot ask the server who is signed in while they render, so the header reads
 * a small hint cookie the server keeps in step with the session: "user", "admin" or absent. It
 * only decides what the header draws; every protected page and action checks the real session.
 */
export const AUTH_HINT_COOKIE = 'helixpoint_signed_in';

export type AuthHint = 'user' | 'admin' | null;

export function readAuthHint(cookieHeader: string): AuthHint {
  const value = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${AUTH_HINT_COOKIE}=`))
    ?.slice(AUTH_HINT_COOKIE.length + 1);
  return value === 'admin' || value === 'user' ? value : null;
}

/**
 * The inline script for the layout's head: html[data-auth] from the hint cookie before the first
 * paint, so the header's server HTML (which carries every control) shows the right ones at once.
 */
export const authHintScript = `(function(){var m=document.cookie.match(/(?:^|;\\s*)${AUTH_HINT_COOKIE}=(user|admin)(?:;|$)/);if(m)document.documentElement.dataset.auth=m[1];})();`;
