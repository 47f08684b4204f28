import { writeFileSync } from 'node:fs';
import { pdfWithText } from '../../src/server/testing/documents';
import { expectNoA11yViolations, waitForIsland } from './helpers';
import { renewalUrl } from '../../src/server/candidates/renewal-token';
import {
  applyThroughApi,
  createEnrolledAdmin,
  expect,
  latestMailTo,
  linkIn,
  signInApiWithCode,
  sqlOnTestServer,
  test,
  testServerSecret,
  type EnrolledAdmin,
} from './fixtures';

/*
 * Issue 33 as a recruiter meets it: an applicant found by a word only their resume has, with the
 * snippet that shows where; their profile; a possible duplicate (the same phone) merged, and the
 * merge undone.
 */

const ADMIN = { email: 'cara.candidates@helixpoint.test', password: 'admin password 123', name: 'Cara Candidates' };
// A word in no other resume, cover letter or name of the suite.
const WORD = 'Zephyrine';

test.describe.configure({ timeout: 120_000 });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
});

test('a recruiter finds an applicant by a word only in the resume, sees where, merges a duplicate and undoes it', async ({
  page,
  request,
  baseURL,
}) => {
  const resume = test.info().outputPath('rhea-resume.pdf');
  writeFileSync(
    resume,
    pdfWithText([
      ['Rhea Quist', 'Platform engineer'],
      [`Built the ${WORD} telemetry pipeline on Kubernetes`, 'Terraform, Go, PostgreSQL'],
    ]),
  );
  // The same person, twice: two addresses, one phone.
  const phone = { country_code: '+1', phone: '(512) 555-0188' };
  await applyThroughApi(request, 'Data Engineer', 'rhea.quist@mail.test', {
    firstName: 'Rhea',
    lastName: 'Quist',
    resume: { path: resume, type: 'application/pdf', name: 'rhea-quist.pdf' },
    fields: phone,
  });
  await applyThroughApi(request, 'Technical Project Manager', 'rhea.q@oldmail.test', {
    firstName: 'Rhea',
    lastName: 'Quist',
    fields: phone,
  });
  await signInApiWithCode(page.request, admin, baseURL!);

  // The resume is read in the background: the search finds it within moments.
  await page.goto('/admin/applications');
  const search = page.getByRole('search', { name: 'Filter applications' });
  await search.getByRole('searchbox', { name: 'Search applicants' }).fill(WORD.toLowerCase());
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?q=zephyrine$/);
  const row = page.getByRole('row').filter({ hasText: 'rhea.quist@mail.test' });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: 'rhea.q@oldmail.test' })).toHaveCount(0);
  await expect(page.getByText(/1 application, best match first\./)).toBeVisible();
  // Where it was found: the resume, the word marked.
  await expect(row.getByText('Resume:')).toBeVisible();
  await expect(row.locator('mark')).toHaveText([WORD]);
  await expectNoA11yViolations(page, 'the workspace, searched by a resume word');
  await page.screenshot({ path: 'test-results/screens/resume-search-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/resume-search-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The application says its resume was read; its profile is one click away.
  await row.getByRole('link', { name: 'Rhea Quist' }).click();
  await expect(page.getByText('Searchable: the text of 2 pages was read.')).toBeVisible();
  await page.getByRole('link', { name: 'Profile: every application of this person' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rhea Quist' })).toBeVisible();
  const applications = page.getByRole('region', { name: /^Application/ });
  await expect(applications.getByRole('link')).toHaveText(['Data Engineer']);

  // The other application, from another address with the same phone: suggested, not merged.
  const duplicates = page.getByRole('region', { name: 'Possible duplicates' });
  const suggestion = duplicates.getByRole('listitem').filter({ hasText: 'rhea.q@oldmail.test' });
  await expect(suggestion).toContainText('Same phone number');
  await expectNoA11yViolations(page, 'a candidate profile with a possible duplicate');
  await waitForIsland(page, 'CandidateMergePanel');
  await suggestion.getByRole('button', { name: 'Merge Rhea Quist into this profile' }).click();
  await expect(suggestion.getByText(/Merge Rhea Quist into this profile\? Their application will be listed here\./)).toBeVisible();
  await suggestion.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText('Rhea Quist merged into this profile.')).toBeVisible();
  await expect(applications.getByRole('link')).toHaveText(['Technical Project Manager', 'Data Engineer']);
  await expect(page.getByRole('region', { name: 'Candidate' })).toContainText('rhea.q@oldmail.test');
  await expectNoA11yViolations(page, 'a candidate profile after a merge');
  await page.screenshot({ path: 'test-results/screens/candidate-profile-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/candidate-profile-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Undone: each application back with its own candidate.
  await waitForIsland(page, 'CandidateMergePanel');
  await page.getByRole('button', { name: 'Undo the merge of Rhea Quist' }).click();
  await expect(page.getByText('Merge undone: the applications are back with their own candidate.')).toBeVisible();
  await expect(applications.getByRole('link')).toHaveText(['Data Engineer']);
  await expect(page.getByRole('region', { name: 'Merges' })).toContainText(`Undone by ${ADMIN.email}`);
  await expectNoA11yViolations(page, 'a candidate profile after the merge was undone');
});

test('a recruiter finds a talent pool candidate for a new position and invites them; the candidate renews their consent', async ({
  page,
  request,
  baseURL,
}) => {
  const resume = test.info().outputPath('pax-resume.pdf');
  writeFileSync(resume, pdfWithText([['Pax Pool', 'Quillion migrations at scale, on-call lead']]));
  await applyThroughApi(request, 'Data Engineer', 'pax.pool@mail.test', {
    firstName: 'Pax',
    lastName: 'Pool',
    resume: { path: resume, type: 'application/pdf', name: 'pax-pool.pdf' },
    fields: { talent_pool: true, phone: '(512) 555-0177' },
  });
  await signInApiWithCode(page.request, admin, baseURL!);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Talent pool' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Talent pool' })).toBeVisible();
  const search = page.getByRole('search', { name: 'Search the talent pool' });
  await search.getByRole('searchbox', { name: 'Search' }).fill('quillion');
  await search.getByRole('combobox', { name: 'Invite for' }).selectOption({ label: 'Technical Project Manager' });
  const candidate = page.getByRole('list', { name: 'Candidates in the talent pool' }).getByRole('listitem').filter({ hasText: 'Pax Pool' });
  // The resume is read in the background.
  await expect(async () => {
    await search.getByRole('button', { name: 'Search the pool' }).click();
    await expect(candidate).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(candidate.locator('mark')).toHaveText(['Quillion']);
  await expectNoA11yViolations(page, 'the talent pool, searched for a position');
  await page.screenshot({ path: 'test-results/screens/talent-pool-1280.png', fullPage: true });

  await waitForIsland(page, 'TalentPoolList');
  await page.getByText('The invitation to apply for Technical Project Manager').click();
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue(/\{\{position_link\}\}/);
  await expectNoA11yViolations(page, 'the talent pool with the invitation open');
  await candidate.getByRole('button', { name: /^Invite to apply\W+Pax Pool$/ }).click();
  await expect(page.getByText('Pax Pool is invited to apply.')).toBeVisible();
  await expect(candidate).toContainText('Invited');
  const invitation = await latestMailTo('pax.pool@mail.test', /Subject: A position at Helixpoint for you: Technical Project Manager/);
  expect(linkIn(invitation, '/careers/apply/')).toMatch(/\?utm_source=talent-pool$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/talent-pool-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A month before the consent ends the candidate gets a link like this one (signed by the server).
  const { rows } = await sqlOnTestServer(`select id, talent_pool_until from applications where email = 'pax.pool@mail.test'`);
  const kept = rows[0] as { id: string; talent_pool_until: Date };
  await page.context().clearCookies();
  await page.goto(renewalUrl(baseURL!, testServerSecret(), kept.id, new Date(kept.talent_pool_until)));
  await expect(page.getByRole('heading', { level: 1, name: 'Stay in the talent pool' })).toBeVisible();
  await expectNoA11yViolations(page, 'the renewal page');
  await page.getByRole('button', { name: 'Stay in the talent pool' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You stay in the talent pool' })).toBeVisible();
  await expectNoA11yViolations(page, 'renewed');
  await page.screenshot({ path: 'test-results/screens/talent-pool-renewed-390.png' });
  await page.goBack();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible();
});
