import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers';

/*
 * Issue 36: the careers pages are rendered once and each visit's source is filled in as they are
 * served (decision 034). Visitors from different sites, one after another, each see their own
 * source carried on: in the job board's apply links, and in the apply form's hidden fields. The
 * page's scripts keep working (the island reads the same source), and the page stays accessible.
 * Creates no positions.
 */

async function applyLinkOf(page: Page, title: string) {
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('link', { name: /Apply Now/ });
}

test('each visitor of the cached careers pages carries their own source on, with the page answered from memory', async ({ browser }) => {
  const sources = [
    { referer: 'https://www.linkedin.com/jobs/view/1', expected: 'linkedin.com' },
    { referer: 'https://news.example/careers-in-texas', expected: 'news.example' },
    { referer: undefined, expected: null },
  ];
  for (const [index, { referer, expected }] of sources.entries()) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto('/careers', referer ? { referer } : {});
    // The second referring site gets the page the first one's visit rendered, from memory.
    if (index === 1) expect(response?.headers()['x-page-cache']).toBe('hit');
    const link = await applyLinkOf(page, 'Data Engineer');
    const href = (await link.getAttribute('href'))!;
    if (expected) expect(new URL(href, 'http://x').searchParams.get('ref')).toBe(expected);
    else expect(href).not.toContain('?');
    expect(await page.content()).not.toContain('hxsrc');

    // The live filter (the island) keeps the source in the address it writes.
    await page.getByRole('searchbox', { name: 'Search positions' }).fill('data');
    if (expected) await expect(page).toHaveURL(new RegExp(`ref=${expected.replace('.', '\\.')}`));
    else await expect(page).toHaveURL(/\/careers\?q=data$/);

    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data Engineer' })).toBeVisible();
    await expect(page.locator('input[type="hidden"][name="source"]').first()).toHaveValue(expected ?? 'direct');
    expect(await page.content()).not.toContain('hxsrc');
    await expectNoA11yViolations(page);
    await context.close();
  }
});

test('/readyz says the instance takes traffic, apart from /healthz', async ({ request }) => {
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
  expect(ready.headers()['cache-control']).toBe('no-store');
  expect((await request.get('/healthz')).status()).toBe(200);
});
