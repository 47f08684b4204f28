import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';

const posts = [
  ['Future of Cloud Computing in Enterprise', 'Cloud Computing', '5 min read'],
  ['Zero Trust Security: Beyond the Perimeter', 'Security', '7 min read'],
  ['Key Trends Shaping DevOps in 2024', 'DevOps', '6 min read'],
  ['The Rise of AI in Software Development', 'Artificial Intelligence', '5 min read'],
  ['Kubernetes: Empowering Modern Container Orchestration', 'Cloud Native', '8 min read'],
  ['Data Security in the Cloud Era', 'Security', '6 min read'],
] as const;

test('the blog lists the six posts with category, excerpt, author, date and read time', async ({ page }) => {
  await page.goto('/blog');
  const items = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(items).toHaveCount(6);
  for (const [index, [title, category, readTime]] of posts.entries()) {
    const item = items.nth(index);
    await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/blog/${index + 1}`);
    await expect(item.getByText(category, { exact: true })).toBeVisible();
    await expect(item.getByText(readTime)).toBeVisible();
    await expect(item.getByText('Marcus Chen')).toBeVisible();
    await expect(item.getByText(/^March \d{1,2}, 2024$/)).toBeVisible();
  }
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
});

test('a post renders by the spec rules', async ({ page }) => {
  await page.goto('/blog/2');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Back to all posts' })).toHaveAttribute('href', '/blog');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Zero Trust Security: Beyond the Perimeter');
  await expect(main.getByText('Security', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('7 min read')).toBeVisible();
  await expect(main.getByRole('img').first()).toHaveAttribute('alt', /.{20,}/);

  // Lines starting with Key, Why or Benefits are bold subheadings.
  const subheadings = main.getByRole('heading', { level: 2 }).filter({ hasText: /^(Key|Why|Benefits)\b/ });
  expect(await subheadings.count()).toBeGreaterThanOrEqual(3);
  expect(Number(await subheadings.first().evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(700);

  // Bullet lines are left-bordered blocks, without the bullet character.
  const bullet = main.locator('article :is(p, h2) + ul > li').first();
  expect(await bullet.evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe('4px');
  await expect(bullet).not.toHaveText(/^•/);

  await expect(main.getByText('Zero Trust', { exact: true })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'BlogPosting',
    headline: 'Zero Trust Security: Beyond the Perimeter',
    datePublished: '2024-03-12',
  });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expectNoA11yViolations(page);
});

test('Share copies the link when the browser has no share sheet', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.goto('/blog/5');
  await page.getByRole('button', { name: 'Share' }).scrollIntoViewIfNeeded();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/blog\/5$/);
  await expectNoA11yViolations(page, 'toast shown');
});

test('Share uses the system share sheet where there is one', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  await page.goto('/blog/1');
  await page.getByRole('button', { name: 'Share' }).scrollIntoViewIfNeeded();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared))
    .toMatchObject({
      title: 'Future of Cloud Computing in Enterprise',
      url: expect.stringMatching(/\/blog\/1$/),
    });
});

test.describe('unknown posts', () => {
  for (const path of ['/blog/99', '/blog/not-a-number', '/blog/0']) {
    test(`${path} answers "Blog post not found" with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog post not found');
      await expect(page.getByRole('link', { name: 'Return to blog' })).toHaveAttribute('href', '/blog');
      await expectNoA11yViolations(page);
    });
  }

  test('an id written another way reaches its post (the id is read as a number)', async ({ page }) => {
    const response = await page.goto('/blog/03');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/blog\/3$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Key Trends Shaping DevOps in 2024');
  });
});

test('the RSS feed lists the six posts', async ({ request }) => {
  const response = await request.get('/rss.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(xml.match(/<item>/g)).toHaveLength(6);
  expect(xml).toContain('<title>Kubernetes: Empowering Modern Container Orchestration</title>');
});
