import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { isListedCookie, PRIVACY_NOTICE_VERSION, siteCookies } from '../../src/lib/privacy/notice';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import {
  createEnrolledAdmin,
  createVerifiedUser,
  expect,
  latestMailTo,
  signInAsEnrolledAdmin,
  signInPageWithCode,
  signInWithForm,
  test,
  type EnrolledAdmin,
} from './fixtures';

/* Privacy: the notice and the statement, consent on the apply form, a person's requests, who read what, cookies. */

const ADMIN = { email: 'privacy.admin@helixpoint.test', password: 'admin password 123' };

// Each test is a whole flow: an application, a sign-in, several admin pages.
test.describe.configure({ timeout: 90_000 });
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password);
});

async function signInAsAdmin(page: Page) {
  await signInAsEnrolledAdmin(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
}

/** Signed in through the API, on the dashboard: for the tests about something other than signing in. */
async function openDashboard(page: Page) {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
}

async function fillApplication(page: Page, email: string) {
  await page.goto('/careers');
  await page.getByRole('link', { name: 'Apply Now: Technical Project Manager' }).click();
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'First name' }).fill('Pia');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Privacy');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('(512) 555-0147');
  await page.getByRole('textbox', { name: 'Address' }).fill('100 Congress Ave, Austin, TX');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('textbox', { name: 'Cover letter' }).fill('Reading notices is my hobby.');
  await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
  await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
}

test('the privacy notice and the accessibility statement: linked from every page, in the sitemap, complete', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  for (const heading of [
    'Who is responsible',
    'What we collect, and why',
    'Legal basis',
    'Who sees it',
    'How long we keep it',
    'Cookies',
    'Your rights, and how to use them',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // The configured periods, the contact address and the version.
  await expect(page.getByText(/365 days after a decision is made on the application/)).toBeVisible();
  await expect(page.getByText(/up to 12 months from your agreement/)).toBeVisible();
  await expect(page.getByText(/write to hello@helixpoint\.example/).first()).toBeVisible();
  await expect(
    page.getByText(
      `Version of ${new Date(`${PRIVACY_NOTICE_VERSION}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}.`,
    ),
  ).toBeVisible();
  for (const cookie of siteCookies) await expect(page.getByText(cookie.name, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, '/privacy');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  for (const heading of ['Our standard', 'How we test', 'Known limits', 'Report a problem']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(/WCAG\) 2\.2 at level AA/)).toBeVisible();
  await expectNoA11yViolations(page, '/accessibility');

  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]+\/privacy<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]+\/accessibility<\/loc>/);
});

test('an application needs the privacy notice acknowledged, and keeps the version and time with it', async ({ page }) => {
  await fillApplication(page, 'pia.privacy@mail.test');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const acknowledgement = page.getByRole('checkbox', { name: /I have read the privacy notice/ });
  await expect(page.getByText('Please confirm that you have read the privacy notice', { exact: true })).toBeVisible();
  await expect(acknowledgement).toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, 'acknowledgement missing');
  await acknowledgement.check();
  await page.getByRole('checkbox', { name: /Keep my application on file for other openings for up to 12 months/ }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
  await page.waitForURL(/\/careers$/);

  await openDashboard(page);
  await page.goto('/admin/privacy?email=pia.privacy%40mail.test');
  await page.getByRole('link', { name: 'Technical Project Manager' }).click();
  await expect(page.getByText(`Privacy notice of ${PRIVACY_NOTICE_VERSION} acknowledged`)).toBeVisible();
  await expect(page.getByText(/In the talent pool until/)).toBeVisible();
  // Opening it is recorded, and shown to admins.
  const reads = page.getByRole('list', { name: 'Reads of this application, newest first' }).getByRole('listitem');
  await expect(reads.first()).toContainText('opened it');
  // Opened again the same day: still one line for the person, saying how often (issue 30).
  await page.reload();
  await expect(reads).toHaveCount(1);
  await expect(reads.first()).toContainText('opened it 2 times');
});

test('an admin finds a person, exports everything as a ZIP, puts an application on hold, and erases the rest', async ({
  page,
  request,
}) => {
  const email = 'erin.erase@mail.test';
  await fillApplication(page, email);
  await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
  await page.waitForURL(/\/careers$/);
  const sent = await request.post('/_actions/contact', {
    data: {
      first_name: 'Erin',
      last_name: 'Erase',
      email,
      phone: '',
      reason: 'support',
      message: 'Please erase me later.',
      attachment_upload_id: '',
      company_website: '',
    },
  });
  expect(sent.status()).toBe(200);

  await openDashboard(page);
  await page.getByRole('link', { name: 'Privacy requests' }).click();
  await page.getByRole('textbox', { name: 'E-mail address of the person' }).fill(email);
  await page.getByRole('button', { name: 'Find their data' }).click();
  await expect(page.getByRole('heading', { name: `Held about ${email}` })).toBeVisible();
  await expect(page.getByText('1 application', { exact: true })).toBeVisible();
  await expect(page.getByText('1 message', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'privacy request found');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export as ZIP' }).click();
  const zip = unzipSync(new Uint8Array(readFileSync(await (await downloadPromise).path())));
  const data = JSON.parse(strFromU8(zip['data.json']!));
  expect(data).toMatchObject({ email, applications: [{ fullName: 'Pia Privacy' }], messages: [{ message: 'Please erase me later.' }] });
  expect(Object.keys(zip).filter((name) => name.startsWith('files/resume-'))).toHaveLength(1);

  await page.getByRole('button', { name: 'Erase everything' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Erase everything held about ${email}?` });
  await expect(dialog).toContainText('This removes 1 applications, 1 messages and no account.');
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText('Erased: 1 applications, 1 messages, 1 files, account none.')).toBeVisible();
  await expect(page.getByText('The person’s data has been erased')).toBeVisible();
  const mail = await latestMailTo(email, /Subject: Your data at Helixpoint has been erased/);
  expect(mail).toContain('we have erased the personal data');

  await page.goto(`/admin/privacy?email=${encodeURIComponent(email)}`);
  await expect(page.getByText('0 applications', { exact: true })).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: 'person.erased' }).first()).toContainText(/person-[0-9a-f]{16}/);
  await expect(page.getByText(email)).toHaveCount(0);
});

test('a legal hold is set with a reason, listed under Retention, and released', async ({ page }) => {
  await fillApplication(page, 'hold.me@mail.test');
  await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
  await page.waitForURL(/\/careers$/);
  await openDashboard(page);
  await page.goto('/admin/privacy?email=hold.me%40mail.test');
  await page.getByRole('link', { name: 'Technical Project Manager' }).click();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Put on legal hold' }).click();
  await expect(page.getByText('Say why the application must be kept (at least 3 characters)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reason for a legal hold' }).fill('Claim 2026-118 pending');
  await page.getByRole('button', { name: 'Put on legal hold' }).click();
  await expect(page.getByText('On legal hold: Claim 2026-118 pending')).toBeVisible();
  await page.getByRole('link', { name: 'Retention' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Retention' })).toBeVisible();
  await expect(page.getByText(/Claim 2026-118 pending/)).toBeVisible();
  await expectNoA11yViolations(page, 'retention');
  await page.getByRole('link', { name: 'Pia Privacy' }).first().click();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Release the hold' }).click();
  await expect(page.getByText('Legal hold released')).toBeVisible();
});

/** Every cookie the browser holds for the site now. */
async function cookieNames(context: BrowserContext) {
  return (await context.cookies()).map((cookie) => cookie.name);
}

test('every cookie the site sets, in every flow, is named in the privacy notice', async ({ page, context, request }) => {
  const seen = new Set<string>();
  // What the server sets (even a cookie gone by the time the page settles, such as a toast's)…
  page.on('response', (response) => {
    void response.headersArray().then((headers) => {
      for (const header of headers) if (header.name.toLowerCase() === 'set-cookie') seen.add(header.value.split('=')[0]!.trim());
    });
  });
  // …and what the browser holds, scripts' cookies included.
  const note = async () => {
    for (const name of await cookieNames(context)) seen.add(name);
    for (const cookie of (await request.storageState()).cookies) seen.add(cookie.name);
  };
  // Visiting, applying, writing in.
  for (const path of ['/', '/careers', '/contact', '/blog', '/privacy']) {
    await page.goto(path);
    await note();
  }
  await fillApplication(page, 'cookie.monster@mail.test');
  await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await page.waitForURL(/\/careers$/);
  await note();
  // An account: signed up, verified, signed in, signed out; an admin; a refused visitor.
  await createVerifiedUser(request, { email: 'cookie.user@mail.test', username: 'cookieuser' });
  await signInWithForm(page, 'cookie.user@mail.test', 'user password 123');
  await page.waitForURL(/\/$/);
  await note();
  await page.goto('/admin');
  await note();
  // The header's Logout works once its island has hydrated (it clears the session, then shows the toast).
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await note();
  await signInAsAdmin(page);
  await note();
  for (const path of ['/admin/messages', '/admin/privacy', '/admin/retention', '/admin/audit']) {
    await page.goto(path);
    await note();
  }
  const unnamed = [...seen].filter((name) => !isListedCookie(name));
  expect(unnamed, `cookies set but not in the privacy notice: ${unnamed.join(', ')}`).toEqual([]);
  expect(seen.size).toBeGreaterThan(0);
});
