import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.goto('/ui-kit');
  await waitForHydration(page);
});

test('every primitive is accessible at rest', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Design system' })).toBeVisible();
  // Errors are tied to their fields for screen readers.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email address');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('As it appears on your resume.');
  await expectNoA11yViolations(page);
});

test('a field error clears once the value is valid', async ({ page }) => {
  const email = page.getByRole('textbox', { name: 'Email' });
  // The spec's address rule wants a 2-6 letter top-level domain.
  await email.fill('ada@helixpoint.dev');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
});

test('dialog traps focus, closes with Escape and returns focus', async ({ page }) => {
  const opener = page.getByRole('button', { name: 'Open dialog' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Application details' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'dialog open');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('confirm dialog: cancel does nothing, confirm acts', async ({ page }) => {
  await page.getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this user?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoA11yViolations(page, 'confirm open');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User deleted successfully' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete user' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
});

test('accordion keeps one item open and can close it', async ({ page }) => {
  const first = page.getByRole('button', { name: 'How do we start working together?' });
  const second = page.getByRole('button', { name: 'Which industries do you serve?' });
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
});

test('tabs switch with arrow keys', async ({ page }) => {
  const austin = page.getByRole('tab', { name: 'Austin' });
  await austin.click();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Dallas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveText('Dallas, TX: business and enterprise solutions.');
  await expectNoA11yViolations(page, 'Dallas tab');
});

test('the toast library loads only when a toast is shown', async ({ page }) => {
  const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('sonner-toaster')));
  expect(await loaded()).toBe(false);

  await page.getByRole('button', { name: 'Error toast' }).click();
  await expect(page.getByText('Upload Error')).toBeVisible();
  await expect(page.getByText('There was an error uploading your resume. Please try again.')).toBeVisible();
  expect(await loaded()).toBe(true);
  await expectNoA11yViolations(page, 'toast shown');
});

test('a toast queued by the previous page or a redirect shows on the next page, once', async ({ page, context, baseURL }) => {
  const flash = encodeURIComponent(JSON.stringify([{ kind: 'success', title: 'Logged out successfully' }]));
  await context.addCookies([{ name: 'flash', value: flash, url: baseURL ?? '' }]);
  await page.goto('/');
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'flash')).toBeUndefined();

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('Logged out successfully')).toHaveCount(0);
});
