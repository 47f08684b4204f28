/**
 * Which answers are page views of the public site (issue 57): the content pages, the blog, the
 * careers pages and Book a Meeting. Staff pages, accounts, sign-in and pages reached by a
 * personal link (a booking's, an application's, a confirmation's) are never counted.
 */

/** Pages rendered on demand that are counted, by their route pattern (the request metrics' label). */
const COUNTED_ROUTES = new Set([
  '/',
  '/about',
  '/accessibility',
  '/company',
  '/contact',
  '/contact/book',
  '/contact/send',
  '/docs',
  '/privacy',
  '/services/[slug]',
  '/solutions',
  '/solutions/[...slug]',
  '/blog',
  '/blog/[id]',
  '/careers',
  '/careers/apply/[id]',
  '/careers/alerts',
]);

/** Paths of the site that are never a public page (each with what is under it), whatever answers them. */
const PRIVATE_PREFIXES = [
  '/admin',
  '/account',
  '/auth',
  '/api',
  '/applications',
  '/bookings',
  '/interviews',
  '/calendar',
  '/talent-pool',
  '/media',
  '/pages',
  '/blog/preview',
  '/careers/alerts/confirm',
  '/careers/alerts/unsubscribe',
  '/careers/feeds',
  '/ui-kit',
];

const MAX_PATH = 200;
const PAGE_PATH = /^\/[A-Za-z0-9\-._~/]*$/;

/** A page path as counted: no trailing slash, at most MAX_PATH characters; null when it is no public page's. */
export function countedPath(path: string): string | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  if (trimmed.length > MAX_PATH || !PAGE_PATH.test(trimmed) || trimmed.startsWith('/_')) return null;
  // Per view: a prefix compared in place, no string made for it.
  return PRIVATE_PREFIXES.some(
    (prefix) => trimmed.startsWith(prefix) && (trimmed.length === prefix.length || trimmed[prefix.length] === '/'),
  )
    ? null
    : trimmed;
}

/**
 * Whether an answer may be a counted page's, from its route alone and without making anything: a
 * file of the build with no extension (a prerendered page; assets, robots.txt and the icons have
 * one), or a counted route rendered on demand. Asked of every answer the server sends, most of
 * them assets, staff pages and API calls: they are told apart here before any header is read.
 */
export function mayBeViewedPage(route: string, path: string): boolean {
  return route === 'static' ? path.indexOf('.', path.lastIndexOf('/')) === -1 : COUNTED_ROUTES.has(route);
}

/** The page an answered request showed, when it is a counted one (mayBeViewedPage, and a public page's path). */
export function viewedPagePath(route: string, path: string): string | null {
  return mayBeViewedPage(route, path) ? countedPath(path) : null;
}

/** A coarse device class from the user agent, as the dashboard groups visitors. */
export function deviceOf(userAgent: string): 'desktop' | 'mobile' | 'tablet' {
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}
