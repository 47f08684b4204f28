import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration, waitForIsland } from './helpers';
import {
  applyThroughApi,
  createEnrolledAdmin,
  expect,
  latestMailTo,
  replyToOf,
  signInPageWithCode,
  test,
  type EnrolledAdmin,
} from './fixtures';

/* The recruiter's workspace: one list across positions, an application's page, e-mails, bulk actions, templates. */

const ADMIN = { email: 'wanda.workspace@helixpoint.test', password: 'admin password 123', name: 'Wanda Workspace' };

// Each test is a whole flow: applications sent, a sign-in, several admin pages scanned by axe.
test.describe.configure({ timeout: 120_000 });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
});

async function signInAsAdmin(page: Page) {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
}

/** How many pixels of the canvas are not (nearly) white: the page drawn, not an empty frame. */
function inkedPixels(page: Page) {
  return page.getByRole('img', { name: /^Page 1 of 1 of / }).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 1]! < 128 && data[i + 2]! < 128) inked += 1;
    return inked;
  });
}

test('an admin finds an applicant by e-mail across positions, reads the resume in the page, notes, rates and e-mails them', async ({
  page,
  request,
}) => {
  const email = 'nora.repeat@mail.test';
  await applyThroughApi(request, 'Data Engineer', email, { firstName: 'Nora', lastName: 'Repeat' });
  await applyThroughApi(request, 'Technical Project Manager', email, { firstName: 'Nora', lastName: 'Repeat' });
  await signInAsAdmin(page);

  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: /^Applications/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  const search = page.getByRole('search', { name: 'Filter applications' });
  await search.getByRole('searchbox', { name: 'Search applicants' }).fill(email.toUpperCase());
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?q=NORA\.REPEAT%40MAIL\.TEST$/);
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Technical Project Manager');
  await expect(rows.last()).toContainText('Data Engineer');
  // A person who applied more than once is marked, one click from their other applications.
  await expect(rows.first().getByRole('link', { name: 'Applied once more' })).toBeVisible();
  await expectNoA11yViolations(page, 'the workspace, searched');

  // Keyboard: j moves down the list, Enter opens the application.
  await waitForHydration(page);
  await rows.first().getByRole('link', { name: 'Nora Repeat' }).focus();
  await page.keyboard.press('j');
  await expect(rows.last().getByRole('link', { name: 'Nora Repeat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Repeat' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Data Engineer');
  // The resume is drawn when the page opens, nobody has to scroll to it first (issue 30).
  await waitForHydration(page);

  // The other application is one click away; "previous" leads back up the searched list.
  await expect(
    page.getByRole('region', { name: 'Also applied for' }).getByRole('link', { name: 'Technical Project Manager' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Next application' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Previous application' })).toBeVisible();

  // The resume, drawn in the page by pdf.js from the admin-only download.
  await expect(page.getByRole('img', { name: 'Page 1 of 1 of jane-resume.pdf' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => inkedPixels(page), { message: 'the PDF page has text drawn on it' }).toBeGreaterThan(200);
  await expectNoA11yViolations(page, 'an application, resume shown');
  await page.screenshot({ path: test.info().outputPath('application-1280.png') });

  // A note, written as text.
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('textbox', { name: 'Add a note' }).fill('Strong <b>SQL</b>; ask about streaming.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added')).toBeVisible();
  await expect(notes.getByRole('listitem').filter({ hasText: 'Strong <b>SQL</b>; ask about streaming.' })).toContainText(ADMIN.name);

  // A rating: the average follows.
  const rating = page.getByRole('region', { name: 'Rating' });
  await rating.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(page.getByText('Rating saved')).toBeVisible();
  await expect(rating.getByText('Average 4.0 of 5, from 1 reviewer.')).toBeVisible();

  // The interview invitation: placeholders previewed, then sent through the queue.
  const composer = page.getByRole('region', { name: 'E-mail the candidate' });
  await composer.getByRole('combobox', { name: 'Template' }).selectOption({ label: 'Interview invitation' });
  const preview = composer.getByRole('region', { name: 'Preview, as the candidate will read it' });
  await expect(preview).toContainText('Interview invitation: Data Engineer at Helixpoint');
  await expect(preview).toContainText('Hello Nora,');
  await expect(preview).toContainText(`Best regards, ${ADMIN.name}`);
  // Beside the template, not below it: both in view at once (issue 30).
  const subjectBox = (await composer.getByRole('textbox', { name: 'Subject' }).boundingBox())!;
  const previewBox = (await preview.boundingBox())!;
  expect(previewBox.x).toBeGreaterThan(subjectBox.x + subjectBox.width);
  expect(Math.abs(previewBox.y - subjectBox.y)).toBeLessThan(60);
  await composer.screenshot({ path: test.info().outputPath('composer-1280.png') });
  await expectNoA11yViolations(page, 'an application, e-mail composed');
  await composer.getByRole('button', { name: 'Send to the candidate' }).click();
  await expect(page.getByText('E-mail sent to the candidate')).toBeVisible();

  const mail = await latestMailTo(email, /Subject: Interview invitation: Data Engineer at Helixpoint/);
  expect(mail).toContain('Hello Nora,');
  expect(mail).toContain(ADMIN.name);
  // The reply comes back to the application's timeline (issue 35), not to one person's mailbox.
  expect(replyToOf(mail)).toMatch(/^replies\+[0-9a-f]{40}@helixpoint\.test$/);
  expect(mail).not.toContain('{{');

  // The timeline tells all of it, oldest first, with who.
  await page.reload();
  const timeline = page.getByRole('list', { name: 'Timeline, oldest first' }).getByRole('listitem');
  await expect(timeline.first()).toContainText('Nora Repeat applied');
  await expect(timeline.filter({ hasText: `${ADMIN.name} wrote a note` })).toContainText('Strong <b>SQL</b>');
  await expect(timeline.filter({ hasText: `${ADMIN.name} rated it 4 of 5` })).toHaveCount(1);
  await expect(timeline.filter({ hasText: `${ADMIN.name} e-mailed the candidate` })).toContainText('Hello Nora,');
  await expectNoA11yViolations(page, 'an application with its timeline');

  // k goes to the previous application in the list it came from.
  await waitForIsland(page, 'ApplicationPager');
  await page.keyboard.press('k');
  await expect(page.getByRole('region', { name: 'Applicant' })).toContainText('Technical Project Manager');
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?q=NORA\.REPEAT%40MAIL\.TEST$/);
});

test('an admin rejects three applicants at once and each gets the rejection e-mail', async ({ page, request }) => {
  for (const name of ['Bea', 'Ben', 'Bo']) {
    await applyThroughApi(request, 'Senior Cloud Engineer (AWS)', `${name.toLowerCase()}.bulk@mail.test`, {
      firstName: name,
      lastName: 'Bulk',
    });
  }
  await signInAsAdmin(page);
  await page.goto('/admin/applications?q=.bulk%40mail.test');
  await waitForHydration(page);
  await expect(page.getByRole('row').filter({ hasText: 'Bulk' })).toHaveCount(3);

  await page.getByRole('checkbox', { name: 'Choose all on this page' }).check();
  await expect(page.getByText('3 chosen.')).toBeVisible();
  await page.getByRole('button', { name: 'Reject and e-mail…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject 3 applications and send each the rejection e-mail?' });
  await expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your application for {{position_title}}');
  // Beside the template, the e-mail each chosen candidate gets, filled for them (issue 30).
  const seen: string[] = [];
  for (let candidate = 0; candidate < 3; candidate += 1) {
    const preview = dialog.getByRole('region', { name: /^The e-mail (Bea|Ben|Bo) Bulk gets$/ });
    const name = /^The e-mail (\w+) Bulk gets$/.exec((await preview.getAttribute('aria-label'))!)![1]!;
    await expect(preview).toContainText('Your application for Senior Cloud Engineer (AWS)');
    await expect(preview).toContainText(`Hello ${name},`);
    await expect(preview).not.toContainText('{{');
    await expect(dialog.getByText(`${name} Bulk gets (${candidate + 1} of 3)`)).toBeVisible();
    seen.push(name);
    if (candidate < 2) await dialog.getByRole('button', { name: 'Next candidate' }).click();
  }
  expect(seen.sort()).toEqual(['Bea', 'Ben', 'Bo']);
  await page.screenshot({ path: test.info().outputPath('bulk-dialog-1280.png') });
  // Every rejection names its reason (issue 32): refused without one, the field says so.
  await dialog.getByRole('button', { name: 'Reject 3 and send' }).click();
  await expect(dialog.getByText('Choose a reason for the rejection')).toBeVisible();
  await expectNoA11yViolations(page, 'the bulk rejection dialog');
  await dialog.getByRole('combobox', { name: /Reason for the rejection/ }).selectOption({ label: 'Experience' });
  await dialog.getByRole('button', { name: 'Reject 3 and send' }).click();
  await expect(page.getByText('3 of 3 applications changed')).toBeVisible();

  await expect(page.getByRole('row').filter({ hasText: 'Bulk' }).filter({ hasText: 'Rejected' })).toHaveCount(3);
  await expectNoA11yViolations(page, 'the workspace after a bulk rejection');
  for (const name of ['Bea', 'Ben', 'Bo']) {
    const mail = await latestMailTo(`${name.toLowerCase()}.bulk@mail.test`, /Subject: Your application for Senior Cloud Engineer \(AWS\)/);
    expect(mail).toContain(`Hello ${name},`);
  }
  // On each timeline, with who.
  await page.getByRole('link', { name: 'Bea Bulk' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline, oldest first' });
  await expect(timeline).toContainText(`${ADMIN.name} moved it from Pending to Rejected`);
  await expect(timeline).toContainText(`${ADMIN.name} e-mailed the candidate: “Your application for Senior Cloud Engineer (AWS)”`);
});

test('an admin edits a template: previewed, checked for unknown placeholders, saved for everyone', async ({ page }) => {
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'E-mail templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();
  await waitForHydration(page);
  await expectNoA11yViolations(page, 'the templates');

  const received = page.getByRole('form', { name: 'Application received' });
  await received.getByRole('textbox', { name: 'Subject' }).fill('Thanks, {{frist_name}}');
  await received.getByRole('button', { name: 'Save template' }).click();
  await expect(received.getByText('Unknown placeholder: {{frist_name}}')).toBeVisible();
  await expectNoA11yViolations(page, 'a template with an error');

  await received.getByRole('textbox', { name: 'Subject' }).fill('Thanks, {{first_name}}: we have your application');
  await expect(received.getByRole('region', { name: 'Preview of Application received' })).toContainText(
    'Thanks, Alex: we have your application',
  );
  await received.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await page.reload();
  await expect(received.getByRole('textbox', { name: 'Subject' })).toHaveValue('Thanks, {{first_name}}: we have your application');
  await expect(received).toContainText(`by ${ADMIN.email}`);

  // Back to the text the site comes with.
  await waitForHydration(page);
  await received.getByRole('button', { name: 'Use the original text' }).click();
  await received.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();
  await expect(received.getByRole('textbox', { name: 'Subject' })).toHaveValue('Your application for {{position_title}}');
});

test('an admin keeps the reasons for rejecting: adds two, archives one; a rejection offers only those listed', async ({
  page,
  request,
}) => {
  await applyThroughApi(request, 'Senior Cloud Engineer (AWS)', 'rhea.reasons@mail.test', { firstName: 'Rhea', lastName: 'Reasons' });
  await signInAsAdmin(page);
  await page.goto('/admin/templates');
  await waitForHydration(page);
  const reasons = page.getByRole('region', { name: 'Reasons for rejecting' });
  // The defaults (other tests may have added more): "Other" asks for a few words.
  await expect(reasons.getByRole('form', { name: 'Reason: Other' }).getByRole('checkbox', { name: 'Asks for a few words' })).toBeChecked();

  // A name is needed, and names are unique.
  await reasons.getByRole('button', { name: 'Add the reason' }).click();
  await expect(reasons.getByText('Name the reason (1 to 60 characters)')).toBeVisible();
  await reasons.getByRole('textbox', { name: 'New reason' }).fill('Skills');
  await reasons.getByRole('button', { name: 'Add the reason' }).click();
  await expect(page.getByText('There is already a reason with this name.')).toBeVisible();
  await expectNoA11yViolations(page, 'the reasons, a name refused');

  for (const label of ['Salary expectations', 'Visa sponsorship']) {
    await reasons.getByRole('textbox', { name: 'New reason' }).fill(label);
    if (label === 'Salary expectations') {
      // Its own rejection e-mail, starting from the Rejection template's text.
      const adding = reasons.getByRole('form', { name: 'Add a reason' });
      await adding.getByRole('checkbox', { name: 'Its own rejection e-mail' }).check();
      const subject = adding.getByRole('textbox', { name: 'Subject of its e-mail' });
      await expect(subject).toHaveValue('Your application for {{position_title}}');
      await subject.fill('About {{nope}}');
      await reasons.getByRole('button', { name: 'Add the reason' }).click();
      await expect(adding.getByText('Unknown placeholder: {{nope}}', { exact: false })).toBeVisible();
      await subject.fill('About your application for {{position_title}}');
    }
    await reasons.getByRole('button', { name: 'Add the reason' }).click();
    await expect(page.getByText('Reason added')).toBeVisible();
    await waitForHydration(page);
  }
  await reasons.getByRole('form', { name: 'Reason: Visa sponsorship' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('Reason archived')).toBeVisible();
  await waitForHydration(page);
  await expect(reasons.getByRole('form', { name: 'Reason: Visa sponsorship' }).getByRole('button', { name: 'Offer again' })).toBeVisible();
  await expect(reasons.getByText('(archived)')).toHaveCount(1);
  await expectNoA11yViolations(page, 'the reasons for rejecting');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await reasons.screenshot({ path: `test-results/screens/rejection-reasons-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // On the application's page: the listed reasons, the archived one not among them.
  await page.goto('/admin/applications?q=rhea.reasons%40mail.test');
  await page.getByRole('link', { name: 'Rhea Reasons' }).click();
  await waitForHydration(page);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('rejected');
  const reason = page.getByRole('combobox', { name: /Reason for the rejection/ });
  const offered = await reason.getByRole('option').allTextContents();
  expect(offered).toContain('Salary expectations');
  expect(offered).not.toContain('Visa sponsorship');
  await reason.selectOption({ label: 'Salary expectations' });
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(page.getByText('Reason: Salary expectations', { exact: true })).toBeVisible();

  // The composer offers the rejection e-mail: sent in an hour, and taken back before it goes.
  await expect(page.getByText('The application is rejected. Send the rejection e-mail?')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('About your application for {{position_title}}');
  await page.getByRole('combobox', { name: 'Send', exact: true }).selectOption({ label: 'In 1 hour' });
  await page.getByRole('button', { name: 'Schedule the e-mail' }).click();
  await expect(page.getByText('E-mail scheduled')).toBeVisible();
  const waiting = page.getByRole('list', { name: 'E-mails still to go' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  // The reason's own e-mail was offered.
  await expect(waiting).toContainText('“About your application for Senior Cloud Engineer (AWS)” goes');
  await expect(page.getByRole('list', { name: 'Timeline, oldest first' })).toContainText('scheduled an e-mail to the candidate for');
  await expect(page.getByText('Reason: Salary expectations', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'a rejected application with its reason and a scheduled e-mail');
  await page.screenshot({ path: 'test-results/screens/scheduled-email-1280.png', fullPage: true });
  await waitForHydration(page);
  await waiting.getByRole('button', { name: 'Cancel sending' }).click();
  await expect(page.getByText('E-mail cancelled: it will not be sent')).toBeVisible();
  await expect(page.getByRole('list', { name: 'E-mails still to go' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Timeline, oldest first' })).toContainText('then cancelled it (never sent)');
  await expect(page.getByRole('list', { name: 'Timeline, oldest first' })).toContainText(
    'cancelled a scheduled e-mail to the candidate before it went',
  );
});
