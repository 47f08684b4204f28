import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { blockSiteScripts, expectNoA11yViolations } from './helpers';
import { radicaleUnavailableReason, startRadicale } from '../../src/server/testing/radicale';
import { adminCreate, enrolTotp, expect, signInApi, sqlOnTestServer, test } from './fixtures';

/*
 * Issue 31: a staff member's own availability (/account/availability). A recruiter sets their zone,
 * hours, buffer, notice and cap, adds days off, and finds them kept; a mistake is shown with
 * everything typed kept; they create their private calendar link, a calendar app (a client without
 * cookies) reads their bookings from it, and after a renewal the old link is unknown. Without
 * JavaScript, a salesperson stops taking Book a Meeting's meetings. axe on every state; screenshots
 * at 1280 and 390 (test-results/screens/availability-*.png).
 */

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'availability password 1';
const run = Math.random().toString(36).slice(2, 7);

/** A staff account of `role` with a second factor, signed in in this page's browser context (aal2). */
async function signInStaff(request: APIRequestContext, baseURL: string, role: string, name: string, who = role): Promise<string> {
  const email = `${who}.availability.${run}@helixpoint.test`;
  adminCreate('--email', email, '--password', PASSWORD, '--name', name, '--role', role);
  await signInApi(request, email, PASSWORD, baseURL);
  // Staff set up a second factor first (ADMIN_REQUIRE_2FA): the session that does it has passed it.
  await enrolTotp(request, PASSWORD);
  return email;
}

/** Today in a zone, and a day some days later (YYYY-MM-DD). */
const dayIn = (timeZone: string, plusDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + plusDays * 86_400_000),
  );

const day = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('a recruiter sets their hours, days off and calendar link; mistakes keep what was typed', async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const email = await signInStaff(page.request, baseURL!, 'recruiter', 'Rhea Planner');
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Your availability' }).click();
  await expect(page).toHaveURL(/\/account\/availability$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your availability' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Your availability' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The company's defaults: Monday to Friday 9:00-18:00 Central, 10 minutes, 24 hours.
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('America/Chicago');
  await expect(day(page, 'Monday').getByRole('checkbox', { name: 'Available' })).toBeChecked();
  await expect(day(page, 'Monday').getByLabel('Start')).toHaveValue('09:00');
  await expect(day(page, 'Monday').getByLabel('End')).toHaveValue('18:00');
  await expect(day(page, 'Saturday').getByRole('checkbox', { name: 'Available' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Buffer after meetings' })).toHaveValue('10');
  await expect(page.getByRole('combobox', { name: 'Minimum notice' })).toHaveValue('1440');
  // A recruiter does not host Book a Meeting: not asked.
  await expect(page.getByRole('checkbox', { name: 'Take Book a Meeting meetings' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'availability, defaults');

  // Tuesday off, Wednesday from 10:00, Lisbon, 30 minutes, 48 hours, 4 a day.
  await zone.selectOption('Europe/Lisbon');
  await day(page, 'Tuesday').getByRole('checkbox', { name: 'Available' }).uncheck();
  await day(page, 'Wednesday').getByLabel('Start').fill('10:00');
  await page.getByRole('combobox', { name: 'Buffer after meetings' }).selectOption('30');
  await page.getByRole('combobox', { name: 'Minimum notice' }).selectOption({ label: '48 hours' });
  await page.getByRole('spinbutton', { name: 'Daily cap' }).fill('4');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.reload();
  await expect(zone).toHaveValue('Europe/Lisbon');
  await expect(day(page, 'Tuesday').getByRole('checkbox', { name: 'Available' })).not.toBeChecked();
  await expect(day(page, 'Wednesday').getByLabel('Start')).toHaveValue('10:00');
  await expect(page.getByRole('combobox', { name: 'Buffer after meetings' })).toHaveValue('30');
  await expect(page.getByRole('combobox', { name: 'Minimum notice' })).toHaveValue('2880');
  await expect(page.getByRole('spinbutton', { name: 'Daily cap' })).toHaveValue('4');
  const userId = ((await sqlOnTestServer('select id from users where email = $1', [email])).rows[0] as { id: string }).id;
  const [stored] = (
    await sqlOnTestServer('select time_zone, weekly_hours, buffer_minutes from staff_schedules where user_id = $1', [userId])
  ).rows as { time_zone: string; weekly_hours: { day: number }[]; buffer_minutes: number }[];
  expect(stored).toMatchObject({ time_zone: 'Europe/Lisbon', buffer_minutes: 30 });
  expect(stored!.weekly_hours.map((interval) => interval.day)).toEqual([1, 3, 4, 5]);

  // A mistake: Thursday ends before it starts. The message names the day; the rest typed is kept; nothing saved.
  await day(page, 'Thursday').getByLabel('Start').fill('17:00');
  await day(page, 'Thursday').getByLabel('End').fill('09:00');
  await page.getByRole('combobox', { name: 'Buffer after meetings' }).selectOption('15');
  await zone.selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const summary = page.getByRole('group', { name: '1 field needs your attention' });
  await expect(summary.getByRole('link', { name: 'Thursday: the end must be after the start.' })).toBeVisible();
  await expect(day(page, 'Thursday').getByText('Thursday: the end must be after the start.')).toBeVisible();
  await expect(day(page, 'Thursday').getByLabel('End')).toHaveAttribute('aria-invalid', 'true');
  await expect(day(page, 'Thursday').getByLabel('Start')).toHaveValue('17:00');
  await expect(page.getByRole('combobox', { name: 'Buffer after meetings' })).toHaveValue('15');
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(day(page, 'Tuesday').getByRole('checkbox', { name: 'Available' })).not.toBeChecked();
  await expectNoA11yViolations(page, 'availability, refused');
  await page.goto('/account/availability');
  await expect(zone).toHaveValue('Europe/Lisbon');
  await expect(page.getByRole('combobox', { name: 'Buffer after meetings' })).toHaveValue('30');

  // Days off: three in a row, in their own calendar; a past day is refused with the reason; removed.
  const daysOff = page.getByRole('region', { name: 'Days off' });
  await expect(daysOff.getByText('No days off coming up.')).toBeVisible();
  await daysOff.getByLabel('First day').fill(dayIn('Europe/Lisbon', 7));
  await daysOff.getByLabel('Last day (optional)').fill(dayIn('Europe/Lisbon', 9));
  await daysOff.getByRole('button', { name: 'Add a day off' }).click();
  await expect(page).toHaveURL(/saved=day-off#days-off$/);
  await expect(daysOff.getByRole('status')).toHaveText('Day off added.');
  const listed = daysOff.getByRole('list', { name: 'Your days off' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('(3 days)');
  await daysOff.getByLabel('First day').fill(dayIn('Europe/Lisbon', -2));
  await daysOff.getByRole('button', { name: 'Add a day off' }).click();
  await expect(daysOff.getByText('First day off: choose today or a later day.').last()).toBeVisible();
  await expect(daysOff.getByLabel('First day')).toHaveValue(dayIn('Europe/Lisbon', -2));
  await expectNoA11yViolations(page, 'days off, refused');
  await page.goto('/account/availability');
  await expect(listed).toHaveCount(1);

  // The calendar link: made, shown as a full address of the site, read by a client without cookies.
  const feed = page.getByRole('region', { name: 'Subscribe in your calendar app' });
  await feed.getByRole('button', { name: 'Create a calendar link' }).click();
  await expect(feed.getByRole('status')).toHaveText('Your calendar link is ready.');
  const link = feed.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveAttribute('readonly', '');
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`^${baseURL}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  await expect(feed.getByText('Google Calendar:')).toBeVisible();
  await expectNoA11yViolations(page, 'availability, with a calendar link');
  await screens(page);

  // Two of their bookings, one cancelled (made in the database: the engine is tested on its own).
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 3 * 86_400_000);
  const { rows } = await sqlOnTestServer(
    `with made as (
       insert into bookings (uid, kind, status, starts_at, ends_at, guest_name, guest_email, guest_company, topic, guest_time_zone, manage_token_hash)
       values ($1, 'meeting', 'confirmed', $3::timestamptz, $3::timestamptz + interval '30 minutes', 'Ada Lovelace', 'ada@mail.test', 'Acme', 'Analytical engines', 'Europe/London', $1),
              ($2, 'interview', 'cancelled', $3::timestamptz + interval '2 hours', $3::timestamptz + interval '150 minutes', 'Grace Hopper', 'grace@mail.test', null, null, 'America/New_York', $2)
       returning id, status, starts_at, ends_at)
     insert into booking_hosts (booking_id, user_id, during, active)
     select id, $4::text, tstzrange(starts_at, ends_at + interval '30 minutes'), status = 'confirmed' from made returning booking_id`,
    [`feed-one-${run}@helixpoint`, `feed-two-${run}@helixpoint`, start.toISOString(), userId],
  );
  expect(rows).toHaveLength(2);
  // The test's own client: none of the page's cookies.
  const calendar = await request.get(url);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()).toMatchObject({ 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=300' });
  expect(calendar.headers()['set-cookie']).toBeUndefined();
  const ics = (await calendar.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain(`UID:feed-one-${run}@helixpoint`);
  expect(ics).toContain('SUMMARY:Meeting with Ada Lovelace (Acme)');
  expect(ics).toContain('DESCRIPTION:Topic: Analytical engines');
  expect(ics).toMatch(new RegExp(`UID:feed-two-${run}@helixpoint[^]*?STATUS:CANCELLED`));
  expect(ics).toContain('SUMMARY:Interview with Grace Hopper');
  expect(ics).not.toContain('/bookings/');

  // Renewed: a new address; the old one is answered as any unknown page.
  await feed.getByRole('button', { name: 'Renew the link' }).click();
  await expect(feed.getByRole('status')).toHaveText('Your calendar link was renewed: the old one no longer works.');
  const renewed = await link.inputValue();
  expect(renewed).not.toBe(url);
  const old = await request.get(url);
  const unknown = await request.get('/calendar-of-nobody');
  expect(old.status()).toBe(404);
  expect(unknown.status()).toBe(404);
  expect(old.headers()['content-type']).toBe(unknown.headers()['content-type']);
  expect(await old.text()).toContain('Page Not Found');
  expect((await request.get(renewed)).status()).toBe(200);
});

test('a recruiter connects the calendar they live in by its secret link, sees it read, and removes it', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  // Their calendar's server, on this machine (OUTBOUND_ALLOWED_HOSTS names 127.0.0.1 for the tests):
  // two busy times this week and a free one, under a secret path.
  const stamp = (offsetHours: number) =>
    new Date(Math.floor(Date.now() / 3_600_000 + offsetHours) * 3_600_000).toISOString().replace(/[-:]/g, '').replace('.000', '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...[
      [50, 51, 'OPAQUE'],
      [74, 76, 'OPAQUE'],
      [98, 99, 'TRANSPARENT'],
    ].flatMap(([start, end, transp], index) => [
      'BEGIN:VEVENT',
      `UID:event-${index}@calendar.test`,
      `DTSTAMP:${stamp(0)}`,
      `DTSTART:${stamp(Number(start))}`,
      `DTEND:${stamp(Number(end))}`,
      `TRANSP:${transp}`,
      'SUMMARY:Private dentist appointment',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ].join('\r\n');
  const server = createServer((req, res) => {
    if (req.url === '/private/s3cr3t-e2e-token/basic.ics') res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(ics);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const calendarServer = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await signInStaff(page.request, baseURL!, 'recruiter', 'Cal Endar', 'calendar');
    await page.goto('/account/availability');
    const section = page.getByRole('region', { name: 'Your calendars' });
    const field = section.getByLabel('Secret link to your calendar');

    // A link its server does not know: refused, with why, and what was typed kept.
    await field.fill(`http://${calendarServer}/private/wrong/basic.ics`);
    await section.getByRole('button', { name: 'Connect calendar' }).click();
    await expect(section.getByText('Calendar link: The link answered 404.')).toBeVisible();
    await expect(field).toHaveValue(`http://${calendarServer}/private/wrong/basic.ics`);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page, 'availability, a calendar link refused');
    // The cloud's metadata address: never fetched.
    await field.fill('http://169.254.169.254/latest/meta-data/');
    await section.getByRole('button', { name: 'Connect calendar' }).click();
    await expect(section.getByText('Calendar link: The link points to a private or local network address')).toBeVisible();

    // Its real link (a test server speaks http; a calendar app's webcal:// is read as https://):
    // read at once, two busy times, the free one left out.
    await field.fill(`http://${calendarServer}/private/s3cr3t-e2e-token/basic.ics`);
    await section.getByRole('button', { name: 'Connect calendar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Calendar connected.' })).toBeVisible();
    const connected = section.getByRole('list', { name: 'Your connected calendars' }).getByRole('listitem');
    await expect(connected).toHaveCount(1);
    await expect(connected).toContainText('127.0.0.1');
    await expect(connected).toContainText('2 busy times in the next two months.');
    // The link is a password: not in the page, and nothing of the events but when.
    const html = await page.content();
    expect(html).not.toContain('s3cr3t-e2e-token');
    expect(html).not.toContain('dentist');
    await expectNoA11yViolations(page, 'availability, a calendar connected');
    await screens(page, 'calendars');

    await connected.getByRole('button', { name: 'Remove the calendar from 127.0.0.1' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Calendar removed.' })).toBeVisible();
    await expect(section.getByRole('list', { name: 'Your connected calendars' })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a recruiter connects a CalDAV account, picks the calendars that hold them and the one for bookings, and removes it', async ({
  page,
  baseURL,
}) => {
  const reason = radicaleUnavailableReason();
  test.skip(reason !== null, reason ?? '');
  test.setTimeout(60_000);
  // Their CalDAV server (Radicale, on this machine: OUTBOUND_ALLOWED_HOSTS names 127.0.0.1 for the tests).
  const caldav = await startRadicale();
  try {
    const work = await caldav.createCalendar('work', 'Work');
    await caldav.createCalendar('home', 'Home');
    const start = new Date(Math.floor(Date.now() / 3_600_000 + 50) * 3_600_000);
    const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('.000', '');
    await caldav.putEvent(
      work,
      'dentist.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//E2E//EN',
        'BEGIN:VEVENT',
        'UID:dentist@calendar.test',
        `DTSTAMP:${stamp(new Date())}`,
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(new Date(start.getTime() + 3_600_000))}`,
        'SUMMARY:Private dentist appointment',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    );
    const email = await signInStaff(page.request, baseURL!, 'recruiter', 'Cal Dav', 'caldav');
    // They were told a calendar of theirs could not be read: opening the page where it is fixed reads it.
    const told = await sqlOnTestServer(
      `with owner as (select id from users where email = $1),
       event as (
         insert into domain_events (kind, data, dispatched_at)
         select 'calendar.unreadable', jsonb_build_object('ownerUserId', id, 'calendar', 'Work', 'error', null, 'since', now()), now() from owner
         returning id
       )
       insert into notifications (event_id, user_id, kind, thread, reason, email)
       select event.id, owner.id, 'calendar.unreadable', 'calendars:' || owner.id, 'owner', 'none' from event, owner returning id`,
      [email],
    );
    await page.goto('/account/availability');
    const read = await sqlOnTestServer('select read_at from notifications where id = $1', [told.rows[0].id]);
    expect(read.rows[0].read_at).not.toBeNull();
    const section = page.getByRole('region', { name: 'Your calendars' });
    await section.getByLabel('Server address').fill(caldav.url);
    await section.getByLabel('User name').fill(caldav.user);
    // A wrong app password: refused, with why, the address and user name kept, the password not.
    await section.getByLabel('App password').fill('not-the-password');
    await section.getByRole('button', { name: 'Connect account' }).click();
    await expect(section.getByText('App password: The server refused the user name or app password.')).toBeVisible();
    await expect(section.getByLabel('Server address')).toHaveValue(caldav.url);
    await expect(section.getByLabel('User name')).toHaveValue(caldav.user);
    await expect(section.getByLabel('App password')).toHaveValue('');
    await expect(section.getByLabel('App password')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page, 'availability, a CalDAV account refused');

    await section.getByLabel('App password').fill(caldav.password);
    await section.getByRole('button', { name: 'Connect account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Account connected' })).toBeVisible();
    const account = section.getByRole('region', { name: `${caldav.user} on 127.0.0.1` });
    await expect(account.getByRole('checkbox', { name: /^Work/ })).toBeChecked();
    await expect(account.getByRole('checkbox', { name: /^Work/ })).toHaveAccessibleDescription(/1 busy time in the next two months/);
    await expect(account.getByRole('checkbox', { name: /^Home/ })).toHaveAccessibleDescription(/0 busy times in the next two months/);
    await expect(account.getByRole('radio', { checked: true })).toHaveCount(1);
    const html = await page.content();
    expect(html).not.toContain(caldav.password);
    expect(html).not.toContain('dentist');
    await expectNoA11yViolations(page, 'availability, a CalDAV account connected');
    await screens(page, 'caldav');

    // Home not read, bookings into Work.
    await account.getByRole('checkbox', { name: /^Home/ }).uncheck();
    await account.getByRole('radio', { name: 'Work' }).check();
    await account.getByRole('button', { name: 'Save calendar choices' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your calendar choices are saved.' })).toBeVisible();
    await expect(account.getByRole('checkbox', { name: /^Home/ })).not.toBeChecked();
    await expect(account.getByRole('checkbox', { name: /^Home/ })).toHaveAccessibleDescription('Not read.');
    await expect(account.getByRole('radio', { name: 'Work' })).toBeChecked();

    await account.getByRole('button', { name: `Remove account ${caldav.user} on 127.0.0.1` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Account removed' })).toBeVisible();
    await expect(section.getByRole('region', { name: `${caldav.user} on 127.0.0.1` })).toHaveCount(0);
  } finally {
    await caldav.stop();
  }
});

/** The page at 1280 and 390 px wide, nothing wider than the screen. */
async function screens(page: Page, state?: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `availability at ${width}`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screens/availability-${state ? `${state}-` : ''}${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('without JavaScript, a salesperson stops taking Book a Meeting’s meetings, and starts again', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  // The site's scripts never load: the forms are posted as HTML (axe still runs).
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await blockSiteScripts(page);
  const email = await signInStaff(context.request, baseURL!, 'sales', 'Sam Seller');
  await page.goto('/account/availability');
  const takes = page.getByRole('checkbox', { name: 'Take Book a Meeting meetings' });
  await expect(takes).toBeChecked();
  await takes.uncheck();
  await day(page, 'Friday').getByLabel('End').fill('13:00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(takes).not.toBeChecked();
  await expect(day(page, 'Friday').getByLabel('End')).toHaveValue('13:00');
  const { rows } = await sqlOnTestServer(
    'select s.takes_meetings from staff_schedules s join users u on u.id = s.user_id where u.email = $1',
    [email],
  );
  expect(rows).toEqual([{ takes_meetings: false }]);
  await expectNoA11yViolations(page, 'availability without JavaScript');
  // Back to taking them, as the other tests expect of salespeople.
  await takes.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(takes).toBeChecked();
  await context.close();
});
