import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hasStandIns, standInsInScripts } from '../../src/lib/page-texts/texts';
import { adminCreate, enrolTotp, expect, signInApi, test } from './fixtures';
import { expectNoA11yViolations, waitForHydration, watchHydrationErrors } from './helpers';
import { startSecondInstance, type SecondInstance } from './second-instance';

/*
 * Issue 34: the content pages' texts, edited in the admin area. An editor changes the home page's
 * title, previews the draft, publishes it: both instances serve it at once; the texts go back to
 * the defaults at the end. No page of the site shows a stand-in.
 */

const PASSWORD = 'Editor-pass-2026!x';
const DEFAULT_TITLE = 'Transform Your Business with Intelligent Solutions';
const NEW_TITLE = 'Cloud, AI & security that ship on time';

let second: SecondInstance | undefined;
test.afterAll(async () => {
  await second?.stop();
});

// An editor who is not in the server's zone (UTC): what the editor shows in the browser's zone must hydrate cleanly.
test.use({ timezoneId: 'Europe/Berlin' });

const heroTitle = async (request: import('@playwright/test').APIRequestContext, origin: string) =>
  /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await request.get(`${origin}/`)).text())?.[1];

test('the build holds stand-ins only where a text may be filled (never in a script or an island’s props)', () => {
  const built = readdirSync('dist/client', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  const withStandIns = built.filter((file) => hasStandIns(readFileSync(join('dist/client', file), 'utf8')));
  expect(withStandIns.length).toBeGreaterThanOrEqual(23);
  for (const file of withStandIns) {
    const html = readFileSync(join('dist/client', file), 'utf8');
    expect(standInsInScripts(html), file).toEqual([]);
    expect(html, file).not.toMatch(/<astro-island[^>]*props="[^"]*\[\[hx\|/);
  }
});

test('every page is filled: no stand-in is left anywhere on the site', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths.length).toBeGreaterThan(30);
  for (const path of paths) expect(await (await request.get(path)).text(), path).not.toContain('[[hx|');
});

test('an editor changes the home page’s title, previews and publishes it; both instances serve it at once', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000);
  const site = baseURL!;
  second = await startSecondInstance(site);
  adminCreate('--email', 'eda.pages@helixpoint.test', '--password', PASSWORD, '--name', 'Eda Pages', '--role', 'editor');
  await signInApi(page.request, 'eda.pages@helixpoint.test', PASSWORD, site);
  await enrolTotp(page.request, PASSWORD);
  for (const origin of [site, second.url]) expect(await heroTitle(page.request, origin)).toBe(DEFAULT_TITLE);

  const hydrationErrors = watchHydrationErrors(page);
  await page.goto('/admin/pages');
  await expect(page.getByRole('heading', { level: 1, name: 'Page texts' })).toBeVisible();
  await expectNoA11yViolations(page, 'page texts list');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home: texts' })).toBeVisible();
  await waitForHydration(page);
  expect(hydrationErrors(), 'the page texts editor hydrates what the server drew (no React #418)').toEqual([]);
  const title = page.getByRole('textbox', { name: 'Hero › Title' });
  await expect(title).toHaveValue(DEFAULT_TITLE);
  await title.fill(NEW_TITLE);
  await expect(page.getByText('Default: “Transform Your Business with Intelligent Solutions”')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'page texts editor');
  // A draft: the site still says what it said.
  for (const origin of [site, second.url]) expect(await heroTitle(page.request, origin)).toBe(DEFAULT_TITLE);

  // The preview: the real page with the draft, for someone without an account.
  await page.getByRole('button', { name: 'Get preview link' }).click();
  const previewUrl = await page.getByRole('textbox', { name: 'Preview link' }).inputValue();
  const visitor = await browser.newContext();
  const preview = await visitor.newPage();
  const answer = await preview.goto(previewUrl);
  expect(answer?.headers()['cache-control']).toBe('no-store');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
  await expect(preview.getByText('these texts are not published')).toBeVisible();
  await visitor.close();

  await page.getByRole('button', { name: 'Publish texts' }).click();
  await expect(page.getByText('Texts published: Home')).toBeVisible();
  for (const origin of [site, second.url])
    await expect.poll(() => heroTitle(page.request, origin), { timeout: 5_000, intervals: [100] }).toBe(NEW_TITLE.replace('&', '&amp;'));

  // Back to the text the site came with, for the other tests.
  await page.getByRole('button', { name: /Reset to the default.*Hero › Title/ }).click();
  await expect(title).toHaveValue(DEFAULT_TITLE);
  await page.getByRole('button', { name: 'Publish texts' }).click();
  await expect(page.getByText('Texts published').first()).toBeVisible();
  for (const origin of [site, second.url])
    await expect.poll(() => heroTitle(page.request, origin), { timeout: 5_000, intervals: [100] }).toBe(DEFAULT_TITLE);
});
