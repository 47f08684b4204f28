import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers';

/*
 * Issue 19 against the seeded demo positions: the other open positions under a position, and the
 * careers RSS feed. Creates no positions (other specs count the open ones).
 */

const moreSection = (page: Page) => page.getByRole('region', { name: 'More open positions' });

async function openPosition(page: Page, title: string): Promise<void> {
  await page.goto('/careers');
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('link', { name: /Apply Now/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('a position page ends with up to three other open positions, same department first, that lead to their pages', async ({ page }) => {
  // Data Engineer: Data & AI in Austin, TX; the seed has another Data & AI role and several in Austin.
  await openPosition(page, 'Data Engineer');
  const section = moreSection(page);
  await expect(section.getByRole('heading', { level: 2, name: 'More open positions' })).toBeVisible();
  // After the form, so the form stays next to the description.
  const applyBox = await page.getByRole('region', { name: 'Apply for this position' }).boundingBox();
  const sectionBox = await section.boundingBox();
  expect(sectionBox!.y).toBeGreaterThan(applyBox!.y + applyBox!.height);

  const cards = section.getByRole('article');
  await expect(cards).toHaveCount(3);
  const titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).not.toContain('Data Engineer');
  const facts = await cards.getByRole('list', { name: 'Position details' }).allTextContents();
  expect(facts[0]).toContain('Department: Data & AI');
  for (const fact of facts) expect(fact).toMatch(/Department: Data & AI|Location: Austin, TX/);
  await expect(section.getByRole('link', { name: 'See all open positions' })).toHaveAttribute('href', '/careers');

  // Rendered on the server only: the section is no island.
  await expect(page.locator('astro-island #related-positions-heading')).toHaveCount(0);

  const next = titles[0]!;
  await cards
    .first()
    .getByRole('link', { name: `Apply Now: ${next}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: next })).toBeVisible();
  await expect(moreSection(page).getByRole('heading', { level: 3, name: next, exact: true })).toHaveCount(0);
  await expect(moreSection(page).getByRole('heading', { level: 3, name: 'Data Engineer', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('the careers feed lists the open positions as RSS, and /careers links to it', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/careers/feed.xml');
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('title', 'Helixpoint Careers');
  const link = page.getByRole('link', { name: 'RSS feed of new positions' });
  await expect(link).toHaveAttribute('href', '/careers/feed.xml');

  const openTitles = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
  expect(openTitles.length).toBeGreaterThan(0);
  const response = await page.request.get('/careers/feed.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toContain('<title>Helixpoint Careers</title>');
  expect(xml).toMatch(/<atom:link href="http:\/\/[^"]+\/careers\/feed\.xml" rel="self" type="application\/rss\+xml"\/>/);
  expect(xml.match(/<item>/g)).toHaveLength(openTitles.length);
  // The seeded titles have "&" in none but their departments, written escaped.
  for (const title of openTitles) expect(xml).toContain(`<title>${title.replace(/&/g, '&amp;')}, `);
  expect(xml).toContain('<category>Data &amp; AI</category>');

  // Then served from memory, like the other pages built from positions. The cache keeps a page
  // once its compressed copies are made, a moment after the first answer, hence the poll.
  await expect.poll(async () => (await page.request.get('/careers/feed.xml')).headers()['x-page-cache'], { timeout: 5000 }).toBe('hit');
});
