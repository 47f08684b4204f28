import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import { actionData, adminCreate, enrolTotp, expect, positionInput, signInWithForm, test } from './fixtures';

/*
 * Offers (issue 54), end to end. Its first part: a recruiter sets a position's pay band for
 * offers on the position's page (a mistake refused on its field first), and finds it again after a
 * reload. axe on each state; screenshots at 1280 and 390 (test-results/screens/offer-band-*.png).
 */

const PASSWORD = 'offers password 1';
const run = Date.now().toString(36);
const recruiter = { email: `rae.offers.${run}@helixpoint.test`, name: `Rae Offers ${run}` };

test.beforeAll(() => {
  adminCreate('--email', recruiter.email, '--password', PASSWORD, '--name', recruiter.name, '--role', 'recruiter');
});

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await page.getByRole('heading', { name: 'Pay band for offers' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/offer-band-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('a recruiter sets a position’s pay band for offers, and it stays', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInWithForm(page, recruiter.email, PASSWORD);
  await expect(page).toHaveURL(/\/account#two-factor$/);
  await enrolTotp(page.request, PASSWORD);
  const created = await page.request.post('/_actions/admin.createPosition', {
    data: positionInput(`Offer Band Engineer ${run}`),
    headers: { Origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(200);
  const positionId = await actionData<string>(created);

  await page.goto(`/admin/positions/${positionId}`);
  await waitForHydration(page);
  const band = page.getByRole('form', { name: 'Pay band for offers' });
  await expect(band).toContainText('No pay band yet: every offer for this position needs an admin’s approval.');
  await expectNoA11yViolations(page, 'the pay band, none yet');

  // Upside down: refused on the field that is wrong, with the rule; what was typed stays.
  await band.getByRole('textbox', { name: 'Minimum' }).fill('150,000');
  await band.getByRole('textbox', { name: 'Maximum' }).fill('120000');
  await band.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await band.getByRole('button', { name: 'Save pay band' }).click();
  await expect(band.getByText('The maximum must not be below the minimum')).toBeVisible();
  await expect(band.getByRole('textbox', { name: 'Maximum' })).toHaveAttribute('aria-invalid', 'true');
  await expect(band.getByRole('textbox', { name: 'Minimum' })).toHaveValue('150,000');
  await expectNoA11yViolations(page, 'the pay band, refused');
  await shot(page, 'refused');

  await band.getByRole('textbox', { name: 'Maximum' }).fill('180000');
  await band.getByRole('button', { name: 'Save pay band' }).click();
  await expect(page.getByText('Pay band saved')).toBeVisible();
  await expect(band).toContainText('EUR 150,000 – 180,000 a year');
  await expectNoA11yViolations(page, 'the pay band, saved');
  await shot(page, 'saved');

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('form', { name: 'Pay band for offers' })).toContainText('EUR 150,000 – 180,000 a year');
  await expect(page.getByRole('form', { name: 'Pay band for offers' }).getByRole('textbox', { name: 'Maximum' })).toHaveValue('180000');
  // The public page never shows it.
  const publicPage = await page.request.get(`/careers/apply/${positionId}`);
  expect(await publicPage.text()).not.toContain('180,000');
});
