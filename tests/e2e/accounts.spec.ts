import { expectNoA11yViolations, waitForHydration } from './helpers';
import { createVerifiedUser, expect, latestMailTo, linkIn, signInWithForm, test } from './fixtures';

/* Sign-up with e-mail verification, sign-in, logout, wrong passwords, password reset, the guard. */

test('sign up, verify through the e-mailed link, log out and sign in again', async ({ page }) => {
  await page.goto('/auth');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expectNoA11yViolations(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeFocused();

  // Errors appear once a field is touched.
  await page.getByRole('textbox', { name: 'Username' }).fill('a');
  await page.getByRole('textbox', { name: 'Username' }).blur();
  await expect(page.getByText('Use 3 to 30 letters, digits, dots, hyphens or underscores')).toBeVisible();
  await expectNoA11yViolations(page, 'sign-up with an error');

  await page.getByRole('textbox', { name: 'Username' }).fill('sam.signup');
  await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Signup');
  await page.getByRole('textbox', { name: 'Email' }).fill('Sam.Signup@mail.test');
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Sign up successful')).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account')).toBeVisible();
  // Back to sign-in mode, the sign-up form cleared.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');

  const mail = await latestMailTo('sam.signup@mail.test', /Confirm your e-mail/);
  await page.goto(linkIn(mail, '/api/auth/verify-email?'));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome!', { exact: true })).toBeVisible();
  await expect(page.getByText('Your email has been verified successfully.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  await signInWithForm(page, 'sam.signup@mail.test', 'a long enough password');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText('Successfully signed in', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a wrong password gets the same error as an unknown account, and nothing happens', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'wrong.password@mail.test', username: 'wrongpassword' });
  await signInWithForm(page, 'wrong.password@mail.test', 'not my password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoA11yViolations(page, 'sign-in error toast');
  await signInWithForm(page, 'nobody.here@mail.test', 'not my password');
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('forgot password: the e-mailed link sets a new password', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'forgetful@mail.test', username: 'forgetful' });
  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill('forgetful@mail.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have sent a link to reset your password.')).toBeVisible();

  const mail = await latestMailTo('forgetful@mail.test', /Reset your password|password/i);
  await page.goto(linkIn(mail, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await expectNoA11yViolations(page, 'reset form');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('my brand new password');
  await page.getByLabel('Repeat the new password').fill('my brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();

  await signInWithForm(page, 'forgetful@mail.test', 'my brand new password');
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('the admin area sends visitors to sign in, and signed-in users home with "Access Denied"', async ({ page, request }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin$/);

  await createVerifiedUser(request, { email: 'not.an.admin@mail.test', username: 'notanadmin' });
  await signInWithForm(page, 'not.an.admin@mail.test', 'user password 123');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});
