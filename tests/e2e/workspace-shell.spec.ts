import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import {
  applyThroughApi,
  createEnrolledAdmin,
  createVerifiedUser,
  expect,
  signInApiWithCode,
  signInPageWithCode,
  test,
  type EnrolledAdmin,
} from './fixtures';

/*
 * The workspace's application shell (issue 30): the admin area and one's account in a shell of
 * their own, with the navigation of the person's role, where they are, what waits, Logout and the
 * way back to the site; at 1280 and 390 px, by keyboard, without JavaScript, axe on every state.
 * Screenshots go to test-results/screens/.
 */

test.describe.configure({ mode: 'serial' });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, 'shell.admin@helixpoint.test', 'shell admin password 1', 'Sheila Shell');
});

async function signIn(page: Page) {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await waitForHydration(page);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/shell-${name}.png` });

test('at 1280 px: the side navigation of the role, where one is, what waits, by keyboard', async ({ page, request }) => {
  for (const name of ['Wanda', 'Walt']) {
    await applyThroughApi(request, 'Data Engineer', `${name.toLowerCase()}.shell@mail.test`, { firstName: name, lastName: 'Waiting' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const shell = page.getByRole('banner');
  const nav = shell.getByRole('navigation', { name: 'Workspace' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  // What waits, counted where it waits (words for screen readers too).
  await expect(nav.getByRole('link', { name: /^Applications \d+ new$/ })).toBeVisible();
  await expect(shell.getByText('Sheila Shell')).toBeVisible();
  await expect(shell.getByRole('link', { name: 'Back to the site' })).toHaveAttribute('href', '/');
  // No brochure: neither the marketing header's menus nor its footer.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Solutions' })).toHaveCount(0);
  await shot(page, 'admin-1280');

  // The first Tab stop skips the navigation to the page's content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // A page inside a section marks its section (aria-current="true"), its own page "page".
  await nav.getByRole('link', { name: /^Applications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Applications/ })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Walt Waiting' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walt Waiting' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Applications/ })).toHaveAttribute('aria-current', 'true');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
});

test('at 1280 px the navigation folds to icons, keeps its names, and stays folded on the next page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const shell = page.getByRole('banner');
  const fold = shell.getByRole('button', { name: 'Collapse the navigation' });
  await expect(fold).toHaveAttribute('aria-pressed', 'false');
  const wide = (await shell.boundingBox())!.width;
  await fold.click();
  await expect(fold).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await shell.boundingBox())!.width).toBeLessThan(wide / 2);
  // The words are hidden, not gone: the links keep their names, and a tooltip says them.
  const insights = shell.getByRole('link', { name: 'Insights' });
  await expect(insights).toHaveAttribute('title', 'Insights');
  await expectNoA11yViolations(page, 'navigation folded');
  await shot(page, 'admin-folded-1280');
  // Drawn folded by the server on the next page (no unfolded flash), until unfolded.
  await insights.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-nav', 'collapsed');
  await waitForHydration(page);
  await shell.getByRole('button', { name: 'Collapse the navigation' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-nav', 'collapsed');
  expect((await page.getByRole('banner').boundingBox())!.width).toBe(wide);
});

test('at 390 px: a menu button opens the navigation, Escape closes it; axe on both states', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav).toBeHidden();
  // The page's heading is on the first screen, right under the bar.
  expect((await page.getByRole('heading', { level: 1 }).boundingBox())!.y).toBeLessThan(120);
  await expectNoA11yViolations(page, 'phone, menu closed');
  await shot(page, 'admin-390');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expectNoA11yViolations(page, 'phone, menu open');
  await shot(page, 'admin-390-menu');
  await nav.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(nav).toBeHidden();
});

test('without JavaScript the phone navigation is simply shown', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL });
  const page = await context.newPage();
  // Signed in by the API (the sign-in form is an island); the session cookie is the context's.
  await signInApiWithCode(context.request, admin, baseURL!);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await context.close();
});

test('a candidate’s account has the shell with only their own pages', async ({ page }) => {
  await createVerifiedUser(page.request, { email: 'cora.candidate@mail.test', username: 'cora', firstName: 'Cora', lastName: 'Candidate' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    if (width === 390) await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    await expect(nav.getByRole('link')).toHaveText(['Your account', 'Your applications']);
    await expect(nav.getByRole('link', { name: 'Your account' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('banner').getByText('Candidate account')).toBeVisible();
    await expectNoA11yViolations(page, `candidate account at ${width}`);
    await shot(page, `candidate-${width}`);
  }
});

test('the workspace at 1280x800: filters on one line with chips, and eight applicants above the fold', async ({ page, request }) => {
  for (let i = 0; i < 9; i += 1) {
    await applyThroughApi(request, 'Technical Project Manager', `fold${i}.shell@mail.test`, {
      firstName: `Fold${'abcdefghi'[i]}`,
      lastName: 'Folded',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto('/admin/applications?q=folded');
  const search = page.getByRole('search', { name: 'Filter applications' });
  // One line: the search, the position and the button share a row; the other filters are folded.
  const tops = await Promise.all(
    [
      search.getByRole('searchbox', { name: 'Search applicants' }),
      search.getByRole('combobox', { name: 'Position' }),
      search.getByRole('button', { name: 'Apply filters' }),
    ].map(async (control) => Math.round((await control.boundingBox())!.y)),
  );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
  await expect(search.getByRole('combobox', { name: 'Rating' })).toBeHidden();
  const chips = page.getByRole('list', { name: 'Filters in use' });
  await expect(chips.getByRole('link', { name: /remove this filter/ })).toHaveText(['Search: folded(remove this filter)']);
  const rows = page.getByRole('row').filter({ hasText: 'Folded' });
  await expect(rows).toHaveCount(9);
  const aboveFold = await rows.evaluateAll(
    (elements) => elements.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(aboveFold).toBeGreaterThanOrEqual(8);
  await expectNoA11yViolations(page, 'workspace, one filter');
  await shot(page, 'workspace-1280');

  // More filters opens without a script; a second filter becomes a second chip; a chip removes its filter.
  await search.getByText('More filters').click();
  await search.getByRole('combobox', { name: 'Rating' }).selectOption('unrated');
  await expectNoA11yViolations(page, 'workspace, more filters open');
  await search.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\?q=folded&rating=unrated$/);
  await expect(search.getByText('More filters')).toContainText('1 in use');
  // Open by default while one of its filters is in use.
  await expect(search.getByRole('combobox', { name: 'Rating' })).toHaveValue('unrated');
  await expect(chips.getByRole('link', { name: /remove this filter/ })).toHaveText([
    'Search: folded(remove this filter)',
    'Rating: Not rated yet(remove this filter)',
  ]);
  await chips.getByRole('link', { name: /^Search: folded/ }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?rating=unrated$/);
  await chips.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(chips).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'workspace-390');
});
