import type { Browser, Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../src/server/testing/oidc-test-provider';
import { lookAtBothWidths, waitForHydration } from './helpers';
import { createEnrolledAdmin, enterTotp, expect, signInApiWithCode, test, type EnrolledAdmin } from './fixtures';

/*
 * Staff sign in through the company's identity provider (issue 56), a real OpenID provider
 * (oidc-provider) started by the test: an admin sets it up on /admin/sso; a staff member signs in
 * through it and lands on their role's start page; a newcomer waits for approval; a changed group
 * changes the role; with "only through SSO" the same person's password is refused while the
 * break-glass admin's works; a person disabled at the provider loses their session (back-channel
 * logout); a forged ID token is refused with its reason. axe on each new screen at 1280 and 390 px
 * (test-results/screens/sso-*.png).
 */

const run = Date.now().toString(36);
const domain = `acme-${run}.test`;
const PASSWORD = 'break the glass, carefully';
let provider: TestProvider;
let glass: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  provider = await startTestProvider({
    clientId: 'helixpoint-e2e',
    clientSecret: `secret-of-the-e2e-${run}`,
    redirectUris: [`${baseURL}/api/auth/callback/sso`],
    backchannelLogoutUri: `${baseURL}/api/sso/backchannel-logout`,
  });
  // A break-glass admin of the company's own domain, made by admin:create (and enrolled).
  glass = await createEnrolledAdmin(baseURL!, `gia.glass@${domain}`, PASSWORD, 'Gia Glass');
});

test.afterAll(async () => {
  await provider?.close();
});

const look = (page: Page, name: string) => lookAtBothWidths(page, `sso-${name}`);

/** A new browser (the provider keeps its own session per browser), signed in through the provider by typing the address. */
async function signInThroughProvider(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.253.${Math.floor(Math.random() * 250)}.7` },
  });
  const page = await context.newPage();
  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('link', { name: 'Continue with Acme Login' }).click();
  return page;
}

test('staff sign in through the company’s identity provider', async ({ browser, page, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  await signInApiWithCode(page.request, glass, base);
  try {
    // The admin sets the provider up.
    await page.goto('/admin/sso');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
    await expect(page.getByText(`${base}/api/auth/callback/sso`)).toBeVisible();
    const form = page.getByRole('form', { name: 'Add your identity provider' });
    await form.getByLabel('Name').fill('Acme Login');
    await form.getByLabel('Issuer URL').fill(`${provider.issuer}/not-the-issuer`);
    await form.getByLabel('Client ID').fill(provider.clientId);
    await form.getByLabel('Client secret').fill(provider.clientSecret);
    await form.getByLabel('E-mail domains').fill(domain);
    await form.getByRole('button', { name: 'Add a row' }).click();
    await form.getByLabel('Value 1').fill('hr');
    await form.getByLabel('Role 1').selectOption('recruiter');
    await form.getByRole('button', { name: 'Add a row' }).click();
    await form.getByLabel('Value 2').fill('engineers');
    await form.getByLabel('Role 2').selectOption('interviewer');
    await look(page, 'settings');
    // A wrong issuer is named at the field (its discovery document was read through the guard).
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByLabel('Issuer URL')).toHaveAccessibleDescription(/Issuer URL: Its discovery document could not be read/);
    await form.getByLabel('Issuer URL').fill(provider.issuer);
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

    // A staff member of the domain: the sign-in page leads them to the provider, and back to their work.
    provider.addPerson({ email: `rita@${domain}`, givenName: 'Rita', familyName: 'Ramos', groups: ['hr'] });
    const signIn = await browser.newPage({ baseURL: base });
    await signIn.goto('/auth');
    await waitForHydration(signIn);
    await expect(signIn.getByRole('link', { name: 'Sign in with Acme Login' })).toBeVisible();
    await signIn.getByRole('textbox', { name: 'Email' }).fill(`rita@${domain}`);
    await expect(signIn.getByText(`Staff of ${domain} sign in with Acme Login.`)).toBeVisible();
    await look(signIn, 'sign-in-owned-domain');
    await signIn.close();
    const rita = await signInThroughProvider(browser, base, `rita@${domain}`);
    await expect(rita).toHaveURL(/\/admin$/);
    await expect(rita.getByRole('link', { name: 'Positions' }).first()).toBeVisible();
    await rita.context().close();

    // A newcomer whose groups give no role waits for an admin.
    provider.addPerson({ email: `nils@${domain}`, givenName: 'Nils', familyName: 'Nord', groups: ['marketing'] });
    const nils = await signInThroughProvider(browser, base, `nils@${domain}`);
    await expect(nils).toHaveURL(/\/auth\/pending$/);
    await expect(nils.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await look(nils, 'pending');
    await nils.context().close();
    await page.goto('/admin/sso');
    await expect(page.getByRole('link', { name: 'Give a role to Nils Nord' })).toBeVisible();

    // A changed group changes the role at the next sign-in: now an interviewer, who has no positions list.
    provider.setGroups(`rita@${domain}`, ['engineers']);
    const interviewer = await signInThroughProvider(browser, base, `rita@${domain}`);
    await expect(interviewer).toHaveURL(/\/admin$/);
    await expect(interviewer.getByRole('link', { name: 'Positions' })).toHaveCount(0);

    // Only through SSO: the same person's password is refused; the break-glass admin's password works.
    await page.goto('/admin/sso');
    await waitForHydration(page);
    const settings = page.getByRole('form', { name: 'Provider settings' });
    await settings.getByRole('checkbox', { name: 'Staff of these domains sign in only through the provider' }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    const refused = await browser.newPage({ baseURL: base });
    await refused.goto('/auth');
    await waitForHydration(refused);
    await refused.getByRole('textbox', { name: 'Email' }).fill(`rita@${domain}`);
    await expect(refused.getByLabel('Password')).toHaveCount(0);
    await refused.getByRole('button', { name: 'Sign in with a password instead' }).click();
    await refused.getByLabel('Password').fill('any password at all');
    await refused.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(refused.getByRole('alert')).toContainText(`Staff of ${domain} sign in with Acme Login, not with a password.`);
    await refused.close();
    const breakGlass = await browser.newPage({ baseURL: base });
    await breakGlass.goto('/auth');
    await waitForHydration(breakGlass);
    await breakGlass.getByRole('textbox', { name: 'Email' }).fill(glass.email);
    await breakGlass.getByRole('button', { name: 'Sign in with a password instead' }).click();
    await breakGlass.getByLabel('Password').fill(glass.password);
    await breakGlass.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await enterTotp(breakGlass, glass.secret);
    await expect(breakGlass).toHaveURL(/\/admin$/);
    await breakGlass.close();

    // Disabled at the provider: its back-channel logout ends the session it began.
    await interviewer.reload();
    await expect(interviewer).toHaveURL(/\/admin$/);
    await provider.disable(`rita@${domain}`);
    await interviewer.reload();
    await expect(interviewer).toHaveURL(/\/auth\?next=/);
    await interviewer.context().close();

    // A forged ID token, and an address outside the domains: no session, and the reason on the sign-in page.
    provider.addPerson({ email: `fay@${domain}`, givenName: 'Fay', familyName: 'Forge', groups: ['hr'] });
    provider.tamperNext('forged');
    const forged = await signInThroughProvider(browser, base, `fay@${domain}`);
    await expect(forged).toHaveURL(/\/auth\?sso=failed&error=verify$/);
    await expect(forged.getByRole('alert')).toContainText(
      'Signing in with Acme Login did not work. The provider’s answer could not be verified.',
    );
    await look(forged, 'failed');
    await forged.context().close();
  } finally {
    // Other tests sign in with passwords: the provider goes with this test.
    const removed = await page.request.post('/_actions/admin.removeSso', { data: {}, headers: { Origin: base } });
    expect([200, 204], await removed.text()).toContain(removed.status());
  }
});
