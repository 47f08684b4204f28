import { expectNoA11yViolations, waitForHydration } from './helpers';
import {
  applyThroughApi,
  createEnrolledAdmin,
  createVerifiedUser,
  expect,
  latestMailTo,
  linkIn,
  signInApi,
  signInPageWithCode,
  test,
} from './fixtures';

/* The candidate's own page (issue 19): the link in the confirmation e-mail, the stages, withdrawing, a new link. */

const ADMIN = { email: 'carla.candidates@helixpoint.test', password: 'admin password 123', name: 'Carla Candidates' };

test.describe.configure({ timeout: 120_000 });

test('a candidate follows their application from the e-mailed link, sees the recruiter move it, and withdraws', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
  const email = 'cora.follow@mail.test';
  const positionId = await applyThroughApi(request, 'Data Engineer', email, { firstName: 'Cora', lastName: 'Follow' });
  const mail = await latestMailTo(email, /We received your application/);
  const link = linkIn(mail, '/applications/');
  const path = new URL(link).pathname;
  expect(path).toMatch(/^\/applications\/[A-Za-z0-9_-]{43}$/);

  const response = await page.goto(path);
  expect(response!.headers()['referrer-policy']).toBe('same-origin');
  expect(response!.headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
  await expect(page.getByTestId('candidate-stage')).toHaveText('Received');
  await expect(page.getByRole('main')).toContainText('Data Engineer');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectNoA11yViolations(page, 'the candidate page, received');

  // The recruiter moves it to interview in the admin area.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInPageWithCode(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto(`/admin/applications/${positionId}`);
  await adminPage.getByRole('link', { name: 'Cora Follow' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Cora Follow' })).toBeVisible();
  await waitForHydration(adminPage);
  await adminPage.getByRole('combobox', { name: 'Status' }).selectOption('interview');
  await adminPage.getByRole('button', { name: 'Save status' }).click();
  await expect(adminPage.getByText('Status changed to Interview')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('candidate-stage')).toHaveText('Interviewing');
  // The stages are a progress list, the current one marked: nothing in it to press (issue 30).
  const stages = page.getByRole('list', { name: 'Stages of an application' });
  await expect(stages.locator('li[aria-current="step"]')).toHaveText('Interviewing');
  await expect(stages.getByRole('listitem').first()).toContainText('(done)');
  await expect(stages.locator('button, a, [role="button"], [tabindex]')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await stages.screenshot({ path: test.info().outputPath(`stages-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // The coarse stage only: never the recruiters' own status names.
  await expect(page.getByRole('main')).not.toContainText(/\b(Pending|Reviewing|Interview|Offer|Hired|Rejected)\b/);
  await expectNoA11yViolations(page, 'the candidate page, interviewing');

  // Withdraw: a confirmation first, then the change.
  await page.getByRole('link', { name: 'Withdraw application…' }).click();
  await expect(page.getByText('Withdraw this application?')).toBeVisible();
  await expectNoA11yViolations(page, 'the candidate page, confirming withdrawal');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByText('Withdraw this application?')).toHaveCount(0);
  await page.getByRole('link', { name: 'Withdraw application…' }).click();
  await page.getByRole('button', { name: 'Yes, withdraw my application' }).click();
  await expect(page.getByTestId('candidate-stage')).toHaveText('Withdrawn');
  await expect(page.getByRole('status')).toContainText('Your application was withdrawn');
  await expect(page.getByRole('link', { name: 'Withdraw application…' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'the candidate page, withdrawn');

  // The recruiter sees it: the status and the timeline.
  await adminPage.reload();
  await waitForHydration(adminPage);
  await expect(adminPage.getByRole('combobox', { name: 'Status' })).toHaveValue('withdrawn');
  await expect(adminPage.getByRole('main')).toContainText('Cora Follow withdrew the application');
  await adminContext.close();

  // A tampered link is a 404.
  const tampered = `${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`;
  const notFound = await page.goto(tampered);
  expect(notFound!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not open an application' })).toBeVisible();
  await expectNoA11yViolations(page, 'the candidate page, unknown link');
});

test('the link request answers the same for any address, and a new link replaces the old one once it is opened', async ({
  page,
  request,
}) => {
  const email = 'lena.links@mail.test';
  await applyThroughApi(request, 'Data Engineer', email, { firstName: 'Lena', lastName: 'Links' });
  const oldPath = new URL(linkIn(await latestMailTo(email, /We received your application/), '/applications/')).pathname;

  await page.goto('/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
  await expectNoA11yViolations(page, 'the link request form');

  const ask = async (address: string) => {
    await page.goto('/applications');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(address);
    await page.getByRole('button', { name: 'E-mail me my links' }).click();
    return page.getByRole('status').innerText();
  };
  const unknown = await ask('nobody.here@mail.test');
  const known = await ask(email);
  expect(unknown).toContain('If we hold any application for that address');
  expect(known).toBe(unknown);
  await expectNoA11yViolations(page, 'the link request, sent');

  const newPath = new URL(linkIn(await latestMailTo(email, /Your application links/), '/applications/')).pathname;
  expect(newPath).not.toBe(oldPath);
  // Asking voids nothing (anyone can type an address); opening the new link does.
  expect((await page.goto(oldPath))!.status()).toBe(200);
  expect((await page.goto(newPath))!.status()).toBe(200);
  await expect(page.getByTestId('candidate-stage')).toHaveText('Received');
  expect((await page.goto(oldPath))!.status()).toBe(404);
  expect((await page.goto(newPath))!.status()).toBe(200);

  // A bad address is said so, next to the field.
  await page.goto('/applications');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('not an address');
  await page.getByRole('button', { name: 'E-mail me my links' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expectNoA11yViolations(page, 'the link request, invalid');
});

test('deleting my data from the link is confirmed by an e-mailed link first; then it erases and says so, and the link answers 404', async ({
  page,
  request,
}) => {
  const email = 'dora.delete@mail.test';
  await applyThroughApi(request, 'Data Engineer', email, { firstName: 'Dora', lastName: 'Delete' });
  const path = new URL(linkIn(await latestMailTo(email, /We received your application/), '/applications/')).pathname;
  await page.goto(path);
  await page.getByRole('link', { name: 'Delete my data…' }).click();
  await expect(page.getByText('Delete everything we hold about this e-mail address?')).toBeVisible();
  await expectNoA11yViolations(page, 'the candidate page, confirming erasure');
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();
  // The link alone erases nothing: a confirmation goes to the address.
  await expect(page.getByRole('status').filter({ hasText: 'We have e-mailed a confirmation link' })).toBeVisible();
  await expectNoA11yViolations(page, 'the candidate page, erasure asked');
  expect((await page.goto(path))!.status()).toBe(200);
  await expect(page.getByTestId('candidate-stage')).toHaveText('Received');

  const confirmation = linkIn(await latestMailTo(email, /Confirm deleting your data/), '/applications/erase?');
  const opened = await page.goto(confirmation);
  expect(opened!.headers()['referrer-policy']).toBe('same-origin');
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your data?' })).toBeVisible();
  await expectNoA11yViolations(page, 'the erasure confirmation');
  // Opening it erased nothing either (a mail scanner may open it).
  expect((await request.get(path)).status()).toBe(200);
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();
  await expect(page.getByRole('heading', { name: 'Your data was erased' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('1 application');
  await expectNoA11yViolations(page, 'the candidate page, erased');
  expect((await page.goto(path))!.status()).toBe(404);
  // The confirmation works once.
  expect((await page.goto(confirmation))!.status()).toBe(404);
  await expect(page.getByText('This confirmation link is invalid, has expired, or was already used.')).toBeVisible();
});

test('a signed-in person finds the applications sent from their address under their account, and opens one', async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto('/account/applications');
  await expect(page).toHaveURL(/\/auth\?next=%2Faccount%2Fapplications$/);

  const email = 'ari.account@mail.test';
  await applyThroughApi(request, 'Data Engineer', email, { firstName: 'Ari', lastName: 'Account' });
  await applyThroughApi(request, 'Machine Learning Engineer', email, { firstName: 'Ari', lastName: 'Account' });
  // Somebody else's application is never listed.
  await applyThroughApi(request, 'Security Engineer (Cloud)', 'someone.else@mail.test', { firstName: 'Sam', lastName: 'Else' });
  await createVerifiedUser(request, { email, username: 'ariaccount', firstName: 'Ari', lastName: 'Account' });

  await signInApi(page.request, email, 'user password 123', baseURL!);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Your job applications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
  const list = page.getByRole('main').getByRole('listitem');
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: 'Data Engineer' })).toContainText('Received');
  await expect(list.filter({ hasText: 'Machine Learning Engineer' })).toContainText('Received');
  await expect(page.getByRole('main')).not.toContainText('Security Engineer (Cloud)');
  await expectNoA11yViolations(page, "the account's applications");

  await page.getByRole('button', { name: 'Open your application for Data Engineer' }).click();
  await expect(page).toHaveURL(/\/applications\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your application' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Data Engineer');
  await expect(page.getByTestId('candidate-stage')).toHaveText('Received');
  // Opening it again hands out the same link (no new one per click).
  const first = page.url();
  await page.goBack();
  await page.getByRole('button', { name: 'Open your application for Data Engineer' }).click();
  await expect(page).toHaveURL(first);

  // Signed in to the address's account, "Delete my data" needs no e-mail: the sign-in confirms it.
  await page.getByRole('link', { name: 'Delete my data…' }).click();
  await page.getByRole('button', { name: 'Yes, delete my data' }).click();
  await expect(page.getByRole('heading', { name: 'Your data was erased' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('2 applications');
  await expect(page.getByRole('main')).toContainText('and your account');
});
