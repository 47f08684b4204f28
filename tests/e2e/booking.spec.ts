import type { Page } from '@playwright/test';
import { blockSiteScripts, expectNoA11yViolations } from './helpers';
import { adminCreate, expect, latestMailTo, sqlOnTestServer, test } from './fixtures';

/*
 * Book a Meeting (issue 31): a visitor books one of the free times of the staff who take meetings,
 * in their own zone, gets the invitation by e-mail, moves it and cancels it from the link; without
 * JavaScript in the company's zone; a time taken meanwhile is refused with fresh times. axe on
 * every state; screenshots at 1280 and 390 (test-results/screens/).
 */

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  // A salesperson, so there is someone to meet whatever other tests left in the database.
  adminCreate(
    '--email',
    'sally.booking@helixpoint.test',
    '--password',
    'booking sales password 1',
    '--name',
    'Sally Booking',
    '--role',
    'sales',
  );
});

const shot = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing wider than the screen: the days scroll sideways inside their row.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screens/booking-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** Picks the first time of the given day (by its link's position among the days), returns its label. */
async function pickTime(page: Page, dayIndex: number, timeIndex = 0): Promise<string> {
  // Days: buttons of the booking form (a change of day keeps what was typed), links on a booking's page.
  const days = page.getByLabel('Days with free times');
  const day = days.locator('a, button').nth(dayIndex);
  const dayText = (await day.textContent())!;
  await day.click();
  // With the script the day's times are swapped in without a reload (issue 51): wait for that day to be the shown one.
  await expect(days.locator('[aria-current="date"], [aria-pressed="true"]')).toHaveText(dayText);
  // Each time is a card: a label around a visually hidden radio button.
  const card = page.locator('label:has(input[type="radio"])').nth(timeIndex);
  const label = (await card.textContent())!.trim();
  await card.click();
  await expect(page.getByRole('radio', { name: label, exact: true })).toBeChecked();
  return label;
}

async function hostOf(email: string): Promise<string> {
  const { rows } = await sqlOnTestServer(
    `select u.email from bookings b join booking_hosts h on h.booking_id = b.id join users u on u.id = h.user_id where b.guest_email = $1`,
    [email],
  );
  return rows[0].email as string;
}

test.describe('with JavaScript, in the visitor’s zone', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test('a visitor books a meeting, moves it and cancels it; each change is e-mailed with its invitation', async ({ page }) => {
    test.setTimeout(90_000);
    const email = 'vera.visitor@mail.test';
    await page.goto('/contact');
    await page.getByRole('link', { name: 'Book a Meeting' }).first().click();
    // The browser's zone is chosen on arrival.
    await expect(page).toHaveURL(/\/contact\/book\?tz=Europe%2FParis$/);
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
    await expect(page.getByRole('group', { name: /^Times on .+, in .*Europe\/Paris\)?$/ })).toBeVisible();
    await expectNoA11yViolations(page, 'book a meeting');
    const picked = await pickTime(page, 1);
    await page.getByRole('textbox', { name: 'Name' }).fill('Vera Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Company' }).fill('Acme');
    await page.getByRole('textbox', { name: 'What would you like to talk about?' }).fill('Moving our data platform to the cloud.');
    await shot(page, 'form');
    await page.getByRole('button', { name: 'Book the meeting' }).click();

    await expect(page).toHaveURL(/\/bookings\/[A-Za-z0-9_-]{43}\?booked=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your meeting is booked' })).toBeVisible();
    const when = page.getByRole('definition').first();
    await expect(when).toContainText(picked);
    await expect(when).toContainText(/GMT\+1|CET/);
    await expectNoA11yViolations(page, 'booked');
    await shot(page, 'booked');

    // The guest's e-mail: the time in their zone, the link, the invitation (REQUEST); nothing they typed but their name.
    const guestMail = await latestMailTo(email, /Your meeting is booked/);
    // (The helper decodes quoted-printable, which would read "=CA" in "method=CANCEL" as a byte: the body's METHOD line is checked.)
    expect(guestMail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(guestMail).toMatch(/METHOD:REQUEST[^]*SEQUENCE:0/);
    expect(guestMail).toContain(new URL(page.url()).pathname);
    expect(guestMail).not.toContain('Moving our data platform');
    // The host's: who, and what they want to talk about.
    const hostMail = await latestMailTo(await hostOf(email), /Meeting booked: Vera Visitor/);
    expect(hostMail).toContain('Moving our data platform to the cloud.');
    expect(hostMail).toMatch(/METHOD:REQUEST/);

    // Move it to another day.
    const manage = page.url().replace(/\?.*$/, '');
    await page.goto(manage);
    await pickTime(page, 2);
    await page.getByRole('button', { name: 'Move the meeting' }).click();
    await expect(page.getByRole('status')).toHaveText('Moved. Everyone invited gets the new time.');
    expect(await latestMailTo(email, /Your meeting was moved/)).toMatch(/METHOD:REQUEST[^]*SEQUENCE:1/);
    const { rows } = await sqlOnTestServer('select sequence, status from bookings where guest_email = $1', [email]);
    expect(rows[0]).toEqual({ sequence: 1, status: 'confirmed' });

    // Cancel it: asked once more, then done; the link then says so.
    await page.goto(manage);
    await page.getByRole('link', { name: 'Cancel the meeting' }).click();
    await expect(page.getByRole('heading', { name: 'Cancel this meeting?' })).toBeVisible();
    await expectNoA11yViolations(page, 'cancel, asked');
    await page.getByRole('button', { name: 'Yes, cancel the meeting' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This meeting was cancelled' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book another time' })).toHaveAttribute('href', '/contact/book');
    const cancelMail = await latestMailTo(email, /Your meeting was cancelled/);
    expect(cancelMail).toMatch(/METHOD:CANCEL[^]*SEQUENCE:2[^]*STATUS:CANCELLED/);
    await expectNoA11yViolations(page, 'cancelled');
    await shot(page, 'cancelled');
    // A cancelled meeting cannot be moved, even by a form posted from an old tab.
    const moved = await page.request.post(manage, {
      form: { intent: 'move', start: new Date(Date.now() + 5 * 86_400_000).toISOString() },
      headers: { Origin: new URL(manage).origin },
    });
    expect(moved.status()).toBe(409);
  });
});

test.describe('by keyboard, on a phone', () => {
  test.use({ timezoneId: 'Europe/Paris', viewport: { width: 390, height: 844 } });

  test('another day, a time, the details and the booking: the times keep focus, the confirmation takes it; fewer key presses than the walk’s 42', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/contact/book?tz=Europe%2FParis');
    await expect(page.locator('html[data-booking="ready"]')).toHaveCount(1);
    let presses = 0;
    const press = async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    };
    const focused = () => page.evaluate(() => document.activeElement?.closest('[data-picker-days]') !== null);
    // From the top of the page to the days: one stop of the Tab key for all of them.
    while (!(await focused())) {
      await press('Tab');
      expect(presses, 'Tab presses to reach the days').toBeLessThan(30);
    }
    const days = page.getByLabel('Days with free times');
    const second = days.getByRole('button').nth(1);
    const secondDay = (await second.textContent())!;
    await press('ArrowRight');
    await expect(second).toBeFocused();
    await press('Enter');
    // The day's times, in place: no reload (the page is the same document), focus on its first time.
    await expect(days.locator('[aria-pressed="true"]')).toHaveText(secondDay);
    const firstTime = page.getByRole('radio').first();
    await expect(firstTime).toBeFocused();
    await press('ArrowRight');
    const chosen = page.getByRole('radio').nth(1);
    await expect(chosen).toBeChecked();
    const label = (await page.locator('label:has(input[type="radio"]:checked)').textContent())!.trim();
    await expectNoA11yViolations(page, 'book a meeting, another day by keyboard');
    await page.screenshot({ path: 'test-results/screens/booking-keyboard-times-390.png', fullPage: true });
    await press('Tab');
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type('Kim Keyboard');
    await press('Tab');
    await page.keyboard.type('kim.keyboard@mail.test');
    // Enter in a field books (the form's default button).
    await press('Enter');
    await expect(page).toHaveURL(/\/bookings\/[A-Za-z0-9_-]{43}\?booked=1$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Your meeting is booked' });
    await expect(heading).toBeFocused();
    await expect(page.getByRole('definition').first()).toContainText(label);
    await expect(page.getByText('30 minutes')).toBeVisible();
    await expectNoA11yViolations(page, 'booked by keyboard');
    await page.screenshot({ path: 'test-results/screens/booking-keyboard-booked-390.png', fullPage: true });
    console.log(`Book a Meeting by keyboard at 390 px, after changing the day once: ${presses} key presses (the walk counted 42).`);
    expect(presses).toBeLessThan(42);
  });
});

test.describe('without JavaScript', () => {
  test('the page shows the company’s zone, keeps what was typed on a mistake, and books', async ({ page }) => {
    // The script files never load: the zone is not detected, the form is posted as HTML.
    await blockSiteScripts(page);
    await page.goto('/contact/book');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    // A mistake: no time chosen, an address that is not one.
    await page.getByRole('textbox', { name: 'Name' }).fill('Nils Noscript');
    await page.getByRole('textbox', { name: 'Email' }).fill('nils@');
    await page.getByRole('button', { name: 'Book the meeting' }).click();
    await expect(page.getByRole('alert')).toHaveText('2 fields need your attention.');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Nils Noscript');
    await expectNoA11yViolations(page, 'book, refused');
    await pickTime(page, 3);
    // Another day's times, and what was typed is still there.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Nils Noscript');
    await page.getByRole('textbox', { name: 'Email' }).fill('nils.noscript@mail.test');
    await page.getByRole('button', { name: 'Book the meeting' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your meeting is booked' })).toBeVisible();
    await expect(page.getByRole('definition').first()).toContainText(/C[SD]T/);
  });

  test('a time taken meanwhile is refused, with the times still free', async ({ browser, baseURL }) => {
    // The page was loaded when the time was free; the visitor takes a moment to fill it in.
    const first = await browser.newPage({ baseURL, javaScriptEnabled: false });
    const second = await browser.newPage({ baseURL, javaScriptEnabled: false });
    for (const page of [first, second]) {
      await page.goto('/contact/book');
      await page.getByLabel('Days with free times').getByRole('button').nth(4).click();
    }
    // Meanwhile every host is booked at the first time (many bookings at once: in the database, past the form's rate limit).
    const value = (await first.getByRole('radio').first().getAttribute('value'))!;
    await sqlOnTestServer(
      `with taken as (
         insert into bookings (uid, kind, starts_at, ends_at, guest_name, guest_email, guest_time_zone, manage_token_hash)
         values ('race@helixpoint', 'meeting', $1::timestamptz, $1::timestamptz + interval '30 minutes', 'Early Bird', 'early@mail.test', 'America/Chicago', 'race')
         returning id)
       insert into booking_hosts (booking_id, user_id, during)
       select taken.id, users.id, tstzrange($1::timestamptz, $1::timestamptz + interval '40 minutes') from taken, users where users.role in ('admin', 'sales')`,
      [value],
    );
    await second.locator('label:has(input[type="radio"])').first().click();
    await second.getByRole('textbox', { name: 'Name' }).fill('Late Larry');
    await second.getByRole('textbox', { name: 'Email' }).fill('late.larry@mail.test');
    await second.getByRole('button', { name: 'Book the meeting' }).click();
    await expect(second.getByText('That time was just taken. Please choose another one.')).toBeVisible();
    // Fresh times: the taken one is no longer offered; what was typed is kept.
    await expect(second.locator(`input[type=radio][value="${value}"]`)).toHaveCount(0);
    await expect(second.getByRole('textbox', { name: 'Name' })).toHaveValue('Late Larry');
    await first.close();
    await second.close();
  });
});
