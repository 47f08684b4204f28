import type { Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import { applyThroughApi, createEnrolledAdmin, expect, resumePath, signInPageWithCode, test } from './fixtures';

/* The admin area on a phone (390 px): no page wider than the screen, lists as cards, axe clean. */

const ADMIN = { email: 'mobile.admin@helixpoint.test', password: 'admin password 123' };

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function pageWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

test('every admin page fits a 390 px screen and passes axe', async ({ page, request, baseURL }) => {
  // Twelve pages, each scanned by axe.
  test.setTimeout(180_000);
  const admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password);
  // Something in every list: an application with a resume and a message.
  const positionId = await applyThroughApi(request, 'Platform Engineer (Kubernetes)', 'pham.phone@mail.test', {
    firstName: 'Pham',
    lastName: 'Phone',
    resume: { path: resumePath, type: 'application/pdf', name: 'phone.pdf' },
    fields: {
      country_code: '+65',
      phone: '8123 4567',
      address: '1 Raffles Place, Singapore 048616',
      gender: 'male',
      cover_letter: 'From a phone.',
    },
  });
  await request.post('/_actions/contact', {
    data: {
      first_name: 'Paula',
      last_name: 'Phone',
      email: 'paula.phone@mail.test',
      phone: '',
      reason: 'support',
      message: 'A message to read on a phone.',
      attachment_upload_id: '',
      company_website: '',
    },
  });

  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/applications/${positionId}`);
  const applicationPath = await page.getByRole('link', { name: 'Pham Phone' }).getAttribute('href');
  // The number as the applicant's country writes it, not the stored E.164.
  await expect(page.getByText('+65 8123 4567')).toBeVisible();
  await page.goto('/admin/messages');
  const messagePath = await page.getByRole('link', { name: 'Paula Phone' }).getAttribute('href');

  for (const path of [
    '/admin',
    '/admin/audit',
    '/admin/messages',
    messagePath!,
    '/admin/positions/new',
    `/admin/positions/${positionId}`,
    `/admin/applications/${positionId}`,
    applicationPath!,
    '/admin/applications',
    '/admin/templates',
    '/admin/privacy',
    '/admin/retention',
    '/admin/insights',
    `/admin/insights?period=90&position=${positionId}`,
    '/admin/insights/heard-about',
    '/admin/applications?flag=knockout',
  ]) {
    await page.goto(path);
    await waitForHydration(page);
    const { scroll, viewport } = await pageWidth(page);
    expect(scroll, `${path} is ${scroll} px wide on a ${viewport} px screen`).toBeLessThanOrEqual(viewport);
    await expectNoA11yViolations(page, `${path} at 390 px`);
  }

  // A position's card keeps its name beside its actions.
  await page.goto('/admin');
  const card = page.getByRole('row').filter({ hasText: 'Platform Engineer (Kubernetes)' });
  const viewApplications = card.getByRole('link', { name: 'View Applications: Platform Engineer (Kubernetes)' });
  await viewApplications.scrollIntoViewIfNeeded();
  await expect(viewApplications).toBeInViewport({ ratio: 1 });
  await expect(card.getByText('Applications: 1')).toBeVisible();

  // An application on a phone: the decision (status, rating) first, in the first screen, above
  // the applicant's details, the notes and the composer (issue 30).
  await page.goto(applicationPath!);
  await waitForHydration(page);
  const decision = page.getByRole('region', { name: 'Decision' });
  await expect(decision.getByRole('combobox', { name: 'Status' })).toBeInViewport();
  await expect(decision.getByRole('heading', { name: 'Rating' })).toBeVisible();
  const top = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y;
  expect(await top('Rating')).toBeLessThan(await top('Applicant'));
  expect(await top('Applicant')).toBeLessThan(await top('Notes'));
  await page.screenshot({ path: test.info().outputPath('application-390.png') });
});
