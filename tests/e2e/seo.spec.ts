import { expect, test } from '@playwright/test';

test('robots.txt keeps crawlers out of /admin and /auth and points to the sitemap', async ({ request }) => {
  const body = await (await request.get('/robots.txt')).text();
  expect(body).toContain('Disallow: /admin');
  expect(body).toContain('Disallow: /auth');
  expect(body).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});

test('the sitemap lists every public page, and each of them answers 200', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  for (const path of [
    '/',
    '/about',
    '/company',
    '/docs',
    '/blog',
    '/blog/6',
    '/solutions',
    '/solutions/aws/cost-optimization',
    '/services/data-protection',
  ]) {
    expect(urls).toContain(path);
  }
  expect(urls.some((path) => path.startsWith('/admin') || path.startsWith('/auth'))).toBe(false);
  for (const path of urls) expect((await request.get(path)).status(), path).toBe(200);
});

test('each content page has its own title and description', async ({ page, request }) => {
  // About forty page loads: more than the 30 s default on a busy shared machine.
  test.setTimeout(90_000);
  const xml = await (await request.get('/sitemap.xml')).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const path of paths) {
    await page.goto(path);
    titles.add(await page.title());
    descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
  }
  expect(titles.size).toBe(paths.length);
  expect(descriptions.size).toBe(paths.length);
});
