import { expectNoA11yViolations, waitForHydration } from './helpers';
import { createVerifiedUser, expect, latestMailTo, linkIn, signInWithForm, test } from './fixtures';
import { verifyEmailTexts } from '../../src/lib/accounts/texts';
import { Secret, TOTP } from 'otpauth';

/*
 * Sign-up with e-mail verification (the confirmation link asks for the password: nobody can take an
 * account by signing up first), sign-in, logout, wrong passwords, password reset, the guard.
 */

test('sign up, verify through the e-mailed link, log out and sign in again', async ({ page }) => {
  test.setTimeout(90_000);
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
  const response = await page.goto(linkIn(mail, '/auth/verify-email?'));
  expect(response!.headers()['referrer-policy']).toBe('same-origin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText(verifyEmailTexts.lead('sam.signup@mail.test'))).toBeVisible();
  await expectNoA11yViolations(page, 'confirming the address');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('a long enough password!');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expectNoA11yViolations(page, 'confirming the address, passwords differ');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('a long enough password');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  // The password is hashed to be set, then checked to sign in: two scrypt runs before the page moves on.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
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

test("signing up first with someone else's address gets the stranger nothing: the owner confirms it with a password of their own", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  // The stranger signs up with the owner's address and a password of their own.
  const stranger = await request.post('/api/auth/sign-up/email', {
    data: {
      email: 'owen.owner@mail.test',
      password: 'stranger password 1',
      name: 'Str Anger',
      username: 'stranger1',
      firstName: 'Str',
      lastName: 'Anger',
    },
  });
  expect(stranger.status()).toBe(200);
  // The owner finds the e-mail in their mailbox and follows it: the page asks them for their password.
  await page.goto(linkIn(await latestMailTo('owen.owner@mail.test', /Confirm your e-mail/), '/auth/verify-email?'));
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('owner password 22');
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('owner password 22');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('Your email has been verified successfully.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The stranger's password opens nothing.
  const strangerPage = await (await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.198.0.7' } })).newPage();
  await signInWithForm(strangerPage, 'owen.owner@mail.test', 'stranger password 1');
  await expect(strangerPage.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeFocused();
  // The link was used: it cannot set a password again.
  await strangerPage.goto(linkIn(await latestMailTo('owen.owner@mail.test', /Confirm your e-mail/), '/auth/verify-email?'));
  await expect(strangerPage.getByText(verifyEmailTexts.invalid)).toBeVisible();
  await expectNoA11yViolations(strangerPage, 'a used confirmation link');
  await strangerPage.context().close();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await signInWithForm(page, 'owen.owner@mail.test', 'owner password 22');
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('a wrong password gets the same error as an unknown account, and nothing happens', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'wrong.password@mail.test', username: 'wrongpassword' });
  await signInWithForm(page, 'wrong.password@mail.test', 'not my password');
  // Beside the form as well as in the toast: announced and focused.
  const inline = page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(inline).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('wrong.password@mail.test');
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoA11yViolations(page, 'sign-in error toast');
  await signInWithForm(page, 'nobody.here@mail.test', 'not my password');
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeFocused();
});

test('a return address that would leave the site is ignored after sign-in (review finding 2)', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'tabbed@mail.test', username: 'tabbed' });
  await page.goto('/auth?next=/%09/evil.example/phish');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill('tabbed@mail.test');
  await page.getByLabel('Password').fill('user password 123');
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  await expect(page).toHaveURL(/\/$/);
});

test('forgot password: the e-mailed link sets a new password', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'forgetful@mail.test', username: 'forgetful' });
  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  // The switch is made once the form's code is there (decision 051), and focus goes to the new
  // form's heading: typed before, the address would go into the sign-in form as it goes away.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Email' }).fill('forgetful@mail.test');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that address, we have sent a link to reset your password.')).toBeVisible();

  const mail = await latestMailTo('forgetful@mail.test', /Reset your/);
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

test.describe('without JavaScript (or before the page has loaded it)', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-up, wrong password, sign-in, forgot and reset password are answered by the server, keeping what was typed', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/auth?mode=sign-up');
    await page.getByRole('textbox', { name: 'Username' }).fill('nojs.person');
    await page.getByRole('textbox', { name: 'First name' }).fill('No');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Script');
    await page.getByRole('textbox', { name: 'Email' }).fill('NoJS@mail.test');
    await page.getByLabel('Password').fill('password1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Refused, said why, and everything but the password kept.
    await expect(page.getByText('This password is one of the most common passwords')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('nojs.person');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('NoJS@mail.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Please check your email to verify your account')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.goto(linkIn(await latestMailTo('nojs@mail.test', /Confirm your e-mail/), '/auth/verify-email?'));
    await page.locator('#new-password').fill('a long enough password');
    await page.locator('#confirm-password').fill('a long enough password');
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get('/api/session')).json()) as { signedIn: boolean }).toMatchObject({ signedIn: true });
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Email' }).fill('nojs@mail.test');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('nojs@mail.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get('/api/session')).json()) as { signedIn: boolean }).toMatchObject({ signedIn: true });
    await page.context().clearCookies();

    await page.goto('/auth?mode=forgot');
    await page.getByRole('textbox', { name: 'Email' }).fill('nojs@mail.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that address, a reset link is on its way.')).toBeVisible();
    await page.goto(linkIn(await latestMailTo('nojs@mail.test', /Reset your/), '/api/auth/reset-password/'));
    await page.locator('#new-password').fill('a different passphrase');
    await page.locator('#confirm-password').fill('a different passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('textbox', { name: 'Email' }).fill('nojs@mail.test');
    await page.getByLabel('Password').fill('a different passphrase');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(request).toBeTruthy();
  });

  test('the code step of a sign-in works without JavaScript', async ({ page, baseURL }) => {
    const { createEnrolledAdmin } = await import('./fixtures');
    const admin = await createEnrolledAdmin(baseURL!, 'nojs.admin@helixpoint.test', 'nojs admin password');
    await page.goto('/auth');
    await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\/two-factor$/);
    await page.getByRole('textbox', { name: 'Authentication code' }).fill('12 34');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
    const code = new TOTP({ secret: Secret.fromBase32(admin.secret.replace(/\s+/g, '')), digits: 6, period: 30 }).generate();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  });
});
