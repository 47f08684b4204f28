import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration, watchHydrationErrors } from './helpers';
import {
  applyThroughApi,
  createEnrolledAdmin,
  createVerifiedUser,
  expect,
  resumePath,
  signInAsEnrolledAdmin,
  signInPageWithCode,
  test,
  type EnrolledAdmin,
} from './fixtures';

/* What an admin does: users, positions, applications (status, resume download, CSV), audit log. */

const ADMIN = { email: 'ada.admin@helixpoint.test', password: 'admin password 123' };
let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password);
});

async function signInAsAdmin(page: Page) {
  await signInAsEnrolledAdmin(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
}

/** Signed in through the API (the first test signs in through the form), on the dashboard. */
async function openDashboard(page: Page) {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
}

test('sign-in as admin lands on the dashboard with the admin welcome', async ({ page }) => {
  // The positions table is an island whose icons the server draws once for each icon and props
  // (src/server/render/icons-rendered-once.ts): React's client finds the DOM it expects.
  const hydrationErrors = watchHydrationErrors(page);
  await signInAsAdmin(page);
  await expect(page.getByText('Welcome back, Admin!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Job positions, newest first' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users, newest first' })).toBeVisible();
  // The workspace's shell, not the marketing site's: its navigation marks where one is, and no footer.
  const shell = page.getByRole('banner');
  await expect(shell.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(shell.getByText('Admin', { exact: true })).toBeVisible();
  await expect(shell.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Solutions' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectNoA11yViolations(page, 'dashboard');
  await expect(
    page
      .getByRole('link', { name: /^View Applications: / })
      .first()
      .locator('svg.lucide-users'),
  ).toBeVisible();
  expect(hydrationErrors()).toEqual([]);
});

test('from the dashboard the next new application is one click away, and Next goes on to the following one', async ({ page, request }) => {
  for (const name of ['Quinn', 'Quade']) {
    await applyThroughApi(request, 'Data Engineer', `${name.toLowerCase()}.queue@mail.test`, { firstName: name, lastName: 'Queue' });
  }
  await openDashboard(page);
  const queue = page.getByRole('region', { name: 'New applications' });
  await expect(queue).toContainText(/\d+ new applications? waiting for a first look\./);
  await expect(queue.getByRole('link', { name: /^See all \d+ new applications?$/ })).toHaveAttribute(
    'href',
    '/admin/applications?status=pending',
  );
  await expectNoA11yViolations(page, 'dashboard with new applications');
  // One click, one page load: the newest new application, opened with the list of new ones.
  await queue.getByRole('link', { name: 'Review the next new application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quade Queue' })).toBeVisible();
  await page.getByRole('link', { name: 'Next application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quinn Queue' })).toBeVisible();
});

test("the header shows an admin's controls before any script file has run: no Sign In flash", async ({ page }) => {
  // Through the form: its sign-in sets the header's hint cookie, which this test is about.
  await signInAsAdmin(page);
  // No island ever hydrates: only the page's own HTML, CSS and inline script are left.
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeHidden();
  await expectNoA11yViolations(page, 'header before hydration');
});

test('users: change a role, delete after confirming; an admin cannot change their own role', async ({ page, request }) => {
  await createVerifiedUser(request, { email: 'ursula.user@mail.test', username: 'ursula', firstName: 'Ursula', lastName: 'Example' });
  await openDashboard(page);
  const row = page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' });
  // One change of the select asks first, naming the person and the new role; Cancel changes nothing.
  await row.getByRole('combobox', { name: 'Role for Ursula Example' }).selectOption('admin');
  const confirm = page.getByRole('alertdialog', { name: 'Make Ursula Example an admin?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('ursula.user@mail.test');
  await expectNoA11yViolations(page, 'role change confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('combobox', { name: 'Role for Ursula Example' })).toHaveValue('user');
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' }).getByRole('combobox')).toHaveValue('user');

  await page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' }).getByRole('combobox').selectOption('admin');
  await page.getByRole('alertdialog', { name: 'Make Ursula Example an admin?' }).getByRole('button', { name: 'Make admin' }).click();
  await expect(page.getByText('User role updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' }).getByRole('combobox')).toHaveValue('admin');
  await page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' }).getByRole('combobox').selectOption('user');
  await page.getByRole('alertdialog', { name: 'Make Ursula Example a user?' }).getByRole('button', { name: 'Make user' }).click();
  await expect(page.getByText('User role updated successfully').first()).toBeVisible();

  // The admin's own row cannot be changed here.
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email }).getByRole('combobox')).toBeDisabled();

  await page.getByRole('button', { name: 'Delete Ursula Example' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this user?' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Delete user' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'ursula.user@mail.test' })).toHaveCount(0);
});

test('positions: add, edit, deactivate; the job board follows', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('link', { name: 'Add position' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Remote');
  await page.getByRole('button', { name: 'Add position' }).click();
  await expect(page.getByText('Use at least 2 characters')).toBeVisible();
  await expectNoA11yViolations(page, 'position form with errors');

  await page.getByRole('textbox', { name: 'Title' }).fill('Site Reliability Engineer');
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Engineering' });
  await page.getByRole('textbox', { name: 'Location' }).fill('Remote');
  await page.getByRole('textbox', { name: 'Description' }).fill('Keep client platforms fast, safe and boring.');
  await page.getByRole('textbox', { name: 'Requirements' }).fill('Linux in production\nOn-call experience');
  await page.getByRole('textbox', { name: 'Responsibilities' }).fill('Own SLOs\nRun incident reviews');
  await page.getByRole('button', { name: 'Add position' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Position added successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Site Reliability Engineer' });
  await expect(row.getByText('Active')).toBeVisible();

  await page.goto('/careers?q=reliability');
  await expect(page.getByRole('heading', { level: 3, name: 'Site Reliability Engineer' })).toBeVisible();
  // Both pages are kept in the server's page cache from here on: the changes below must still show
  // on the very next request.
  const applyPath = new URL(
    (await page.getByRole('link', { name: 'Apply Now: Site Reliability Engineer' }).getAttribute('href'))!,
    page.url(),
  ).pathname;
  await page.reload();
  await page.goto(applyPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Site Reliability Engineer' })).toBeVisible();

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Edit Site Reliability Engineer' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: 'Requirements' })).toHaveValue('Linux in production\nOn-call experience');
  await expectNoA11yViolations(page, 'edit position');
  await page.getByRole('textbox', { name: 'Title' }).fill('Senior Site Reliability Engineer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Position updated successfully')).toBeVisible();
  await page.goto('/careers?q=reliability');
  await expect(page.getByRole('heading', { level: 3, name: 'Senior Site Reliability Engineer' })).toBeVisible();
  await page.goto(applyPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Senior Site Reliability Engineer' })).toBeVisible();
  await page.goto('/admin');

  await waitForHydration(page);
  // By keyboard: the focus stays on the control, which now offers the opposite.
  await page.getByRole('button', { name: 'Deactivate Senior Site Reliability Engineer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Position deactivated successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate Senior Site Reliability Engineer' })).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: 'Senior Site Reliability Engineer' }).getByText('Inactive')).toBeVisible();
  await page.goto('/careers?q=reliability');
  await expect(page.getByText('No positions found matching your criteria')).toBeVisible();
  expect((await page.goto(applyPath))?.status()).toBe(404);
});

test('applications: list, details, status, resume download equal to the upload, CSV, audit log', async ({ page, request }) => {
  // A whole flow (an application, a sign-in with its code, six pages, two downloads): more than the default 30 s on 2 busy cores.
  test.setTimeout(60_000);
  const positionId = await applyThroughApi(request, 'Data Engineer', 'jane.applicant.admin@mail.test');
  await openDashboard(page);
  const positionRow = page.getByRole('row').filter({ hasText: 'Data Engineer' }).first();
  await positionRow.getByRole('link', { name: 'View Applications: Data Engineer' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${positionId}$`));
  await expect(page.getByRole('table', { name: /Applications for Data Engineer/ })).toBeVisible();
  await expectNoA11yViolations(page, 'applications list');

  const csv = await (await page.request.get(`/api/admin/applications/${positionId}.csv`)).text();
  expect(csv).toContain('Jane Applicant,jane.applicant.admin@mail.test');

  await page.getByRole('link', { name: 'Jane Applicant' }).click();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Applicant' })).toBeVisible();
  // The cover letter is text: the markup in it is shown, never run.
  await expect(page.getByText('<script>alert("x")</script> I would love to join.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://www.linkedin.com/in/jane' })).toHaveAttribute('rel', /noopener/);
  await expectNoA11yViolations(page, 'application detail');

  // One arrow key on the focused select changes the choice, not the application.
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.focus();
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('reviewing');
  await expect(page.getByText('Not saved yet: Pending → Reviewing.')).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(status).toHaveValue('pending');

  await status.selectOption('interview');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Status changed to Interview')).toBeVisible();
  await expect(page.getByText('Saved: Interview.')).toBeVisible();
  await page.reload();
  await expect(status).toHaveValue('interview');

  // A rejection needs its reason, and "Other" a few words; a change can be undone from its toast.
  await waitForHydration(page);
  await status.selectOption('rejected');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Choose a reason for the rejection')).toBeVisible();
  await expect(page.getByText('Not saved yet: Interview → Rejected.')).toBeVisible();
  const reason = page.getByRole('combobox', { name: /Reason for the rejection/ });
  await expect(reason).toBeFocused();
  await reason.selectOption({ label: 'Other' });
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText(/Say why in a few words/)).toBeVisible();
  await expectNoA11yViolations(page, 'a rejection without its reason');
  await page.getByRole('textbox', { name: 'In a few words' }).fill('Needs a visa we cannot sponsor');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Reason: Other (Needs a visa we cannot sponsor)', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Saved: Interview.')).toBeVisible();
  await page.reload();
  await expect(status).toHaveValue('interview');

  // The list shows each step of the pipeline as a view with its count.
  await page.goto(`/admin/applications/${positionId}`);
  const views = page.getByRole('navigation', { name: 'Show applications' });
  await views.getByRole('link', { name: /^Interview \d+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${positionId}\\?status=interview$`));
  await expect(views.getByRole('link', { name: /^Interview/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('row').filter({ hasText: 'jane.applicant.admin@mail.test' })).toBeVisible();
  await expectNoA11yViolations(page, 'applications in interview');
  await views.getByRole('link', { name: /^Hired/ }).click();
  await expect(page.getByText('No applications are hired.')).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Jane Applicant' }).click();
  await waitForHydration(page);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download resume' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('jane-resume.pdf');
  expect(readFileSync(await download.path())).toEqual(readFileSync(resumePath));

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'application.status_changed' }).first()).toContainText(ADMIN.email);
  // People and things by name, linked to where they are.
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: 'application.status_changed' })
      .first()
      .getByRole('link', { name: 'Jane Applicant for Data Engineer' }),
  ).toHaveAttribute('href', new RegExp(`/admin/applications/${positionId}/[0-9a-f-]{36}$`));
  await expect(page.getByRole('row').filter({ hasText: 'application.resume_downloaded' }).first()).toBeVisible();
  await expectNoA11yViolations(page, 'audit log');
});
