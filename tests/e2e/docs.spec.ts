import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';

const cards = (page: import('@playwright/test').Page) => page.locator('[data-docs-card]:visible');

test('topic cards link to their sections on the page', async ({ page }) => {
  await page.goto('/docs');
  await expect(cards(page)).toHaveCount(4);
  await page.getByRole('link', { name: 'AI & ML', exact: true }).click();
  await expect(page).toHaveURL(/#ai-ml$/);
  await expect(page.getByRole('heading', { level: 2, name: 'AI & ML' })).toBeInViewport();
});

test('the search filters topics as you type and keeps the query in the address', async ({ page }) => {
  await page.goto('/docs');
  await waitForHydration(page);
  const search = page.getByRole('searchbox', { name: 'Search documentation' });
  await search.fill('terraform');
  await expect(page.getByRole('status').filter({ hasText: 'topics match' })).toHaveText(/of 4 topics match "terraform"/);
  await expect(page).toHaveURL(/\?q=terraform$/);
  const visibleTitles = await cards(page).getByRole('heading').allTextContents();
  expect(visibleTitles).toContain('Cloud Solutions');
  expect(visibleTitles).not.toContain('AI & ML');
  await expect(page.getByRole('heading', { level: 2, name: 'AI & ML' })).toBeHidden();

  await search.fill('no such topic anywhere');
  await expect(page.getByText('No topics match "no such topic anywhere".')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoA11yViolations(page, 'no results');

  await search.fill('');
  await expect(cards(page)).toHaveCount(4);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search is a GET form answered by the server', async ({ page }) => {
    await page.goto('/docs');
    await page.getByRole('searchbox', { name: 'Search documentation' }).fill('kubernetes');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/docs\?q=kubernetes$/);
    await expect(page.getByText(/of 4 topics match "kubernetes"/)).toBeVisible();
    const titles = await cards(page).getByRole('heading').allTextContents();
    expect(titles).toContain('DevOps');
    expect(titles.length).toBeLessThan(4);
  });
});
