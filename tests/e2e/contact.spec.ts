import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForFormCode, waitForHydration, waitForIsland } from './helpers';
import { createEnrolledAdmin, expect, signInPageWithCode, test } from './fixtures';

/* The contact page: hero buttons, offices, FAQ, the form, and the message read in the admin area. */

const briefPath = fileURLToPath(new URL('../fixtures/brief.txt', import.meta.url));
const ADMIN = { email: 'inbox.admin@helixpoint.test', password: 'admin password 123' };

async function fillContactForm(
  page: Page,
  input: { firstName: string; lastName: string; email: string; phone: string; reason: string; message: string },
) {
  await page.getByRole('textbox', { name: 'First name' }).fill(input.firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(input.lastName);
  await page.getByRole('textbox', { name: 'Email' }).fill(input.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(input.phone);
  await page.getByRole('combobox', { name: 'Reason for contact' }).selectOption(input.reason);
  await page.getByRole('textbox', { name: 'Message' }).fill(input.message);
}

test('the hero: Send Us a Message focuses the form, Call Now dials, Book a Meeting leads to the free times', async ({ page }) => {
  await page.goto('/contact');
  await waitForIsland(page, 'ContactHeroActions');
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'Send Us a Message' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'First name' })).toBeInViewport();

  await expect(page.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', 'tel:+15125550142');

  // Book a Meeting leads to the real free times (issue 31); the old calendar template's address too.
  await expect(page.getByRole('link', { name: 'Book a Meeting' }).first()).toHaveAttribute('href', '/contact/book');
  const old = await page.request.get('/contact/meeting.ics', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()['location']).toBe('/contact/book');
});

test('the info cards, the offices toggle and the FAQ accordion', async ({ page }) => {
  await page.goto('/contact');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'ContactPage',
    mainEntity: { '@type': 'Organization', contactPoint: { telephone: '+15125550142' } },
  });
  expect(jsonLd.mainEntity.location).toHaveLength(2);
  const cards = page.getByRole('region', { name: 'Get in Touch' });
  await expect(cards.getByText('Mon-Fri 9:00 AM-6:00 PM CST')).toBeVisible();
  await expect(cards.getByText('Austin, TX · Dallas, TX')).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Offices' });
  await tabs.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'OfficesPanel');
  await expect(page.getByRole('tab', { name: 'Austin' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: 'Map of the Austin office area' })).toBeVisible();
  await page.getByRole('tab', { name: 'Dallas' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('2100 Ross Avenue');
  const directions = new URL(
    (await page
      .getByRole('tabpanel')
      .getByRole('link', { name: /Get directions/ })
      .getAttribute('href')) ?? '',
  );
  expect(directions.hostname).toBe('www.google.com');
  expect(directions.searchParams.get('destination')).toBe('2100 Ross Avenue, Suite 900, Dallas, TX 75201');
  await expect(page.getByRole('img', { name: 'Map of the Dallas office area' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Austin' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('600 Congress Avenue');

  const first = page.getByRole('button', { name: 'How do we start working with Helixpoint?' });
  await first.scrollIntoViewIfNeeded();
  await waitForIsland(page, 'ContactFaq');
  const last = page.getByRole('button', { name: 'Is the first consultation really free?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/short written proposal/)).toBeVisible();
  await expectNoA11yViolations(page, 'Dallas and an open question');
  await last.click();
  // One open at a time.
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(last).toHaveAttribute('aria-expanded', 'true');
  // Collapsible.
  await last.click();
  await expect(last).toHaveAttribute('aria-expanded', 'false');
});

test('sending a message with an attachment, then reading it in the admin area', async ({ page, baseURL }) => {
  // An admin who enrols a second factor first: more steps than the 30 s default allows on a busy machine.
  test.setTimeout(60_000);
  const admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password);
  await page.goto('/contact');
  await waitForIsland(page, 'ContactHeroActions');
  await page.getByRole('button', { name: 'Send Us a Message' }).click();
  // The first field has the focus: the form's code loads (decision 051), and leaving the field says
  // what it needs once it has.
  await waitForFormCode(page, 'ContactForm');

  // Errors appear for touched fields (leaving the first one says what it needs) and after a submit,
  // in one summary too, and nothing typed is lost.
  await page.getByRole('textbox', { name: 'First name' }).blur();
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('group', { name: '5 fields need your attention' })).toBeFocused();
  await expect(page.getByText('Please enter your first name').first()).toBeVisible();
  await expect(page.getByText('Please choose a reason').first()).toBeVisible();
  await expectNoA11yViolations(page, 'form errors');

  await fillContactForm(page, {
    firstName: 'Carla',
    lastName: 'Contact',
    email: 'carla.contact@mail.test',
    phone: '(214) 555-0199',
    reason: 'Partnership',
    message: 'We would like to partner on a migration project.\nCan we talk next week?',
  });
  await page.getByLabel('Attachment').setInputFiles(briefPath);
  await expect(page.getByText('File attached')).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Message sent successfully! We'll get back to you within 24 hours.").first()).toBeVisible();
  await expect(page.getByText('brief.txt has been attached to the message.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
  await expectNoA11yViolations(page, 'sent');
  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('');
  await expect(page.getByText('File attached')).toHaveCount(0);

  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  // The Messages tab counts the unread messages, from any admin page.
  const messagesTab = page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: /^Messages \d+ unread$/ });
  await messagesTab.click();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  const row = page.getByRole('row').filter({ hasText: 'carla.contact@mail.test' });
  await expect(row).toContainText('Partnership');
  await expect(row).toContainText('Unread');
  await expectNoA11yViolations(page, 'messages list');
  await page
    .getByRole('navigation', { name: 'Show messages' })
    .getByRole('link', { name: /^Unread/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/messages\?show=unread$/);
  await expect(page.getByRole('navigation', { name: 'Show messages' }).getByRole('link', { name: /^Unread/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(row).toBeVisible();
  await expectNoA11yViolations(page, 'unread messages');
  await row.getByRole('link', { name: 'Carla Contact' }).click();
  await waitForHydration(page);
  await expect(page.getByText('Can we talk next week?')).toBeVisible();
  // Answered from the page, so the reply comes back to it (issue 35; two-way-email.spec.ts sends one).
  const answer = page.getByRole('region', { name: 'Answer Carla' });
  await expect(answer.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: Your message to Helixpoint');
  await expect(page.getByRole('link', { name: 'Reply by e-mail' })).toHaveCount(0);
  // Stored in E.164, shown as people read it.
  await expect(page.getByRole('link', { name: '+1 214 555 0199' })).toHaveAttribute('href', 'tel:+12145550199');
  await expectNoA11yViolations(page, 'message detail');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download attachment' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('brief.txt');
  expect(readFileSync(await download.path())).toEqual(readFileSync(briefPath));

  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('Message marked as read')).toBeVisible();
  await page.goto('/admin/messages?show=unread');
  await expect(page.getByRole('row').filter({ hasText: 'carla.contact@mail.test' })).toHaveCount(0);
  await page.goto('/admin/messages');
  await expect(page.getByRole('row').filter({ hasText: 'carla.contact@mail.test' })).toContainText('Read');
  await expect(page.getByRole('row').filter({ hasText: 'carla.contact@mail.test' })).not.toContainText('Unread');

  await page.getByRole('link', { name: 'Carla Contact' }).click();
  await waitForHydration(page);
  const confirmDelete = async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Are you sure you want to delete this message?' })
      .getByRole('button', { name: 'Delete message' })
      .click();
  };
  // The network fails once: the admin is told, the buttons work again, the message stays.
  await page.route(/\/_actions\/admin(\.|%2E)deleteMessage/i, (route) => route.abort(), { times: 1 });
  await confirmDelete();
  await expect(page.getByText('Error', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await expect(page).toHaveURL(/\/admin\/messages\/[0-9a-f-]{36}$/);
  await confirmDelete();
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByText('Message deleted successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'carla.contact@mail.test' })).toHaveCount(0);
  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: 'message.deleted' }).first()).toContainText(ADMIN.email);
});

test('a message sent while its attachment is still uploading waits for the upload, then names the file', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('form', { name: 'Send Us a Message' }).scrollIntoViewIfNeeded();
  await waitForIsland(page, 'ContactForm');
  let releaseUpload!: () => void;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/uploads?**', async (route) => {
    await uploadHeld;
    await route.continue();
  });

  await fillContactForm(page, {
    firstName: 'Quick',
    lastName: 'Sender',
    email: 'quick.sender@mail.test',
    phone: '+234 803 123 4567',
    reason: 'Consultation',
    message: 'The brief is attached.',
  });
  await page.getByLabel('Attachment').setInputFiles(briefPath);
  await expect(page.getByRole('progressbar', { name: 'Uploading brief.txt' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expectNoA11yViolations(page, 'waiting for the upload');

  releaseUpload();
  await expect(page.getByText("Message sent successfully! We'll get back to you within 24 hours.").first()).toBeVisible();
  await expect(page.getByText('brief.txt has been attached to the message.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
});
