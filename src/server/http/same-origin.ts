import type { IncomingHttpHeaders } from 'node:http';

/**
 * Writes through JSON (actions under /_actions/, endpoints under /api/) must come from the site's
 * own pages. Astro checks the Origin of form posts only, so a page on another site (or a sibling
 * subdomain, which browsers treat as same-site for cookies) could post JSON with the visitor's
 * cookies. The rule, as browsers give us the facts (the approach of Go's CrossOriginProtection):
 * - `Sec-Fetch-Site: same-origin` (or `none`, typed by the person) passes; any other value is refused;
 * - without it, an `Origin` must be the site's own: SITE_URL's origin, or the host the request was
 *   sent to (the Host header, which a page on another site cannot choose);
 * - with neither header the request comes from no browser (curl, a server, a test), which cannot
 *   carry a visitor's cookies by itself: it passes, and meets the route's own checks.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const crossSiteMessage = 'This request must come from the site’s own pages.';

/** The paths whose writes are checked. */
export const isCheckedPath = (path: string) => path.startsWith('/_actions/') || path.startsWith('/api/');

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Why a request is refused as cross-site (a short label for the log), or null when it may proceed. */
export function crossSiteRefusal(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  siteOrigin: string | undefined,
): string | null {
  if (SAFE_METHODS.has(method.toUpperCase()) || !isCheckedPath(path)) return null;
  const fetchSite = single(headers['sec-fetch-site'])?.toLowerCase();
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none' ? null : `sec-fetch-site ${fetchSite}`;
  const origin = single(headers['origin']);
  if (origin === undefined) return null;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return 'origin unreadable';
  }
  if (siteOrigin && originUrl.origin === siteOrigin) return null;
  const host = single(headers['host'])?.toLowerCase();
  if (host && originUrl.host.toLowerCase() === host && (originUrl.protocol === 'http:' || originUrl.protocol === 'https:')) return null;
  return 'foreign origin';
}
