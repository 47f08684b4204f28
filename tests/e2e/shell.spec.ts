import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';

test('the home shell: header, main content, footer, accessible', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Helixpoint/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Intelligent Solutions');
  await expectNoA11yViolations(page);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test.describe('footer', () => {
  test('has the four link groups, a tagline and four named social links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const group of ['Solutions', 'Services', 'Resources', 'Company']) {
      await expect(footer.getByRole('navigation', { name: group })).toBeVisible();
    }
    await expect(footer.getByRole('navigation', { name: 'Solutions' }).getByRole('link')).toHaveCount(8);
    await expect(footer.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveCount(5);
    await expect(footer.getByRole('navigation', { name: 'Resources' }).getByRole('link')).toHaveText(['Documentation', 'Blog']);
    await expect(footer.getByRole('navigation', { name: 'Company' }).getByRole('link')).toHaveText([
      'About Us',
      'Company',
      'Careers',
      'Contact',
    ]);
    await expect(footer.getByText('Cloud, AI and security engineering for teams that ship.')).toBeVisible();

    const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(4);
    for (const name of ['LinkedIn', 'GitHub', 'X', 'YouTube']) {
      const link = footer.getByRole('link', { name: `Helixpoint on ${name}` });
      await expect(link).toBeVisible();
      // The spec's social links open in the same tab.
      await expect(link).not.toHaveAttribute('target', /.+/);
    }
  });

  test('shows the current year even on a page prerendered in an earlier one', async ({ page }) => {
    await page.clock.install({ time: new Date('2031-03-01T12:00:00Z') });
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByText(/^© 2031 Helixpoint Technologies, LLC/)).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('answers 404 with the texts and a way home', async ({ page }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you are looking for doesn't exist")).toBeVisible();
    await expect(page.getByText(/under development/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('says a solutions/ai-trends page is under development', async ({ page }) => {
    const response = await page.goto('/solutions/ai-trends/quantum-roadmap');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText(/under development/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('Go Back returns to the previous page of the site', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => {
      window.location.href = '/no-such-page';
    });
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transform Your Business with Intelligent Solutions');
  });

  test('Go Back from a page opened directly goes home', async ({ page }) => {
    await page.goto('/no-such-page');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
