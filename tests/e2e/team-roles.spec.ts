import type { Page } from '@playwright/test';
import {
  adminCreate,
  applyThroughApi,
  createEnrolledAdmin,
  enrolTotp,
  expect,
  latestMailTo,
  linkIn,
  positionInput,
  signInApi,
  signInPageWithCode,
  signInWithForm,
  enterTotp,
  test,
} from './fixtures';
import { expectNoA11yViolations, waitForHydration } from './helpers';

/*
 * Issue 28 end to end: an admin invites a hiring manager and an interviewer (each role named with
 * what it may do, no role chosen for them), puts them on a position's hiring team and assigns the
 * interviewer to one applicant; each signs in with a second factor and sees only their part. An
 * editor and a salesperson see only theirs. axe on every state; the navigation of each role is
 * photographed at 1280 and 390 px (test-results/screens/).
 */

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'team roles password 1';
const TEAM = 'Team Roles Platform Engineer';
const OTHER = 'Team Roles Data Analyst';

/** The workspace navigation's sections of work, without the counts (other tests leave messages and applications). */
async function navLinks(page: Page, { availability = true } = {}): Promise<string[]> {
  const texts = await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link').allTextContents();
  const work = texts.map((text) => text.replace(/\d+ (unread|new|awaiting your feedback)$/, ''));
  // A staff member's own pages close the list (their availability for those who can be booked,
  // their notifications); a candidate's applications are not theirs to look for there (issue 51).
  // API tokens: every role that can be booked has them too (an editor has neither: the API has nothing of theirs).
  const own = [
    'Your account',
    ...(availability ? ['Your availability'] : []),
    'Your notifications',
    ...(availability ? ['API tokens'] : []),
  ];
  expect(work.slice(-own.length)).toEqual(own);
  return work.slice(0, -own.length);
}

async function photographNav(page: Page, role: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    // On a phone the navigation is behind the menu button: opened, so the photo shows the role's links.
    const menu = page.getByRole('button', { name: 'Menu' });
    if (width === 390) {
      await expect(page.locator('html[data-shell="ready"]')).toHaveCount(1);
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
    }
    await page.screenshot({ path: `test-results/screens/roles-${role}-${width}.png` });
    if (width === 390) await menu.click();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Accepts an invitation from its e-mail, sets up the second factor as the page asks, and returns the factor's key. */
async function acceptInvitation(page: Page, address: string, first: string, last: string, roleText: string): Promise<string> {
  const mail = await latestMailTo(address, /You are invited to Helixpoint/);
  expect(mail).toContain(roleText);
  // Staff must set up a second factor: the e-mail says so.
  expect(mail).toContain('You set up two-factor authentication at your first sign-in');
  await page.goto(linkIn(mail, '/auth/invitation?'));
  await page.getByRole('textbox', { name: 'First name' }).fill(first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(last);
  await page.locator('#invite-password').fill(PASSWORD);
  await page.locator('#invite-confirm-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Held at enrolment until the factor is set up.
  await expect(page).toHaveURL(/\/account#two-factor$/);
  const { secret } = await enrolTotp(page.request, PASSWORD);
  return secret;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test('an admin builds a hiring team; each member signs in with a second factor and sees only their part', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await createEnrolledAdmin(baseURL!, 'tara.teams@helixpoint.test', PASSWORD, 'Tara Teams');
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
  // Two positions, an applicant on each.
  for (const title of [TEAM, OTHER]) {
    const created = await page.request.post('/_actions/admin.createPosition', { data: positionInput(title) });
    expect(created.status()).toBe(200);
  }
  await applyThroughApi(page.request, TEAM, 'tina.team@mail.test', { firstName: 'Tina', lastName: 'Teamed' });
  await applyThroughApi(page.request, OTHER, 'oscar.other@mail.test', { firstName: 'Oscar', lastName: 'Outside' });

  // Invitations: every staff role with what it may do; no role chosen.
  await page.goto('/admin');
  await waitForHydration(page);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  const roleGroup = invitations.getByRole('group', { name: 'Role' });
  for (const role of ['Admin', 'Recruiter', 'Hiring manager', 'Interviewer', 'Editor', 'Sales'])
    await expect(roleGroup.getByRole('radio', { name: role, exact: true })).not.toBeChecked();
  await expect(roleGroup.getByRole('radio', { name: 'Interviewer', exact: true })).toHaveAccessibleDescription(
    'Only the applications they are assigned to: the application and resume, and their own notes and ratings.',
  );
  await expectNoA11yViolations(page, 'invitation form with roles');
  for (const [address, role] of [
    ['hana.hiring@mail.test', 'Hiring manager'],
    ['ivan.interview@mail.test', 'Interviewer'],
  ] as const) {
    await invitations.getByRole('textbox', { name: 'Email' }).fill(address);
    await roleGroup.getByRole('radio', { name: role, exact: true }).check();
    await invitations.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText(`Invitation sent to ${address}`)).toBeVisible();
  }
  await expect(invitations.getByRole('listitem').filter({ hasText: 'hana.hiring@mail.test' })).toContainText('Hiring manager');
  await signOut(page);

  const hanaSecret = await acceptInvitation(page, 'hana.hiring@mail.test', 'Hana', 'Hiring', 'as a hiring manager');
  await signOut(page);
  const ivanSecret = await acceptInvitation(page, 'ivan.interview@mail.test', 'Ivan', 'Interview', 'as an interviewer');
  await signOut(page);

  // The admin puts Hana on the team position's hiring team and assigns Ivan to Tina.
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  const teamRow = page.getByRole('row').filter({ hasText: TEAM });
  await teamRow.getByRole('link', { name: `Edit ${TEAM}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit: ${TEAM}` })).toBeVisible();
  await waitForHydration(page);
  const team = page.getByRole('region', { name: 'Hiring team' });
  await expect(team.getByText('Nobody is on the hiring team yet.')).toBeVisible();
  await team.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Hana Hiring (Hiring manager)' });
  await team.getByRole('button', { name: 'Add to the team' }).click();
  await expect(page.getByText('Hana Hiring is on the hiring team')).toBeVisible();
  await expect(team.getByRole('list', { name: 'Hiring team' })).toContainText('Hana Hiring');
  await expectNoA11yViolations(page, 'hiring team');
  await page.goto('/admin/applications?q=tina.team');
  await page.getByRole('link', { name: 'Tina Teamed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tina Teamed' })).toBeVisible();
  await waitForHydration(page);
  const interviewers = page.getByRole('region', { name: 'Interviewers' });
  await interviewers.getByRole('combobox', { name: 'Interviewer' }).selectOption({ label: 'Ivan Interview (Interviewer)' });
  await interviewers.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Ivan Interview is assigned to interview')).toBeVisible();
  await expectNoA11yViolations(page, 'interviewers panel');
  await photographNav(page, 'admin');
  expect(await navLinks(page)).toEqual([
    'Dashboard',
    'Applications',
    'Positions',
    'Talent pool',
    'Offers',
    'Insights',
    'Analytics',
    'E-mail templates',
    'Blog posts',
    'Page texts',
    'Media library',
    'Messages',
    'Meetings',
    'Integrations',
    'Single sign-on',
    'Privacy requests',
    'Retention',
    'Audit log',
  ]);
  await signOut(page);

  // Hana: her position only, its applicants only.
  await signInWithForm(page, 'hana.hiring@mail.test', PASSWORD);
  await enterTotp(page, hanaSecret);
  await expect(page).toHaveURL(/\/admin$/);
  expect(await navLinks(page)).toEqual(['Dashboard', 'Applications', 'Positions', 'Offers', 'Insights']);
  await expect(page.getByRole('heading', { name: 'Your positions' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TEAM })).toBeVisible();
  await expect(page.getByText(OTHER)).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Edit ${TEAM}` })).toHaveCount(0);
  await expectNoA11yViolations(page, 'hiring manager dashboard');
  await photographNav(page, 'hiring-manager');
  await page.goto('/admin/applications');
  await expect(page.getByRole('link', { name: 'Tina Teamed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Oscar Outside' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'hiring manager applications');
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'You don’t have access to this page' })).toBeVisible();
  await expect(page.getByText('Your role (Hiring manager) does not include this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Applications' }).first()).toBeVisible();
  await expectNoA11yViolations(page, '403 page');
  await signOut(page);

  // Ivan: the one application he interviews, and nothing else.
  await signInWithForm(page, 'ivan.interview@mail.test', PASSWORD);
  await enterTotp(page, ivanSecret);
  await expect(page).toHaveURL(/\/admin$/);
  expect(await navLinks(page)).toEqual(['Dashboard']);
  const assigned = page.getByRole('region', { name: 'Applications assigned to you' });
  await expect(assigned.getByRole('link', { name: 'Tina Teamed' })).toBeVisible();
  await expectNoA11yViolations(page, 'interviewer dashboard');
  await photographNav(page, 'interviewer');
  await assigned.getByRole('link', { name: 'Tina Teamed' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tina Teamed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download resume' })).toBeVisible();
  // No deciding, no e-mail, no history: only the application and his own notes and rating.
  await expect(page.getByRole('heading', { name: 'E-mail the candidate' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Timeline' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save status' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expectNoA11yViolations(page, 'interviewer application page');
  const refused = await page.goto('/admin/applications');
  expect(refused?.status()).toBe(403);
  await signOut(page);

  // An editor and a salesperson.
  for (const [role, links] of [
    ['editor', ['Dashboard', 'Analytics', 'Blog posts', 'Page texts', 'Media library']],
    ['sales', ['Dashboard', 'Analytics', 'Messages', 'Meetings']],
  ] as const) {
    const address = `${role}.teams@helixpoint.test`;
    adminCreate('--email', address, '--password', PASSWORD, '--name', `${role === 'editor' ? 'Eda' : 'Sal'} Staff`, '--role', role);
    await signInApi(page.request, address, PASSWORD, baseURL!);
    // Staff set up a second factor before anything else (ADMIN_REQUIRE_2FA).
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/account#two-factor$/);
    await enrolTotp(page.request, PASSWORD);
    await page.goto('/admin');
    expect(await navLinks(page, { availability: role !== 'editor' })).toEqual(links);
    await expect(page.getByText(OTHER)).toHaveCount(0);
    await expectNoA11yViolations(page, `${role} dashboard`);
    await photographNav(page, role);
    expect((await page.goto('/admin/applications'))?.status()).toBe(403);
    expect((await page.request.get(`/admin/messages`)).status()).toBe(role === 'sales' ? 200 : 403);
    expect((await page.request.get(`/admin/posts`)).status()).toBe(role === 'editor' ? 200 : 403);
    await signOut(page);
  }
});
