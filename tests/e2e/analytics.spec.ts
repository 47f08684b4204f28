import type { Browser } from '@playwright/test';
import { lookAtBothWidths, waitForFormCode, waitForIsland } from './helpers';
import { createEnrolledAdmin, expect, signInPageWithCode, sqlOnTestServer, test, type EnrolledAdmin } from './fixtures';

/*
 * Issue 57 in the browser: a page a cache in front served (Server-Timing: cache;desc=HIT) sends
 * its beacon, one the server answered sends none, and pages no cache keeps carry no script; a
 * visit from a newsletter's link through home, a solution page and contact to a message sent is
 * one visitor with its campaign, goal and path; the analytics dashboard counts the visitors of
 * the last 30 minutes, at 1280 and 390 px with axe (test-results/screens/analytics-*.png); the
 * positions page lists the job boards' feeds, and the Indeed feed answers as XML.
 */

let admin: EnrolledAdmin;

test.beforeAll(async ({ baseURL }) => {
  admin = await createEnrolledAdmin(baseURL!, 'ada.analytics@helixpoint.test', 'analytics password 123', 'Ada Analytics');
});

test('a page a cache served sends its beacon; one the server answered does not', async ({ page }) => {
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/view')) beacons.push(request.postData() ?? '');
  });
  const beaconScripts = () =>
    page.evaluate(() => [...document.scripts].filter((script) => !script.src && script.textContent?.includes('sendBeacon')).length);
  // The careers pages always reach the server (nginx keeps none): no script there.
  await page.goto('/careers');
  expect(await beaconScripts()).toBe(0);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await beaconScripts()).toBe(1);
  // As nginx answers a page it kept (deploy/nginx.conf).
  await page.route(
    (url) => url.pathname === '/company',
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'server-timing': 'cache;desc=HIT' } });
    },
  );
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/analytics/view'));
  await page.goto('/company?utm_source=newsletter');
  expect(JSON.parse((await sent).postData() ?? '{}')).toEqual({ p: '/company?utm_source=newsletter', r: '' });
  expect(beacons).toHaveLength(1);
});

/**
 * Yesterday's rollup as a small site's day would leave it (the counting itself is tested on the
 * server, src/server/analytics/analytics.test.ts): the dashboard's charts with something in them.
 */
async function seedYesterday() {
  const rows: [string, string, number, number, number][] = [
    ['total', '', 120, 140, 410],
    ['page', '/', 90, 0, 150],
    ['page', '/solutions/cloud', 40, 0, 60],
    ['page', '/careers', 35, 0, 70],
    ['page', '/contact', 20, 0, 25],
    ['entry', '/', 80, 95, 0],
    ['entry', '/blog/kubernetes-costs', 30, 35, 0],
    ['source', 'direct', 60, 70, 200],
    ['source', 'google.com', 40, 45, 150],
    ['source', 'newsletter', 20, 25, 60],
    ['campaign', 'newsletter / email / november', 20, 25, 60],
    ['device', 'desktop', 80, 95, 300],
    ['device', 'mobile', 40, 45, 110],
    ['goal', 'contact', 3, 3, 0],
    ['goal', 'application', 2, 2, 0],
    ['goal_source', 'contact\tnewsletter', 0, 2, 0],
    ['goal_source', 'application\tgoogle.com', 0, 2, 0],
    ['goal_path', 'contact\t/ → /solutions/cloud → /contact', 0, 2, 0],
    ['funnel', 'landing', 120, 140, 0],
    ['funnel', 'careers', 30, 35, 0],
    ['funnel', 'apply', 8, 9, 0],
    ['funnel', 'submitted', 2, 2, 0],
  ];
  for (const [dimension, key, visitors, visits, views] of rows)
    await sqlOnTestServer(
      `insert into analytics_daily (day, dimension, key, visitors, visits, views)
       values ((now() at time zone 'America/Chicago')::date - 1, $1, $2, $3, $4, $5) on conflict do nothing`,
      [dimension, key, visitors, visits, views],
    );
}

/** A prospect's visit: from a newsletter's link, home, a solution page, contact, a message sent. */
async function visitAndWrite(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': '10.57.0.1' } });
  const visitor = await context.newPage();
  try {
    await visitor.goto('/?utm_source=e2e-newsletter&utm_medium=email&utm_campaign=november');
    await visitor.goto('/solutions/aws');
    await visitor.goto('/contact');
    await waitForIsland(visitor, 'ContactHeroActions');
    await visitor.getByRole('button', { name: 'Send Us a Message' }).click();
    await waitForFormCode(visitor, 'ContactForm');
    await visitor.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await visitor.getByRole('textbox', { name: 'Last name' }).fill('Visit');
    await visitor.getByRole('textbox', { name: 'Email' }).fill('vera.visit@mail.test');
    await visitor.getByRole('textbox', { name: 'Phone' }).fill('(214) 555-0157');
    await visitor.getByRole('combobox', { name: 'Reason for contact' }).selectOption('Partnership');
    await visitor.getByRole('textbox', { name: 'Message' }).fill('We read your newsletter and would like to talk about a migration.');
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await expect(visitor.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  } finally {
    await context.close();
  }
}

test('the analytics dashboard and the job boards’ feeds', async ({ page, request, browser, baseURL }) => {
  // A visit, a message, the views written (5 s) and the dashboard's refresh of today (15 s).
  test.setTimeout(90_000);
  await seedYesterday();
  await visitAndWrite(browser, baseURL!);
  await page.goto('/');
  await signInPageWithCode(page, admin);
  // The visit, counted as one visitor with its goal and its path (written within seconds; the
  // dashboard brings today up to date when its rows are over 15 s old).
  await expect(async () => {
    await page.goto('/admin/analytics?period=7');
    const paths = page.getByRole('region', { name: 'Paths to each goal' });
    await paths.getByText('Show the numbers').click({ timeout: 2000 });
    await expect(paths.getByRole('row', { name: /Contact message sent \/ → \/solutions\/aws → \/contact 1/ })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 45_000 });
  const campaigns = page.getByRole('region', { name: 'UTM campaigns' });
  await campaigns.getByText('Show the numbers').click();
  await expect(campaigns.getByRole('row', { name: /e2e-newsletter \/ email \/ november 1 1 3/ })).toBeVisible();

  // The views above are written within a few seconds: the real-time count shows them.
  await expect(async () => {
    await page.goto('/admin/analytics');
    const now = Number((await page.getByText(/in the last 30 minutes/).textContent())?.match(/\d+/)?.[0] ?? 0);
    expect(now).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  for (const name of ['Visitors per day', 'Top pages', 'Sources', 'UTM campaigns', 'Devices', 'Goals', 'Careers funnel'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  // Yesterday's rows and today's (the other tests' views and goals too, when the whole suite runs).
  await expect(page.getByRole('img', { name: /^Top pages, by views: .*\/solutions\/cloud 60/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Careers funnel, by visits: Visited the site \d+, Saw the careers pages \d+, Opened a position \d+/ }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV of goals' })).toHaveAttribute(
    'href',
    '/api/admin/analytics/goals.csv?period=30',
  );
  await page.getByRole('combobox', { name: 'Period' }).selectOption('7');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/period=7/);
  await lookAtBothWidths(page, 'analytics-dashboard');
  const csv = await page.request.get('/api/admin/analytics/goals.csv?period=7');
  expect(csv.headers()['content-type']).toContain('text/csv');
  const [header, contact] = (await csv.text()).split('\r\n');
  expect(header).toBe('Goal,Conversions,Visitors,Conversion rate');
  // The 3 of yesterday and the message sent above (and any other test's of today).
  const [label, conversions] = contact!.split(',');
  expect(label).toBe('Contact message sent');
  expect(Number(conversions)).toBeGreaterThanOrEqual(4);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/positions');
  const feeds = page.getByRole('region', { name: 'Job board feeds' });
  await expect(feeds.getByText(/\/careers\/feeds\/indeed\.xml$/)).toBeVisible();
  await expect(feeds.getByText(/\/careers\/feeds\/linkedin\.xml$/)).toBeVisible();
  await lookAtBothWidths(page, 'analytics-feeds');
  const indeed = await request.get('/careers/feeds/indeed.xml');
  expect(indeed.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await indeed.text()).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><source><publisher>Helixpoint<\/publisher>/);
});
