import { readFileSync } from 'node:fs';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import { adminCreate, createAdmin, enterTotp, expect, latestMailTo, linkIn, signInWithForm, test, totpCode } from './fixtures';

/*
 * The second factor as people meet it: an admin created by `npm run admin:create` is held at
 * enrolment, enrols on the account page (the key read from the page, codes computed by a TOTP
 * library), saves the backup codes, signs out, signs in with a code, then with a backup code (once:
 * refused the second time); another admin resets a lost factor; an invitation e-mail becomes a
 * working admin.
 */

const ADMIN = { email: 'tina.totp@helixpoint.test', password: 'tina password 123' };

test('an admin is held at enrolment, enrols, then signs in with a code and with a backup code (once)', async ({ page }) => {
  test.setTimeout(150_000);
  createAdmin(ADMIN.email, ADMIN.password, 'Tina Totp');
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  // The password alone opens nothing in the admin area: enrolment first.
  await expect(page).toHaveURL(/\/account#two-factor$/);
  await waitForHydration(page);
  await expect(page.getByText('Set up two-factor authentication to continue')).toBeVisible();
  await expectNoA11yViolations(page, 'account: must enrol');
  for (const path of ['/admin', '/admin/messages', '/admin/audit']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/account#two-factor$/);
  }
  expect((await page.request.get('/api/admin/applications/00000000-0000-0000-0000-000000000000.csv')).status()).toBe(403);

  await waitForHydration(page);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByText('The password is not right.')).toBeVisible();
  await section.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7 ]{20,}$/);
  await expectNoA11yViolations(page, 'account: enrolment QR code');

  await page.getByRole('textbox', { name: 'Code from the app' }).fill('000000' === totpCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByText('That code is not right.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();

  const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  await expectNoA11yViolations(page, 'account: backup codes');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .txt' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('helixpoint-backup-codes.txt');
  const text = readFileSync(await download.path(), 'utf8');
  for (const code of backupCodes) expect(text).toContain(code);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('On: signing in asks for a code from your authenticator app.')).toBeVisible();
  await expectNoA11yViolations(page, 'account: factor on');

  // This session confirmed a code: the admin area opens.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email }).getByText('2FA on')).toBeVisible();

  await waitForHydration(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  // Sign in: the password, then the code step.
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await expectNoA11yViolations(page, 'code step');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await enterTotp(page, secret);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welcome back, Admin!')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  // With a backup code: it works once.
  const backup = backupCodes[0]!;
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByRole('textbox', { name: 'Backup code' }).fill(backup);
  await expectNoA11yViolations(page, 'backup code step');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  for (let attempt = 0; attempt < 2; attempt += 1) {
    await signInWithForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/auth\/two-factor$/);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByRole('textbox', { name: 'Backup code' }).fill(backup);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That backup code is not valid or was already used.' })).toBeFocused();
    await expect(page).toHaveURL(/\/auth\/two-factor$/);
  }
  expect((await page.request.get('/api/session').then((response) => response.json())) as { signedIn: boolean }).toMatchObject({
    signedIn: false,
  });
});

test('a lost phone: another admin resets the factor (confirmed, audited); the last admin uses admin:create --reset-2fa', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { createEnrolledAdmin, signInAsEnrolledAdmin } = await import('./fixtures');
  const resetter = await createEnrolledAdmin(baseURL!, 'rita.reset@helixpoint.test', 'rita password 123', 'Rita Reset');
  await createEnrolledAdmin(baseURL!, 'lou.lost@helixpoint.test', 'lou password 1234', 'Lou Lost');

  await signInAsEnrolledAdmin(page, resetter);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Reset 2FA for Lou Lost' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset two-factor authentication for Lou Lost?' });
  await expectNoA11yViolations(page, 'reset 2FA confirmation');
  await dialog.getByRole('button', { name: 'Reset 2FA' }).click();
  await expect(page.getByText('Two-factor authentication reset')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'lou.lost@helixpoint.test' }).getByText('2FA off')).toBeVisible();
  // Not one's own through this route.
  await expect(page.getByRole('button', { name: 'Reset 2FA for Rita Reset' })).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: 'user.two_factor_reset' }).first()).toContainText('rita.reset@helixpoint.test');

  // The command-line recovery, for when no other admin can.
  expect(adminCreate('--email', 'rita.reset@helixpoint.test', '--reset-2fa')).toMatch(
    /Removed the second factor of rita\.reset@helixpoint\.test/,
  );
  expect(adminCreate('--email', 'rita.reset@helixpoint.test', '--reset-2fa')).toMatch(/has no second factor, nothing changed/);
});

test('an invitation e-mail becomes a working admin', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const { createEnrolledAdmin, signInAsEnrolledAdmin } = await import('./fixtures');
  const inviter = await createEnrolledAdmin(baseURL!, 'ivy.inviter@helixpoint.test', 'ivy password 1234', 'Ivy Inviter');
  await signInAsEnrolledAdmin(page, inviter);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await invitations.getByRole('textbox', { name: 'Email' }).fill('Nora.New@Mail.test');
  // No role is chosen for the inviter: each is named with what it may do.
  await invitations.getByRole('button', { name: 'Invite' }).click();
  await expect(invitations.getByText('Choose a role')).toBeVisible();
  await invitations.getByRole('radio', { name: 'Admin', exact: true }).check();
  await invitations.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText('Invitation sent to nora.new@mail.test')).toBeVisible();
  await expect(
    invitations.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem').filter({ hasText: 'nora.new@mail.test' }),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'invitations list');
  await invitations.getByRole('button', { name: 'Resend the invitation to nora.new@mail.test' }).click();
  await expect(page.getByText('Invitation sent again to nora.new@mail.test')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();

  // The resent invitation: its link replaced the first one's.
  const mail = await latestMailTo('nora.new@mail.test', /You are invited to Helixpoint/, { atLeast: 2 });
  await page.goto(linkIn(mail, '/auth/invitation?'));
  await expect(page.getByRole('heading', { level: 1, name: 'Join Helixpoint' })).toBeVisible();
  await expect(page.getByText('You were invited as an admin with nora.new@mail.test.')).toBeVisible();
  await expectNoA11yViolations(page, 'invitation form');
  await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
  await page.getByRole('textbox', { name: 'Last name' }).fill('New');
  await page.locator('#invite-password').fill('password123');
  await page.locator('#invite-confirm-password').fill('password123');
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Refused, why, and the names kept.
  await expect(page.getByText('This password is one of the most common passwords')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Nora');
  await page.locator('#invite-password').fill('nora has a long passphrase');
  await page.locator('#invite-confirm-password').fill('nora has a long passphrase');
  await page.getByRole('button', { name: 'Create my account' }).click();

  // An invited admin sets up a factor, then the admin area opens.
  await expect(page).toHaveURL(/\/account#two-factor$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await page.getByRole('region', { name: 'Two-factor authentication' }).getByLabel('Password').fill('nora has a long passphrase');
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'nora.new@mail.test' })).toContainText('Nora New');

  // The link was single use.
  await page.goto(linkIn(mail, '/auth/invitation?'));
  await expect(page.getByText('This invitation link is invalid, was already used, or has expired.')).toBeVisible();
});
