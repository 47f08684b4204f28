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

test.describe('the shell without React', () => {
  test('a content page hydrates no island and loads one script', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto('/solutions/devops');
    await waitForHydration(page);
    await expect(page.locator('astro-island')).toHaveCount(0);
    expect(scripts).toHaveLength(1);
  });

  test('Logout that fails says why, keeps the visitor signed in, and can be tried again', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'helixpoint_signed_in', value: 'user', url: baseURL ?? '' }]);
    await page.route('**/api/auth/sign-out', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The database is unavailable' }) }),
    );
    await page.goto('/about');
    await waitForHydration(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeHidden();
    await banner.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Error logging out')).toBeVisible();
    await expect(page.getByText('The database is unavailable')).toBeVisible();
    await expect(page).toHaveURL(/\/about$/);
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeEnabled();
    await expectNoA11yViolations(page, 'logout error toast');
  });

  test('admins see Admin beside Logout', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'helixpoint_signed_in', value: 'admin', url: baseURL ?? '' }]);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeHidden();
  });

  test.describe('with JavaScript disabled', () => {
    test.use({ javaScriptEnabled: false });

    test('the header still renders its links and controls, every menu closed', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button')).toHaveText(['Solutions', 'Services', 'Resources', 'Company']);
      for (const button of await nav.getByRole('button').all()) await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
      await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeHidden();
    });
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a toast sits below the header and the heading, clear of the logo, Sign In and the menu', async ({ page, context, baseURL }) => {
    const flash = encodeURIComponent(
      JSON.stringify([{ kind: 'error', title: 'Access Denied', description: "You don't have permission to access this page." }]),
    );
    await context.addCookies([{ name: 'flash', value: flash, url: baseURL ?? '' }]);
    // Where the toast rests, not where it is while it slides in from the bottom edge.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/contact');
    const toast = page.getByRole('listitem').filter({ hasText: 'Access Denied' });
    await expect(toast).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const box = await toast.boundingBox();
    if (!header || !heading || !box) throw new Error('not laid out');
    expect(box.y).toBeGreaterThan(header.y + header.height);
    expect(box.y).toBeGreaterThan(heading.y + heading.height);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // Readable: nearly the full width of the screen, not a sliver.
    expect(box.width).toBeGreaterThan(340);
    await expectNoA11yViolations(page, 'toast at 390 px');
  });

  test('the skip link, when focused, has room around its text and leaves the logo uncovered', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    const link = await skip.boundingBox();
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Helixpoint' }).boundingBox();
    if (!link || !logo) throw new Error('not laid out');
    const overlaps =
      link.x < logo.x + logo.width && logo.x < link.x + link.width && link.y < logo.y + logo.height && logo.y < link.y + link.height;
    expect(overlaps).toBe(false);
    const padding = await skip.evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.paddingTop, style.paddingLeft].map(parseFloat);
    });
    expect(Math.min(...padding)).toBeGreaterThanOrEqual(8);
  });
});
