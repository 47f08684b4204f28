import { describe, expect, it } from 'vitest';
import { countedPath, mayBeViewedPage, viewedPagePath } from './pages';

describe('which answers are page views', () => {
  it('takes a prerendered page (no extension) and a counted route, never an asset, a staff page or an API call', () => {
    expect(mayBeViewedPage('static', '/')).toBe(true);
    expect(mayBeViewedPage('static', '/solutions/aws/migration')).toBe(true);
    expect(mayBeViewedPage('/careers/apply/[id]', '/careers/apply/0d9b1b0e-4a4c-4bb5-9a33-5e1c2d3f4a5b')).toBe(true);
    for (const asset of ['/_astro/app.B1x9.js', '/robots.txt', '/favicon.ico', '/sitemap.xml', '/images/team/ana.webp'])
      expect(mayBeViewedPage('static', asset)).toBe(false);
    // A dot in a folder's name is not an extension.
    expect(mayBeViewedPage('static', '/v1.2/notes')).toBe(true);
    expect(mayBeViewedPage('/admin/applications', '/admin/applications')).toBe(false);
    expect(mayBeViewedPage('/api/positions', '/api/positions')).toBe(false);
    expect(mayBeViewedPage('unmatched', '/no-such-page')).toBe(false);
  });

  it('counts a page by its public path only: never a private one, one with a trailing slash as one without', () => {
    expect(viewedPagePath('static', '/about/')).toBe('/about');
    expect(viewedPagePath('/careers', '/careers')).toBe('/careers');
    expect(viewedPagePath('static', '/admin')).toBeNull();
    expect(viewedPagePath('static', '/bookings/secret-token')).toBeNull();
    expect(viewedPagePath('static', '/_astro/app.js')).toBeNull();
    expect(countedPath('/careers/alerts/confirm')).toBeNull();
    expect(countedPath('/careers/alerts')).toBe('/careers/alerts');
    expect(countedPath(`/${'a'.repeat(250)}`)).toBeNull();
  });
});
