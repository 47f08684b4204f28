import { fileURLToPath } from 'node:url';
import { blockSiteScripts, expectNoA11yViolations, waitForHydration } from './helpers';
import { createEnrolledAdmin, expect, signInPageWithCode, test } from './fixtures';

/*
 * Forms that collect personal data work before their script has loaded, or with none at all
 * (DECISIONS.md): posted the plain way, they run the same commands and lose nothing typed. Every
 * script file of the site is blocked here, which is what a browser without JavaScript gets too.
 */

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const ADMIN = { email: 'script.less.admin@helixpoint.test', password: 'admin password 123' };

test.describe('before any script has loaded', () => {
  test.beforeEach(async ({ page }) => {
    await blockSiteScripts(page);
  });

  test('the contact form sends a message with its attachment, says so on the page, and the inbox has it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Script');
    await page.getByRole('textbox', { name: 'Email' }).fill('nora.noscript@helix.engineering');
    await page.getByRole('combobox', { name: 'Reason for contact' }).selectOption('partnership');
    await page.getByRole('textbox', { name: 'Message' }).fill('Sent from a browser with scripts turned off.');
    await page.getByLabel('Attachment').setInputFiles(fixture('brief.txt'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\/send$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "Message sent successfully! We'll get back to you within 24 hours." }),
    ).toBeVisible();
    await expect(page.getByText('brief.txt has been attached to the message.')).toBeVisible();
    await expect(page.getByText('We e-mailed a short acknowledgement to n…@helix.engineering.')).toBeVisible();
    await expectNoA11yViolations(page, 'sent without JavaScript');

    // An admin, with scripts, finds it in the inbox.
    const context = await browser.newContext({ baseURL });
    const admin = await context.newPage();
    try {
      await signInPageWithCode(admin, await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password));
      await expect(admin).toHaveURL(/\/admin$/);
      await admin.goto('/admin/messages');
      await admin.getByRole('link', { name: 'Nora Script' }).click();
      await waitForHydration(admin);
      await expect(admin.getByText('Sent from a browser with scripts turned off.')).toBeVisible();
      await expect(admin.getByText(/brief\.txt \(1 KB\)/)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a refused message comes back with everything typed and the reason beside the field', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'First name' }).fill('Nora');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Script');
    await page.getByRole('textbox', { name: 'Email' }).fill('nora@');
    await page.getByRole('combobox', { name: 'Reason for contact' }).selectOption('support');
    await page.getByRole('textbox', { name: 'Message' }).fill('Kept when refused.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Send Us a Message' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue('nora@');
    await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Kept when refused.');
    await expect(page.getByRole('combobox', { name: 'Reason for contact' })).toHaveValue('support');
    await expectNoA11yViolations(page, 'refused without JavaScript');
  });

  test('an application is sent with its resume, or comes back with everything typed', async ({ page }) => {
    await page.goto('/careers');
    await page.getByRole('link', { name: 'Apply Now: Data Engineer' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Nils');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Noscript');
    await page.getByRole('textbox', { name: 'Email' }).fill('nils.noscript@mail.test');
    await page.getByRole('combobox', { name: 'Country code' }).selectOption('DE');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('01512 3456789');
    await page.getByRole('textbox', { name: 'Address' }).fill('Unter den Linden 1, 10117 Berlin');
    await page.getByRole('textbox', { name: 'Cover letter' }).fill('Sent without scripts.');
    await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    // No gender chosen: refused, with everything kept but the file, which must be chosen again.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Please select your gender', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please choose your resume again: it is kept only once the application is sent.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Cover letter' })).toHaveValue('Sent without scripts.');
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('DE');
    await expect(page.getByRole('checkbox', { name: /I have read the privacy notice/ })).toBeChecked();
    await expectNoA11yViolations(page, 'application refused without JavaScript');

    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your application for Data Engineer was sent' })).toBeVisible();
    await expect(page.getByText('We e-mailed your personal link to n…@mail.test.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View More Jobs' })).toHaveAttribute('href', '/careers');
    await expectNoA11yViolations(page, 'application sent without JavaScript');
  });
});
