import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import { latestMailTo, linkIn } from './fixtures';

/*
 * The job board and the application flow as an applicant meets them, against the seeded demo
 * positions of a fresh database.
 */

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const jobCards = (page: Page) => page.getByRole('article');
const cardTitles = (page: Page) => jobCards(page).getByRole('heading', { level: 3 }).allTextContents();

async function openFirstPosition(page: Page, title = 'Data Engineer'): Promise<string> {
  await page.goto('/careers');
  await jobCards(page)
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByRole('link', { name: /Apply Now/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await waitForHydration(page);
  return page.url();
}

test.describe('the job board', () => {
  test('lists the open positions with the count, card facts and Apply Now links', async ({ page }) => {
    await page.goto('/careers');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Team' })).toBeVisible();
    await expect(page.getByText(/^9 open positions\./)).toBeVisible();
    await expect(jobCards(page)).toHaveCount(9);
    const card = jobCards(page).filter({ has: page.getByRole('heading', { name: 'Senior Cloud Engineer (AWS)' }) });
    await expect(card.getByRole('list', { name: 'Position details' })).toHaveText(
      /Department: Cloud & Infrastructure.*Location: Austin, TX.*Type: Full-time/,
    );
    // A remote role whose type is Remote too says it once.
    const remote = jobCards(page).filter({ has: page.getByRole('heading', { name: 'Platform Engineer (Kubernetes)' }) });
    await expect(remote.getByRole('list', { name: 'Position details' }).getByRole('listitem')).toHaveText([
      'Department: Cloud & Infrastructure',
      'Location: Remote',
    ]);
    await expect(card.getByRole('link', { name: 'Apply Now: Senior Cloud Engineer (AWS)' })).toHaveAttribute(
      'href',
      /^\/careers\/apply\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole('combobox', { name: 'Department', exact: true }).locator('option').first()).toHaveText('All Departments');
    await expect(page.getByRole('combobox', { name: 'Location', exact: true }).locator('option')).toHaveText([
      'All Locations',
      'Austin, TX',
      'Dallas, TX',
      'Remote',
    ]);
    await expectNoA11yViolations(page);
  });

  test('filters as you type and by each control, keeping the filters in the address', async ({ page }) => {
    await page.goto('/careers');
    await waitForHydration(page);
    await page.getByRole('searchbox', { name: 'Search positions' }).fill('KUBERNETES');
    await expect(page).toHaveURL(/\/careers\?q=KUBERNETES$/);
    await expect.poll(() => cardTitles(page)).toEqual(['Platform Engineer (Kubernetes)']);
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 1 position');

    await page.getByRole('searchbox', { name: 'Search positions' }).fill('');
    await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption({ label: 'Security' });
    await expect(page).toHaveURL(/\/careers\?department=[0-9a-f-]{36}$/);
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual(['DevSecOps Engineer', 'Security Engineer (Cloud)']);

    await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption('Remote');
    await expect(page).toHaveURL(/department=[0-9a-f-]{36}&location=Remote$/);
    await expect.poll(() => cardTitles(page)).toEqual(['DevSecOps Engineer']);

    await page.getByRole('searchbox', { name: 'Search positions' }).fill('cobol');
    await expect(page.getByText('No positions found matching your criteria')).toBeVisible();
    await expect(jobCards(page)).toHaveCount(0);
    await expectNoA11yViolations(page, 'no results');

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(jobCards(page)).toHaveCount(9);
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue('');
  });

  test('shows "Loading positions..." while the list is fetched', async ({ page }) => {
    await page.goto('/careers');
    await waitForHydration(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/positions**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption('Dallas, TX');
    await expect(page.getByRole('status').filter({ hasText: 'Loading positions...' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Open Positions' })).toHaveAttribute('aria-busy', 'true');
    await expectNoA11yViolations(page, 'loading');
    release();
    await expect
      .poll(async () => (await cardTitles(page)).sort())
      .toEqual(['Machine Learning Engineer', 'Security Engineer (Cloud)', 'Technical Project Manager']);
  });

  test('opens a filtered list straight from its URL', async ({ page }) => {
    await page.goto('/careers?q=engineer&location=Austin%2C%20TX');
    await expect(page.getByRole('searchbox', { name: 'Search positions' })).toHaveValue('engineer');
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue('Austin, TX');
    expect((await cardTitles(page)).sort()).toEqual([
      'Cloud Engineering Intern (Summer 2027)',
      'Data Engineer',
      'Full-Stack Software Engineer',
      'Senior Cloud Engineer (AWS)',
    ]);
    // The hero still counts every open position.
    await expect(page.getByText(/^9 open positions\./)).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the filters are a GET form answered by the server', async ({ page }) => {
      await page.goto('/careers');
      await page.getByRole('combobox', { name: 'Location', exact: true }).selectOption('Remote');
      await page.getByRole('searchbox', { name: 'Search positions' }).fill('engineer');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/careers\?q=engineer&department=&location=Remote$/);
      expect((await cardTitles(page)).sort()).toEqual(['DevSecOps Engineer', 'Platform Engineer (Kubernetes)']);
    });
  });
});

test.describe('a position page', () => {
  test('shows the position with its lists, Back to Careers and JobPosting data', async ({ page }) => {
    await openFirstPosition(page, 'Senior Cloud Engineer (AWS)');
    await expect(page.getByRole('link', { name: 'Back to Careers' })).toHaveAttribute('href', '/careers');
    await expect(page.getByRole('definition')).toContainText([
      'Cloud & Infrastructure',
      'Austin, TX',
      'Full-time',
      '$150,000 – $185,000 a year',
    ]);
    await expect(page.getByRole('heading', { level: 2, name: 'Requirements' })).toBeVisible();
    await expect(page.getByText('5+ years building production infrastructure on AWS')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Responsibilities' })).toBeVisible();
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({
      '@type': 'JobPosting',
      title: 'Senior Cloud Engineer (AWS)',
      employmentType: 'FULL_TIME',
      directApply: true,
      jobLocation: { address: { addressLocality: 'Austin', addressRegion: 'TX' } },
      baseSalary: { value: { minValue: 150000, maxValue: 185000 } },
      hiringOrganization: { name: 'Helixpoint' },
    });
    // Every country (245), the spec's 19 first: the United States (+1) chosen.
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('US');
    await expect(page.getByRole('combobox', { name: 'Country code' }).locator('option')).toHaveCount(245);
    await expect(page.getByRole('combobox', { name: 'Country code' }).locator('option').first()).toHaveText('United States (+1)');
    await expectNoA11yViolations(page);
  });

  test('an unknown position answers 404 "Position Not Found" with Back to Careers', async ({ page }) => {
    const response = await page.goto('/careers/apply/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Position Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    const notUuid = await page.goto('/careers/apply/not-a-position');
    expect(notUuid?.status()).toBe(404);
    await expectNoA11yViolations(page);
  });
});

test.describe('the application form', () => {
  test('shows each rule message only once its field is touched, and re-checks on every change', async ({ page }) => {
    await openFirstPosition(page);
    const cases: Array<[string, string, string, string]> = [
      ['First name', 'J', 'Must be at least 2 characters long', 'Jane'],
      ['Last name', 'D0e', 'Can only contain letters, spaces, hyphens, and apostrophes', "O'Neil"],
      ['Email', 'jane@mail', 'Please enter a valid email address', 'jane@mail.test'],
      ['Phone number', '555', 'Please enter a valid phone number', '(512) 555-0147'],
      ['Address', 'Austin', 'Please enter a complete address', '100 Congress Ave, Austin'],
      ['LinkedIn profile', 'https://linkedin.evil.example/in/jane', 'Please enter a valid LinkedIn URL', 'linkedin.com/in/jane'],
    ];
    for (const [label, bad, message, good] of cases) {
      const field = page.getByRole('textbox', { name: label });
      await field.fill(bad);
      // Untouched: no message while typing into the field for the first time.
      await expect(page.getByText(message)).toBeHidden();
      await field.blur();
      await expect(page.getByText(message)).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(new RegExp(message));
      if (label === 'LinkedIn profile') await expectNoA11yViolations(page, 'errors shown');
      // Touched: fixed as soon as it changes, without leaving the field.
      await field.fill(good);
      await expect(page.getByText(message)).toBeHidden();
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    }
  });

  test('submitting an incomplete form lists every problem in one summary that takes the focus, and toasts', async ({ page }) => {
    await openFirstPosition(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('group', { name: '9 fields need your attention' })).toBeFocused();
    await expect(page.getByRole('link', { name: 'First name: Enter your first name' })).toHaveAttribute('href', '#first_name');
    await expect(page.getByText('Validation Error')).toBeVisible();
    await expect(page.getByText('Please check the form for errors and try again')).toBeVisible();
    await expect(page.getByText('Please select your gender').first()).toBeVisible();
    await expect(page.getByText('Please upload your resume', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page, 'all errors shown');
  });

  test('a missing gender alone gives the "Required Field" toast', async ({ page }) => {
    await openFirstPosition(page);
    await fillApplicant(page, { email: 'gender.check@mail.test' });
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Required Field')).toBeVisible();
    await expect(page.getByRole('group', { name: '1 field needs your attention' })).toBeFocused();
    await page.getByRole('link', { name: 'Gender: Please select your gender' }).click();
    await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeFocused();
  });

  test('refuses a renamed executable with a toast that says why; "Upload Error" is for failed uploads', async ({ page }) => {
    await openFirstPosition(page);
    await page.getByLabel('Resume').setInputFiles(fixture('program.pdf'));
    await expect(page.getByText('File not accepted')).toBeVisible();
    await expect(page.getByText('The file must be a PDF, DOC or DOCX document.')).toHaveCount(2);
    await expect(page.getByText('Upload Error')).toHaveCount(0);
    await expectNoA11yViolations(page, 'upload refused');
    // A file of the wrong kind by name never leaves the browser.
    await page.getByLabel('Resume').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a resume') });
    await expect(page.getByText('The file must be a PDF, DOC or DOCX document.').first()).toBeVisible();
    // An upload that fails on the way is the spec's "Upload Error".
    await page.route('**/api/uploads?**', (route) => route.abort(), { times: 1 });
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    await expect(page.getByText('Upload Error')).toBeVisible();
    await expect(page.getByText('There was an error uploading your resume. Please try again.')).toBeVisible();
  });

  test('applicants from the countries offered apply with their own numbers: Australia', async ({ page }) => {
    await openFirstPosition(page, 'Security Engineer (Cloud)');
    await fillApplicant(page, { email: 'matilda@studio.photography' });
    const code = page.getByRole('combobox', { name: 'Country code' });
    const phone = page.getByRole('textbox', { name: 'Phone number' });
    await code.selectOption('AU');
    await expect(phone).toHaveAccessibleDescription(/For example 0412 345 678/);
    // The UK number typed before is checked again for Australia.
    await expect(page.getByText('Please enter a valid phone number for Australia, like 0412 345 678')).toBeVisible();
    await phone.fill('+61 412 345 678');
    await expect(page.getByText('Please enter a valid phone number')).toBeHidden();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Validation Error')).toBeVisible();
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
    // The success replaced the form's earlier error toast instead of piling on top of it.
    await expect(page.getByText('Validation Error')).toHaveCount(0);
  });

  test('applies with a real PDF: progress, toasts, then the job board', async ({ page }) => {
    await openFirstPosition(page);
    await fillApplicant(page, { email: 'jane.applicant@mail.test' });
    await page.getByRole('radio', { name: 'Prefer not to say' }).check();
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    await expect(page.getByText('Resume Uploaded', { exact: true })).toBeVisible();
    await expect(page.getByText('Your resume has been successfully uploaded.')).toBeVisible();
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
    await expectNoA11yViolations(page, 'resume uploaded');

    const submit = page.getByRole('button', { name: 'Submit Application' });
    await submit.click();
    await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View More Jobs' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Homepage' })).toBeVisible();
    await page.waitForURL(/\/careers$/);
    // The toasts still showing travel to the job board, which keeps the confirmation.
    await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Homepage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your application for Data Engineer was sent' })).toBeFocused();
    await expect(page.getByText('We e-mailed your personal link to j…@mail.test.')).toBeVisible();
    await expectNoA11yViolations(page, 'toasts after the redirect');
    await page.getByRole('button', { name: 'Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('shows "Submitting..." while sending; a second application is answered as a new one, and the address is e-mailed', async ({
    page,
  }) => {
    await openFirstPosition(page, 'Machine Learning Engineer');
    await fillApplicant(page, { email: 'twice@mail.test' });
    await page.getByRole('radio', { name: 'Female' }).check();
    // Submitted while the resume is still uploading: the form waits for it instead of calling it missing.
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/uploads?**', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    await page.getByLabel('Resume').setInputFiles(fixture('resume.docx'));
    await expect(page.getByRole('progressbar', { name: 'Uploading resume.docx' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    releaseUpload();
    await page.waitForURL(/\/careers$/);
    await page.unroute('**/api/uploads?**');

    await openFirstPosition(page, 'Machine Learning Engineer');
    await fillApplicant(page, { email: 'TWICE@mail.test' });
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Resume').setInputFiles(fixture('resume.doc'));
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_actions/apply**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    // The page tells nobody that this address applied before (DECISIONS.md): the answer of a new
    // application, and the address's mailbox gets the real one, with a link to the first.
    await expect(page.getByText('Application Submitted Successfully!')).toBeVisible();
    await page.waitForURL(/\/careers$/);
    const mail = await latestMailTo('twice@mail.test', /You have already applied for Machine Learning Engineer/);
    expect(linkIn(mail, '/applications/')).toMatch(/\/applications\/[A-Za-z0-9_-]{43}$/);
  });

  test('a failed submit shows the error toast and keeps everything typed', async ({ page }) => {
    await openFirstPosition(page);
    await fillApplicant(page, { email: 'offline@mail.test' });
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByLabel('Resume').setInputFiles(fixture('resume.pdf'));
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
    await page.route('**/_actions/apply**', (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('There was an error submitting your application. Please try again.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Jane');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('offline@mail.test');
    await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeChecked();
    await expect(page.getByText('Resume uploaded successfully')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeEnabled();
    await expect(page).toHaveURL(/\/careers\/apply\//);
  });
});

async function fillApplicant(page: Page, { email }: { email: string }) {
  await page.getByRole('textbox', { name: 'First name' }).fill('Jane');
  await page.getByRole('textbox', { name: 'Last name' }).fill("O'Neil");
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: 'Country code' }).selectOption('GB');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('07400 123456');
  await page.getByRole('textbox', { name: 'Address' }).fill('100 Congress Ave, Austin, TX 78701');
  await page.getByRole('textbox', { name: 'GitHub profile' }).fill('https://github.com/janeoneil');
  await page
    .getByRole('textbox', { name: 'Cover letter' })
    .fill('I have built data platforms for eight years and would love to do it with you.');
  await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
}
