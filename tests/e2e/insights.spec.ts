import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations, waitForHydration } from './helpers';
import {
  applyThroughApi,
  createEnrolledAdmin,
  expect,
  positionInput,
  reasonIdOf,
  signInPageWithCode,
  test,
  type EnrolledAdmin,
} from './fixtures';

/*
 * The hiring reports (/admin/insights) of a position made for this test: views of its page,
 * its applications by source and answer, the funnel and the time to each status, read from the
 * charts' text alternatives; the period switched with the form; a CSV; axe on a wide screen and
 * a phone.
 */

const ADMIN = { email: 'iris.insights@helixpoint.test', password: 'admin password 123', name: 'Iris Insights' };
const TITLE = 'Insights Probe Engineer';
/** A person's browser, and a crawler, whose views the server does not count. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

// One flow: a position, three applications, status changes, views written in batches, two widths.
test.describe.configure({ timeout: 120_000 });

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, ADMIN.email, ADMIN.password, ADMIN.name);
});

const reports = ['Applications per source', 'How did you hear about us?', 'Pipeline funnel', 'Time to each status', 'Rejections by reason'];

/** Opens every chart's "Show the numbers". */
async function showTheNumbers(page: Page) {
  for (const name of reports) {
    const region = page.getByRole('region', { name });
    await region.getByText('Show the numbers').click();
    await expect(region.getByRole('table')).toBeVisible();
  }
}

/** A table's body rows, each as its cells' text. */
function rowsOf(table: Locator) {
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));
}

test('an admin reads a position’s views, sources, funnel and time to each status, switches the period and downloads a CSV', async ({
  page,
  request,
}) => {
  await signInPageWithCode(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  const created = await page.request.post('/_actions/admin.createPosition', { data: positionInput(TITLE, 'Probes the reports.') });
  expect(created.status()).toBe(200);
  const { positions } = (await (await request.get('/api/positions')).json()) as { positions: { id: string; title: string }[] };
  const positionId = positions.find((position) => position.title === TITLE)!.id;

  try {
    // The apply page as a crawler sees it (not a view): its first answer to "How did you hear
    // about us?" is the one Ivy gives.
    const crawled = await request.get(`/careers/apply/${positionId}`, { headers: { 'user-agent': CRAWLER } });
    expect(crawled.status()).toBe(200);
    const select = /<select[^>]*name="heard_about"[^>]*>([^]*?)<\/select>/.exec(await crawled.text())?.[1] ?? '';
    const answer = /<option value="([^"]+)"/.exec(select)?.[1] ?? '';
    expect(answer, 'an answer of the apply form').not.toBe('');

    // Three applications: two from the newsletter campaign, one direct.
    await applyThroughApi(request, TITLE, 'ivy.probe@mail.test', {
      firstName: 'Ivy',
      lastName: 'Probe',
      fields: { source: 'newsletter', source_medium: 'email', heard_about: answer },
    });
    await applyThroughApi(request, TITLE, 'ian.probe@mail.test', { firstName: 'Ian', lastName: 'Probe', fields: { source: 'newsletter' } });
    await applyThroughApi(request, TITLE, 'ida.probe@mail.test', { firstName: 'Ida', lastName: 'Probe' });

    // Two views of the position's page by people.
    for (let view = 0; view < 2; view += 1) {
      expect((await request.get(`/careers/apply/${positionId}`, { headers: { 'user-agent': BROWSER } })).status()).toBe(200);
    }

    // Ivy to interview through her page; Ian rejected through the same action.
    await page.goto(`/admin/applications/${positionId}`);
    const ianHref = await page.getByRole('link', { name: 'Ian Probe' }).getAttribute('href');
    await page.getByRole('link', { name: 'Ivy Probe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ivy Probe' })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('interview');
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByText('Status changed to Interview')).toBeVisible();
    const rejected = await page.request.post('/_actions/admin.setApplicationStatus', {
      data: {
        applicationId: /\/([0-9a-f-]{36})(?:\?|$)/.exec(ianHref!)?.[1],
        status: 'rejected',
        rejection: { reasonId: await reasonIdOf('Position filled'), detail: null },
      },
    });
    expect([200, 204]).toContain(rejected.status());

    await page.goto(`/admin/insights?position=${positionId}&period=30`);
    await expect(page).toHaveURL(new RegExp(`/admin/insights\\?period=30&position=${positionId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Position' })).toHaveValue(positionId);
    await expect(page.getByRole('main')).toContainText(`${TITLE}, the last 30 days:`);
    // Views reach the database in batches every few seconds.
    const totals = page.getByRole('region', { name: 'Views and applications' }).getByRole('definition');
    await expect
      .poll(
        async () => {
          await page.reload();
          return totals.allTextContents();
        },
        { timeout: 20_000, message: 'page views, applications and conversion of the position' },
      )
      // 3 applications from 2 views.
      .toEqual(['2', '3', '150.0%']);
    // One position: no job board, no table of positions.
    await expect(page.getByText('Job board views')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'By position' })).toHaveCount(0);

    await expect(page.getByRole('img', { name: 'Applications per source, most first: newsletter 2, direct 1.' })).toBeVisible();
    await showTheNumbers(page);
    await expect(page.getByRole('row', { name: 'newsletter 2', exact: true })).toBeVisible();
    expect(await rowsOf(page.getByRole('table', { name: 'Applications per source' }))).toEqual([
      ['newsletter', '2'],
      ['direct', '1'],
    ]);
    expect(await rowsOf(page.getByRole('table', { name: 'Answers to “How did you hear about us?”' }))).toEqual([
      [answer, '1'],
      ['Not answered', '2'],
    ]);
    // Ivy reached interview (so reviewing too); Ian was rejected.
    expect(await rowsOf(page.getByRole('table', { name: 'Pipeline funnel' }))).toEqual([
      ['Applied', '3', '100.0%'],
      ['Reviewing', '1', '33.3%'],
      ['Interview', '1', '33.3%'],
      ['Offer', '0', '0.0%'],
      ['Hired', '0', '0.0%'],
      ['Rejected', '1', '33.3%'],
    ]);
    // Ian was rejected from Pending, for "Position filled" (issue 32).
    await expect(page.getByRole('img', { name: 'Rejections per reason: Position filled 1.' })).toBeVisible();
    expect(await rowsOf(page.getByRole('table', { name: 'Rejections per position, reason and stage' }))).toEqual([
      [TITLE, 'Position filled', 'Pending', '1'],
    ]);
    // Both moved within the minute: 0.0 days. Ivy went straight to interview: no time to reviewing.
    expect(await rowsOf(page.getByRole('table', { name: 'Median days to each status' }))).toEqual([
      ['Reviewing', '—', '0'],
      ['Interview', '0.0', '1'],
      ['Offer', '—', '0'],
      ['Hired', '—', '0'],
      ['Rejected', '0.0', '1'],
    ]);
    await expectNoA11yViolations(page, 'insights of one position, numbers shown');

    // The period, chosen with the form, is in the address; these numbers are all within it.
    await page.getByRole('combobox', { name: 'Period' }).selectOption('90');
    await page.getByRole('button', { name: 'Show reports' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/insights\\?period=90&position=${positionId}$`));
    await expect(page.getByRole('main')).toContainText(`${TITLE}, the last 90 days:`);
    await expect(totals).toHaveText(['2', '3', '150.0%']);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV of the pipeline funnel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^insights-funnel-insights-probe-engineer-90-days-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('Stage,Applications,Share of applied (%)');
    expect(csv[1]).toBe('Applied,3,100');

    // Every position: this one is a row of the table, linked to its own report.
    await page.getByRole('combobox', { name: 'Position' }).selectOption('');
    await page.getByRole('button', { name: 'Show reports' }).click();
    // "All positions" leaves an empty position in the form's address: the page answers with its own.
    await expect(page).toHaveURL(/\/admin\/insights\?period=90$/);
    await expect(page.getByText('Job board views')).toBeVisible();
    const row = page.getByRole('region', { name: 'By position' }).getByRole('row').filter({ hasText: TITLE });
    await expect(row.getByRole('cell')).toHaveText([TITLE, '2', '3', '150.0%'], { useInnerText: true });
    await row.getByRole('link', { name: TITLE }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/insights\\?period=90&position=${positionId}$`));

    // A phone: nothing wider than the screen, the numbers still readable.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await showTheNumbers(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page, 'insights of one position at 390 px, numbers shown');
  } finally {
    // Leave the job board as the other tests expect it: only the seeded positions open.
    await page.request.post('/_actions/admin.setPositionActive', { data: { positionId, active: false } });
  }
});
