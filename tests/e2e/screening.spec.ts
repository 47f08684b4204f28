import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import { createEnrolledAdmin, expect, signInPageWithCode, test, type EnrolledAdmin } from './fixtures';

/* Issue 18: a position's own screening questions, where the applicant came from, and the knock-out flag. */

const ADMIN = { email: 'quinn.questions@helixpoint.test', password: 'admin password 123', name: 'Quinn Questions' };
const TITLE = 'Kubernetes Platform Lead';
const resume = fileURLToPath(new URL('../fixtures/resume.pdf', import.meta.url));

test.describe.configure({ timeout: 150_000 });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
});

async function addQuestion(page: Page, number: number, label: string, type: string) {
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByRole('textbox', { name: `Question ${number}`, exact: true }).fill(label);
  await page.getByRole('combobox', { name: `Answer type of question ${number}` }).selectOption({ label: type });
}

test('an admin adds two questions; an applicant answers them (refused without them); the admin sees the answers, the source and the knock-out flag', async ({
  page,
}) => {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Add position' }).click();
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await page.getByRole('textbox', { name: 'Location' }).fill('Dallas, TX');
  await page.getByRole('combobox', { name: 'Type' }).selectOption('Full-time');
  await page.getByRole('textbox', { name: 'Description' }).fill('Lead the platform team that runs our clients’ clusters.');

  await addQuestion(page, 1, 'Are you authorised to work in the US?', 'Yes / no');
  await page.getByRole('combobox', { name: 'Knock-out answer of question 1' }).selectOption({ label: 'No' });
  await addQuestion(page, 2, 'Years with Kubernetes?', 'Number');
  // A question added by mistake, then removed; the order can change with the arrows.
  await addQuestion(page, 3, 'Favourite colour?', 'Short text');
  await page.getByRole('button', { name: 'Remove question 3' }).click();
  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue('Years with Kubernetes?');
  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(page.getByRole('textbox', { name: 'Question 1', exact: true })).toHaveValue('Are you authorised to work in the US?');
  await expectNoA11yViolations(page, 'position form with questions');
  await page.getByRole('button', { name: 'Add position' }).click();
  await expect(page.getByText('Position added successfully')).toBeVisible();

  // The editor keeps the questions.
  await page.getByRole('link', { name: `Edit ${TITLE}` }).click();
  await waitForHydration(page);
  await expect(page.getByRole('textbox', { name: 'Question 2', exact: true })).toHaveValue('Years with Kubernetes?');
  await expect(page.getByRole('combobox', { name: 'Knock-out answer of question 1' })).toHaveValue('no');

  // A visit from a campaign link: the source goes from the job board to the apply page and the form.
  const applicant = page.context();
  const visitor = await applicant.browser()!.newContext();
  const person = await visitor.newPage();
  await person.goto('/careers?q=kubernetes%20platform%20lead&utm_source=newsletter&utm_medium=email&utm_campaign=november');
  await person.getByRole('link', { name: `Apply Now: ${TITLE}` }).click();
  await expect(person).toHaveURL(/utm_source=newsletter&utm_medium=email&utm_campaign=november/);
  await waitForHydration(person);
  await expect(person.getByRole('group', { name: 'Questions about this role' })).toBeVisible();
  await person.getByRole('textbox', { name: 'First name' }).fill('Kai');
  await person.getByRole('textbox', { name: 'Last name' }).fill('Nakamura');
  await person.getByRole('textbox', { name: 'Email' }).fill('kai.nakamura@mail.test');
  await person.getByRole('textbox', { name: 'Phone number' }).fill('512 555 0188');
  await person.getByRole('textbox', { name: 'Address' }).fill('1 Main St, Dallas, TX 75201');
  await person.getByRole('radio', { name: 'Prefer not to say' }).check();
  await person.getByRole('textbox', { name: 'Cover letter' }).fill('I have run Kubernetes in production since 2017.');
  await person.getByLabel('Resume').setInputFiles(resume);
  await expect(person.getByText('Resume uploaded successfully')).toBeVisible();
  await person.getByRole('combobox', { name: 'How did you hear about us?' }).selectOption('LinkedIn');
  await person.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();

  await person.getByRole('button', { name: 'Submit Application' }).click();
  const authorised = person.getByRole('radiogroup', { name: 'Are you authorised to work in the US?' });
  await expect(authorised.getByText('Please answer this question.')).toBeVisible();
  await expect(authorised).toHaveAttribute('aria-invalid', 'true');
  // The error summary names both questions, each linked to its answer.
  const summary = person.getByRole('group', { name: '2 fields need your attention' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Are you authorised to work in the US?: Please answer this question.',
    'Years with Kubernetes?: Please answer this question.',
  ]);
  await expectNoA11yViolations(person, 'apply form with unanswered questions');

  await authorised.getByRole('radio', { name: 'No' }).check();
  await person.getByRole('textbox', { name: 'Years with Kubernetes?' }).fill('seven');
  await expect(person.getByText('Please enter a number, like 3 or 2.5.', { exact: true })).toBeVisible();
  await person.getByRole('textbox', { name: 'Years with Kubernetes?' }).fill('7');
  await person.getByRole('button', { name: 'Submit Application' }).click();
  await expect(person).toHaveURL(/\/careers$/, { timeout: 15_000 });
  await visitor.close();

  // The admin: flagged in the list, never rejected; the answers, source and select on its page.
  await page.goto('/admin/applications?flag=knockout');
  const row = page.getByRole('row').filter({ hasText: 'kai.nakamura@mail.test' });
  await expect(row.getByText('Knock-out answer')).toBeVisible();
  await expect(row.getByText('Source: newsletter')).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  await expectNoA11yViolations(page, 'workspace, knock-outs only');
  // The filter in use is shown as a chip.
  await expect(page.getByRole('list', { name: 'Filters in use' }).getByRole('link', { name: /remove this filter/ })).toHaveText([
    'Knock-out answers only(remove this filter)',
  ]);
  const search = page.getByRole('search', { name: 'Filter applications' });
  // More filters is open, since one of its filters is in use.
  await expect(search.getByRole('checkbox', { name: 'Knock-out answers only' })).toBeChecked();
  await search.getByRole('combobox', { name: 'Source' }).selectOption('newsletter');
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/source=newsletter&flag=knockout/);
  await row.getByRole('link', { name: 'Kai Nakamura' }).click();

  const answers = page.getByRole('region', { name: 'Screening questions' });
  await expect(answers.getByRole('term')).toHaveText(['Are you authorised to work in the US?', 'Years with Kubernetes?']);
  await expect(answers.getByRole('definition').first()).toContainText('No');
  await expect(answers.getByRole('definition').first()).toContainText('Knock-out answer');
  await expect(answers.getByRole('definition').last()).toHaveText('7');
  const details = page.getByRole('region', { name: 'Applicant' });
  await expect(details.getByRole('definition').filter({ hasText: 'newsletter (email, november)' })).toBeVisible();
  await expect(details.getByRole('definition').filter({ hasText: 'LinkedIn' })).toBeVisible();
  await expectNoA11yViolations(page, 'application with answers');

  // Leave the job board as the other tests expect it.
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Deactivate ${TITLE}` }).click();
  await expect(page.getByText('Position deactivated successfully')).toBeVisible();
});

test('an admin edits the answers of “How did you hear about us?”', async ({ page }) => {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/insights/heard-about');
  await waitForHydration(page);
  const box = page.getByRole('textbox', { name: 'Answers to “How did you hear about us?”' });
  const before = await box.inputValue();
  expect(before.split('\n')).toContain('LinkedIn');
  await box.fill(`${before}\nPodcast`);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();
  await expectNoA11yViolations(page, 'heard-about editor');

  // The apply page offers it at once (the page cache is told).
  await page.goto('/careers');
  await page
    .getByRole('link', { name: /^Apply Now: / })
    .first()
    .click();
  await expect(page.getByRole('combobox', { name: 'How did you hear about us?' }).getByRole('option', { name: 'Podcast' })).toHaveCount(1);

  await page.goto('/admin/insights/heard-about');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Answers to “How did you hear about us?”' }).fill(`${before}\nlinkedin`);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Each answer can appear only once.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Answers to “How did you hear about us?”' }).fill(before);
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Answers saved')).toBeVisible();
});
