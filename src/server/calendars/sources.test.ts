import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addUser } from '../testing/fixtures';
import { parseAllowList } from '../outbound/guarded-fetch';
import { createCalendarReader } from './calendar-reader';
import { BookingRefused, bookWithAll, hostCalendars } from '../scheduling/bookings';
import { freshenBeforeBooking } from '../scheduling/meetings';
import { dayIn, freeTimes, wallClock } from '../scheduling/slots';
import {
  calendarHolds,
  connectCalendarLink,
  freshenCalendars,
  PAGE_COPY_MAX_AGE_MS,
  listCalendarSources,
  readAllCalendars,
  readCalendarSource,
  removeCalendarSource,
  UNREADABLE_AFTER_MINUTES,
} from './sources';

const secret = 'a'.repeat(32);
const allow = parseAllowList('127.0.0.1');
const reader = createCalendarReader();
const DAY = 86_400_000;

/** Rita's calendar server: what each path answers, changed by the tests. */
let answers: Record<string, { status: number; body: string }> = {};
let server: Server;
let base = '';
let database: TestDatabase;

/** The next weekday at least two days ahead (past the default notice of a day), in Chicago. */
const now = new Date();
let day = dayIn(now.getTime() + 2 * DAY, 'America/Chicago');
while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = dayIn(Date.parse(`${day}T12:00:00Z`) + DAY, 'America/Chicago');
const at = (clock: string) => new Date(wallClock(day, clock, 'America/Chicago'));
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const calendar = (...events: Array<[string, string, string?]>) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Calendar//EN',
    ...events.flatMap(([uid, start, end]) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(at(start))}`,
      `DTEND:${stamp(at(end ?? start))}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ].join('\r\n');

beforeAll(async () => {
  database = await startTestDatabase();
  server = createServer((req, res) => {
    const answer = answers[req.url ?? ''] ?? { status: 404, body: 'Not found' };
    res.writeHead(answer.status, { 'Content-Type': 'text/calendar' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await reader.close();
  await new Promise((resolve) => server.close(resolve));
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.execute(sql`delete from users`);
  answers = { '/rita/secret-abc123/basic.ics': { status: 200, body: calendar(['dentist', '15:00', '16:30']) } };
});

const link = () => `${base}/rita/secret-abc123/basic.ics`;

describe("a person's own calendar, connected by its secret link", () => {
  it('is read at once when connected, its busy times kept, and its link nowhere in plain text', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    const connected = await connectCalendarLink(database.db, rita, { calendar_link: ` ${link()} ` }, { secret, allow, reader });
    expect(connected).toEqual({ ok: true, busyCount: 1 });
    const [source] = await listCalendarSources(database.db, rita.id);
    expect(source).toMatchObject({ label: '127.0.0.1', busyCount: 1, error: null, unreadable: false });
    const busy = await database.db.execute<{ starts_at: Date; ends_at: Date }>(sql`select starts_at, ends_at from calendar_busy_times`);
    expect(busy.rows.map((row) => [new Date(row.starts_at).toISOString(), new Date(row.ends_at).toISOString()])).toEqual([
      [at('15:00').toISOString(), at('16:30').toISOString()],
    ]);
    // Not the link, not its secret part, in any column of any row of the tables it touched.
    const everything = await database.db.execute<{ text: string }>(
      sql`select (select coalesce(json_agg(s)::text, '') from calendar_sources s) || (select coalesce(json_agg(a)::text, '') from audit_log a) as text`,
    );
    expect(everything.rows[0]!.text).toContain('127.0.0.1');
    expect(everything.rows[0]!.text).not.toContain('secret-abc123');
  });

  it('refuses a link it cannot read, naming why in the field, and keeps nothing', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    const cases: Array<[unknown, string]> = [
      [{ calendar_link: '' }, 'Calendar link: paste the secret address of your calendar in iCalendar format.'],
      [{ calendar_link: 'ftp://example.com/c.ics' }, 'Calendar link: paste an address that starts with https://, http:// or webcal://.'],
      [{ calendar_link: `${base}/gone.ics` }, 'Calendar link: The link answered 404.'],
      [
        { calendar_link: 'http://169.254.169.254/latest/meta-data/' },
        'Calendar link: The link points to a private or local network address, which this site does not connect to.',
      ],
    ];
    for (const [input, message] of cases)
      expect(await connectCalendarLink(database.db, rita, input, { secret, allow, reader })).toEqual({
        ok: false,
        fieldErrors: { calendar_link: message },
      });
    // The same server without the allow-list: refused as this machine's.
    expect(
      await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow: parseAllowList(''), reader }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { calendar_link: expect.stringContaining('private or local network address') },
    });
    answers['/html.ics'] = { status: 200, body: '<html>Sign in</html>' };
    expect(await connectCalendarLink(database.db, rita, { calendar_link: `${base}/html.ics` }, { secret, allow, reader })).toEqual({
      ok: false,
      fieldErrors: { calendar_link: 'Calendar link: The calendar could not be read: it is not an iCalendar file.' },
    });
    expect(await listCalendarSources(database.db, rita.id)).toEqual([]);
    // Connected once, not twice (webcal:// is the same link).
    expect((await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader })).ok).toBe(true);
    expect(
      await connectCalendarLink(database.db, rita, { calendar_link: link().replace('http://', 'webcal://') }, { secret, allow, reader }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('leaves its busy times out of every time offered, without counting them as bookings', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader });
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) };
    const [withCalendar] = await hostCalendars(database.db, [rita.id], window);
    const offered = freeTimes([withCalendar!], { durationMinutes: 30, ...window, now }, 'any').map((time) => time.start.getTime());
    // The dentist from 15:00 to 16:30: no 30-minute meeting (and its 10-minute buffer) overlaps it.
    expect(offered.filter((start) => start + 40 * 60_000 > at('15:00').getTime() && start < at('16:30').getTime())).toEqual([]);
    expect(offered).toContain(at('14:15').getTime());
    expect(offered).not.toContain(at('14:30').getTime());
    expect(offered).toContain(at('16:30').getTime());
    // The daily cap counts bookings: a cap of one leaves the day open.
    expect(freeTimes([{ ...withCalendar!, dailyCap: 1 }], { durationMinutes: 30, ...window, now }, 'any').length).toBe(offered.length);
  });

  it('is read again at the moment of booking: a time it took since the page was drawn is refused as taken', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader });
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) };
    const request = { durationMinutes: 30, ...window, now };
    // The page is drawn: 10:00 is offered.
    const drawn = freeTimes(await hostCalendars(database.db, [rita.id], window), request, 'all');
    expect(drawn.map((time) => time.start.getTime())).toContain(at('10:00').getTime());
    // Then a meeting lands in her own calendar at 10:00.
    answers['/rita/secret-abc123/basic.ics'] = {
      status: 200,
      body: calendar(['dentist', '15:00', '16:30'], ['customer-call', '10:00', '11:00']),
    };
    await freshenBeforeBooking({ db: database.db, calendars: { secret, allow, reader } }, [rita.id], now);
    const booking = {
      kind: 'meeting' as const,
      start: at('10:00'),
      durationMinutes: 30,
      guest: { name: 'Gail Guest', email: 'gail@example.com', timeZone: 'America/Chicago' },
    };
    const refused = await bookWithAll(database.db, booking, [rita.id], window, now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BookingRefused);
    expect((refused as BookingRefused).reason).toBe('taken');
    expect((refused as BookingRefused).freshTimes.map((time) => time.start.getTime())).not.toContain(at('10:00').getTime());
    // 11:00, after it, is still bookable.
    await expect(bookWithAll(database.db, { ...booking, start: at('11:15') }, [rita.id], window, now)).resolves.toBeTruthy();
  });

  it('is read again when a booking page is drawn from a copy older than a minute, not before', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader });
    const readAt = (await listCalendarSources(database.db, rita.id))[0]!.readAt!;
    answers['/rita/secret-abc123/basic.ics'] = { status: 200, body: calendar(['standup', '09:00', '09:15']) };
    const drawn = async (after: number) =>
      freshenCalendars(
        database.db,
        [rita.id],
        { secret, allow, reader, now: new Date(readAt.getTime() + after) },
        { olderThanMs: PAGE_COPY_MAX_AGE_MS, waitMs: 10_000 },
      );
    await drawn(30_000);
    expect((await listCalendarSources(database.db, rita.id))[0]!.readAt).toEqual(readAt);
    await drawn(PAGE_COPY_MAX_AGE_MS + 1_000);
    expect((await listCalendarSources(database.db, rita.id))[0]!.readAt!.getTime()).toBe(readAt.getTime() + PAGE_COPY_MAX_AGE_MS + 1_000);
  });

  it('is read again on its schedule: the new busy times replace the old, and a failure keeps them and says why', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader });
    answers['/rita/secret-abc123/basic.ics'] = { status: 200, body: calendar(['standup', '09:00', '09:15'], ['review', '13:00', '14:00']) };
    expect(await readAllCalendars(database.db, { secret, allow, reader })).toEqual({ read: 1, failed: 0 });
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) };
    const holds = (await calendarHolds(database.db, [rita.id], window)).get(rita.id)!;
    expect(holds.map((hold) => hold.start.getTime())).toEqual([at('09:00').getTime(), at('13:00').getTime()]);

    answers['/rita/secret-abc123/basic.ics'] = { status: 500, body: 'Oops' };
    const id = (await listCalendarSources(database.db, rita.id))[0]!.id;
    expect(await readCalendarSource(database.db, id, { secret, allow, reader })).toBe('failed');
    const [failing] = await listCalendarSources(database.db, rita.id);
    expect(failing).toMatchObject({ error: 'The link answered 500.', busyCount: 2, unreadable: false });
    expect((await calendarHolds(database.db, [rita.id], window)).get(rita.id)).toHaveLength(2);

    // Not read for an hour: unavailable for the whole window, rather than wrongly free.
    const later = new Date(Date.now() + (UNREADABLE_AFTER_MINUTES + 1) * 60_000);
    expect((await listCalendarSources(database.db, rita.id, later))[0]!.unreadable).toBe(true);
    const held = (await calendarHolds(database.db, [rita.id], window, later)).get(rita.id)!;
    expect(held).toContainEqual({ start: window.from, end: window.to });
    // Read under another AUTH_SECRET: it says so, and asks for the link again.
    expect(await readCalendarSource(database.db, id, { secret: 'b'.repeat(32), allow, reader })).toBe('failed');
    expect((await listCalendarSources(database.db, rita.id))[0]!.error).toBe(
      'The calendar can no longer be read here (the site’s secret changed): connect it again.',
    );
  });

  it('is removed by its owner only, and goes with their account', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    const sam = await addUser(database.db, 'sam', 'sales');
    await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader });
    const id = (await listCalendarSources(database.db, rita.id))[0]!.id;
    expect(await removeCalendarSource(database.db, sam, id)).toBe(false);
    expect(await removeCalendarSource(database.db, rita, 'not-an-id')).toBe(false);
    expect(await listCalendarSources(database.db, rita.id)).toHaveLength(1);
    expect(await removeCalendarSource(database.db, rita, id)).toBe(true);
    expect(await listCalendarSources(database.db, rita.id)).toEqual([]);
    expect((await database.db.execute(sql`select 1 from calendar_busy_times`)).rows).toEqual([]);

    await connectCalendarLink(database.db, rita, { calendar_link: link() }, { secret, allow, reader });
    await database.db.execute(sql`delete from users where id = 'rita'`);
    expect((await database.db.execute(sql`select 1 from calendar_sources union all select 1 from calendar_busy_times`)).rows).toEqual([]);
  });
});
