import { request as playwrightRequest, type Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import { createEnrolledAdmin, createVerifiedUser, expect, signInPageWithCode, signInWithForm, test } from './fixtures';

/*
 * The account page (/account) in each of its states, at desktop and phone widths, axe clean; the
 * header's Account link; and the admin users table on a phone: cards, no sideways scroll.
 */

async function pageIsNotWiderThanScreen(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, 'no sideways page scroll').toBeLessThanOrEqual(widths.screen);
}

test('the account page: profile, password, sessions, second factor and deletion, at 1280 and 390 px', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount$/);

  await createVerifiedUser(request, { email: 'acc.owner@mail.test', username: 'accowner', firstName: 'Acc', lastName: 'Owner' });
  // A second browser of the same account, to list and sign out.
  const otherClient = await playwrightRequest.newContext({ baseURL: baseURL!, extraHTTPHeaders: { 'X-Forwarded-For': '10.199.0.8' } });
  await createVerifiedUser(otherClient, { email: 'acc.other@mail.test', username: 'accother' });
  await otherClient.dispose();
  const other = await page
    .context()
    .browser()!
    .newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.199.0.9' } });
  const otherPage = await other.newPage();
  await signInWithForm(otherPage, 'acc.owner@mail.test', 'user password 123');
  await expect(otherPage).toHaveURL(/\/$/);

  await signInWithForm(page, 'acc.owner@mail.test', 'user password 123');
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(page.getByText('Off: your password alone signs you in.')).toBeVisible();
  await expectNoA11yViolations(page, 'account');

  // Profile: the sign-up rules, and saved.
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('textbox', { name: 'Username' }).fill('x');
  await profile.getByRole('textbox', { name: 'First name' }).fill('Acc2');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Use 3 to 30 letters, digits, dots, hyphens or underscores')).toBeVisible();
  await expect(profile.getByText('Can only contain letters, spaces, hyphens, and apostrophes')).toBeVisible();
  await expectNoA11yViolations(page, 'account: profile errors');
  await profile.getByRole('textbox', { name: 'Username' }).fill('accother');
  await profile.getByRole('textbox', { name: 'First name' }).fill('Accie');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('This username is already taken')).toBeVisible();
  await profile.getByRole('textbox', { name: 'Username' }).fill('acc.owner');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByRole('textbox', { name: 'First name' })).toHaveValue('Accie');

  // Sessions: this one, the other browser, and the one the verification link opened; sign out everywhere else.
  await waitForHydration(page);
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions.getByText('This session')).toBeVisible();
  await expect(sessions.getByText(/IP 10\.199\.0\.9 · last seen/)).toBeVisible();
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of every other session')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await (await otherPage.request.get('/api/session')).json()) as { signedIn: boolean }).toMatchObject({ signedIn: false });
  await other.close();

  // Password: the current one is required; a common one is refused with the reason.
  const password = page.getByRole('region', { name: 'Password' });
  await password.locator('#current-password').fill('wrong current password');
  await password.locator('#new-account-password').fill('my new account passphrase');
  await password.locator('#confirm-account-password').fill('my new account passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The password is not right.')).toBeVisible();
  await password.locator('#current-password').fill('user password 123');
  await password.locator('#new-account-password').fill('iloveyou1');
  await password.locator('#confirm-account-password').fill('iloveyou1');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText(/^This password is one of the most common passwords/)).toBeVisible();
  await expectNoA11yViolations(page, 'account: password errors');
  await password.locator('#new-account-password').fill('my new account passphrase');
  await password.locator('#confirm-account-password').fill('my new account passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();

  // At a phone's width: every section fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await waitForHydration(page);
  await pageIsNotWiderThanScreen(page);
  await expectNoA11yViolations(page, 'account at 390 px');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await page.getByRole('region', { name: 'Two-factor authentication' }).getByLabel('Password').fill('my new account passphrase');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  await pageIsNotWiderThanScreen(page);
  await expectNoA11yViolations(page, 'account enrolment at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Deletion: the password, then a confirmation.
  await page.reload();
  await waitForHydration(page);
  const remove = page.getByRole('region', { name: 'Delete my account' });
  await remove.getByLabel('Password').fill('not it at all');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expectNoA11yViolations(page, 'account: delete confirmation');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(remove.getByText('The password is not right.')).toBeVisible();
  await remove.getByLabel('Password').fill('my new account passphrase');
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByRole('alertdialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('the users table on a phone: cards with the name first, no sideways scroll, axe clean', async ({ page, baseURL, request }) => {
  const admin = await createEnrolledAdmin(baseURL!, 'phone.admin@helixpoint.test', 'phone admin password', 'Pho Neadmin');
  await createVerifiedUser(request, {
    email: 'a.very.long.address.for.a.narrow.screen@mail.test',
    username: 'narrowone',
    firstName: 'Nar',
    lastName: 'Row',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
  await page.locator('#users').scrollIntoViewIfNeeded();
  const card = page.getByRole('row').filter({ hasText: 'a.very.long.address.for.a.narrow.screen@mail.test' });
  await expect(card.getByText('Nar Row', { exact: true })).toBeInViewport();
  await expect(card.getByRole('combobox', { name: 'Role for Nar Row' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete Nar Row' })).toBeVisible();
  const usersSection = page.locator('#users');
  const box = (await usersSection.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page, 'dashboard at 390 px');

  // Search by part of a name, e-mail or username.
  await page.getByRole('searchbox', { name: 'Search users by name, e-mail or username' }).fill('narrow');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\?q=narrow#users$/);
  await expect(page.getByText('1 user matching “narrow”')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Nar Row' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'phone.admin@helixpoint.test' })).toHaveCount(0);
});
