import { expectNoA11yViolations, waitForHydration } from './helpers';
import { createEnrolledAdmin, expect, latestMailTo, linkIn, signInPageWithCode, test, type EnrolledAdmin } from './fixtures';

/* Issue 19, job alerts: subscribe on /careers, confirm from the e-mail, a matching position is published, the alert arrives, unsubscribe. */

const ADMIN = { email: 'alma.alerts@helixpoint.test', password: 'admin password 123', name: 'Alma Alerts' };
const SUBSCRIBER = 'jo.alerts@mail.test';
const TITLE = 'Alerting Reliability Engineer';

test.describe.configure({ timeout: 150_000 });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
});

test('subscribe with the board’s department, confirm from the e-mail, get the new position, unsubscribe', async ({ page, browser }) => {
  // The board's filters preselect the alert's department.
  await page.goto('/careers');
  const departmentSelect = page.getByRole('search', { name: 'Filter positions' }).getByRole('combobox', { name: 'Department' });
  const option = departmentSelect.locator('option').nth(1);
  const departmentId = (await option.getAttribute('value'))!;
  const departmentName = (await option.textContent())!.trim();
  await page.goto(`/careers?department=${departmentId}`);
  const alerts = page.getByRole('region', { name: 'Get new jobs by e-mail' });
  await expect(alerts.getByRole('combobox', { name: 'Department' })).toHaveValue(departmentId);
  await expectNoA11yViolations(page, 'careers with the job alert form');

  // A wrong address comes back with a message, the filter kept.
  await alerts.getByRole('textbox', { name: 'E-mail address' }).fill('not an address');
  await alerts.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  const again = page.getByRole('region', { name: 'Get new jobs by e-mail' });
  await expect(again.getByRole('combobox', { name: 'Department' })).toHaveValue(departmentId);
  await expectNoA11yViolations(page, 'job alert form with an error');

  await again.getByRole('textbox', { name: 'E-mail address' }).fill(SUBSCRIBER);
  await again.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expectNoA11yViolations(page, 'check your e-mail');

  const confirmation = await latestMailTo(SUBSCRIBER, /Confirm your Helixpoint job alert/);
  expect(confirmation).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  await page.goto(linkIn(confirmation, '/careers/alerts/confirm'));
  await expect(page.getByRole('heading', { name: 'Confirm your job alert' })).toBeVisible();
  await expectNoA11yViolations(page, 'confirm page');
  await page.getByRole('button', { name: 'Confirm the job alert' }).click();
  await expect(page.getByRole('heading', { name: 'Your job alert is on' })).toBeVisible();
  await expectNoA11yViolations(page, 'confirmed');

  // An admin publishes a matching position.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInPageWithCode(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.getByRole('link', { name: 'Add position' }).click();
  await waitForHydration(adminPage);
  await adminPage.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await adminPage.getByRole('combobox', { name: 'Department' }).selectOption({ label: departmentName });
  await adminPage.getByRole('textbox', { name: 'Location' }).fill('Denver, CO');
  await adminPage.getByRole('textbox', { name: 'Description' }).fill('Keep our alerting honest.');
  await adminPage.getByRole('button', { name: 'Add position' }).click();
  await expect(adminPage.getByText('Position added successfully')).toBeVisible();

  const digest = await latestMailTo(SUBSCRIBER, new RegExp(`Subject: New position at Helixpoint: ${TITLE}`));
  expect(digest).toContain(TITLE);
  expect(digest).toMatch(/List-Unsubscribe:\s*<http/);
  expect(digest).toContain('/careers/apply/');

  // Admins see the count, never the address.
  await adminPage.goto('/admin/insights');
  const counts = adminPage.getByRole('region', { name: 'Job alert subscribers' });
  await expect(counts.getByRole('row').filter({ hasText: departmentName })).toBeVisible();
  await expect(counts).not.toContainText(SUBSCRIBER);

  // Unsubscribe from the link in the e-mail.
  await page.goto(linkIn(digest, '/careers/alerts/unsubscribe'));
  await expect(page.getByRole('heading', { name: 'Unsubscribe from job alerts' })).toBeVisible();
  await expectNoA11yViolations(page, 'unsubscribe page');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expectNoA11yViolations(page, 'unsubscribed');
  await page.goto(linkIn(digest, '/careers/alerts/unsubscribe'));
  await expect(page.getByRole('heading', { name: 'Already unsubscribed' })).toBeVisible();

  // Leave the job board as the other tests expect it.
  await adminPage.goto('/admin');
  await waitForHydration(adminPage);
  await adminPage.getByRole('button', { name: `Deactivate ${TITLE}` }).click();
  await expect(adminPage.getByText('Position deactivated successfully')).toBeVisible();
  await adminContext.close();
});
