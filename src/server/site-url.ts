import { findRuntime } from './runtime-registry.ts';

/**
 * One build serves any address. Pages are prerendered with this placeholder as their site; at
 * start the server writes copies of the files that carry it with the running SITE_URL
 * (src/server/http/static-site.ts), and pages rendered on demand ask siteOrigin(). See
 * docs/decisions/011-one-build-any-address.md.
 */
export const BUILD_SITE_PLACEHOLDER = 'https://site-url.helixpoint.invalid';

/**
 * The site's address for absolute links: SITE_URL of the running server, or, while `astro build`
 * prerenders (nothing runs), the build's placeholder, which the server replaces at start. Pages
 * never read Astro.site (ESLint enforces it).
 */
export function siteOrigin(): URL {
  return new URL(findRuntime()?.config.siteUrl ?? BUILD_SITE_PLACEHOLDER);
}
