import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addUser } from '../testing/fixtures';
import { radicaleUnavailableReason, startRadicale, type TestCalDav } from '../testing/radicale';
import { parseAllowList } from '../outbound/guarded-fetch';
import { cancelBooking, findBookingById, bookWithAll, hostCalendars, rescheduleBooking } from '../scheduling/bookings';
import { dayIn, freeTimes, wallClock } from '../scheduling/slots';
import { createCalendarReader } from './calendar-reader';
import { copyBookingToCalendars, removeCopiesOfGoneBookings } from './booking-copies';
import {
  CALDAV_PASSWORD_SEAL,
  chooseCalDavCalendars,
  connectCalDavAccount,
  connectCalendarLink,
  listCalendarAccounts,
  readCalendarSource,
  removeCalDavAccount,
} from './sources';
import { calendarsModule, COPY_BOOKINGS, READ_CALENDARS } from './module';
import { createLogger } from '../logger';
import { sealText } from '../mail/sealed';
import type { Runtime } from '../runtime-types';

/**
 * CalDAV accounts against a real server (issue 53): Radicale, Debian's CalDAV server, started by
 * the test (installed from apt when missing and root; the tests are skipped, with the reason,
 * where it cannot be).
 */

const reason = radicaleUnavailableReason();
const secret = 'b'.repeat(32);
const allow = parseAllowList('127.0.0.1');
const reader = createCalendarReader();
const DAY = 86_400_000;
const now = new Date();
let day = dayIn(now.getTime() + 2 * DAY, 'America/Chicago');
while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = dayIn(Date.parse(`${day}T12:00:00Z`) + DAY, 'America/Chicago');
const at = (clock: string, onDay = day) => new Date(wallClock(onDay, clock, 'America/Chicago'));
/** 20261201T100000: a wall clock of a day in Chicago (for TZID=America/Chicago). */
const local = (onDay: string, clock: string) => `${onDay.replace(/-/g, '')}T${clock.replace(':', '')}00`;
const weekLater = (weeks: number) => dayIn(Date.parse(`${day}T12:00:00Z`) + weeks * 7 * DAY, 'America/Chicago');
const event = (uid: string, lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//CalDAV//EN', ...lines.map((line) => line.replace('$UID', uid)), 'END:VCALENDAR'].join(
    '\r\n',
  );

let database: TestDatabase;
let caldav: TestCalDav;
let work = '';
let home = '';

beforeAll(async () => {
  if (reason) return;
  [database, caldav] = await Promise.all([startTestDatabase(), startRadicale()]);
  work = await caldav.createCalendar('work', 'Work');
  home = await caldav.createCalendar('home', 'Home');
}, 60_000);

afterAll(async () => {
  await reader.close();
  await caldav?.stop();
  await database?.destroy();
});

beforeEach(async () => {
  if (reason) return;
  await database.db.execute(sql`delete from users`);
  for (const calendar of [work, home])
    for (const { href } of await caldav.events(calendar))
      await fetch(new URL(href, caldav.url), {
        method: 'DELETE',
        headers: { Authorization: `Basic ${Buffer.from(`${caldav.user}:${caldav.password}`).toString('base64')}` },
      });
});

const account = () => ({ server_url: caldav.url, username: caldav.user, app_password: caldav.password });

describe.skipIf(reason !== null)(`a CalDAV account${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('is connected by address, user and app password: its calendars found, read, the password nowhere in plain text', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    // A weekly meeting, one instance moved and one cancelled; an all-day event; a free (transparent) one.
    await caldav.putEvent(
      work,
      'weekly.ics',
      event('weekly', [
        'BEGIN:VEVENT',
        'UID:$UID',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=America/Chicago:${local(day, '10:00')}`,
        `DTEND;TZID=America/Chicago:${local(day, '11:00')}`,
        'RRULE:FREQ=WEEKLY;COUNT=4',
        `EXDATE;TZID=America/Chicago:${local(weekLater(2), '10:00')}`,
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:$UID',
        'DTSTAMP:20260101T000000Z',
        `RECURRENCE-ID;TZID=America/Chicago:${local(weekLater(1), '10:00')}`,
        `DTSTART;TZID=America/Chicago:${local(weekLater(1), '14:00')}`,
        `DTEND;TZID=America/Chicago:${local(weekLater(1), '15:00')}`,
        'END:VEVENT',
      ]),
    );
    const nextDay = dayIn(Date.parse(`${day}T12:00:00Z`) + DAY, 'America/Chicago');
    await caldav.putEvent(
      home,
      'holiday.ics',
      event('holiday', [
        'BEGIN:VEVENT',
        'UID:$UID',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;VALUE=DATE:${nextDay.replace(/-/g, '')}`,
        'END:VEVENT',
      ]),
    );
    await caldav.putEvent(
      work,
      'free.ics',
      event('free', [
        'BEGIN:VEVENT',
        'UID:$UID',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=America/Chicago:${local(day, '13:00')}`,
        `DTEND;TZID=America/Chicago:${local(day, '14:00')}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      ]),
    );

    const connected = await connectCalDavAccount(database.db, rita, account(), { secret, allow, reader });
    expect(connected).toEqual({ ok: true, calendars: 2 });
    const [listed] = await listCalendarAccounts(database.db, rita.id);
    expect(listed).toMatchObject({ label: '127.0.0.1', username: caldav.user });
    expect(listed!.calendars.map((calendar) => calendar.label).sort()).toEqual(['Home', 'Work']);
    expect(listed!.calendars.filter((calendar) => calendar.writesBookings)).toHaveLength(1);
    const byName = Object.fromEntries(listed!.calendars.map((calendar) => [calendar.label, calendar]));
    // Work: the meeting this week and its moved instance and its last (the third is cancelled); Home: the holiday.
    expect(byName.Work).toMatchObject({ busyCount: 3, error: null, readsBusy: true });
    expect(byName.Home).toMatchObject({ busyCount: 1, error: null, readsBusy: true });

    // Nothing is offered over what her calendars hold; the free event holds her not.
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + 2 * DAY) };
    const offered = freeTimes(await hostCalendars(database.db, [rita.id], window), { durationMinutes: 30, ...window, now }, 'all').map(
      (time) => time.start.getTime(),
    );
    expect(offered).not.toContain(at('10:00').getTime());
    expect(offered).not.toContain(at('10:30').getTime());
    expect(offered).toContain(at('11:00').getTime());
    expect(offered).toContain(at('13:00').getTime());
    expect(offered.filter((start) => dayIn(start, 'America/Chicago') === nextDay)).toEqual([]);

    // The app password is in no column of the tables it touched.
    const everything = await database.db.execute<{ text: string }>(
      sql`select (select json_agg(a)::text from calendar_accounts a) || (select json_agg(s)::text from calendar_sources s) || (select json_agg(l)::text from audit_log l) as text`,
    );
    expect(everything.rows[0]!.text).toContain(caldav.user);
    expect(everything.rows[0]!.text).not.toContain(caldav.password);

    // Picking only Home: Work's busy times count no more; picking it again reads it anew.
    await chooseCalDavCalendars(database.db, rita, listed!.id, { read: [byName.Home!.id], write: null }, { secret, allow, reader });
    const [picked] = await listCalendarAccounts(database.db, rita.id);
    expect(picked!.calendars.map((c) => [c.label, c.readsBusy, c.writesBookings]).sort()).toEqual([
      ['Home', true, false],
      ['Work', false, false],
    ]);
    const after = freeTimes(await hostCalendars(database.db, [rita.id], window), { durationMinutes: 30, ...window, now }, 'all');
    expect(after.map((time) => time.start.getTime())).toContain(at('10:00').getTime());
    await chooseCalDavCalendars(
      database.db,
      rita,
      listed!.id,
      { read: [byName.Home!.id, byName.Work!.id], write: byName.Work!.id },
      {
        secret,
        allow,
        reader,
      },
    );
    expect((await listCalendarAccounts(database.db, rita.id))[0]!.calendars.find((c) => c.label === 'Work')).toMatchObject({
      busyCount: 3,
      writesBookings: true,
    });

    // Another person cannot change or remove her account.
    const mallory = await addUser(database.db, 'mallory', 'recruiter');
    expect(await chooseCalDavCalendars(database.db, mallory, listed!.id, { read: [], write: null }, { secret, allow, reader })).toBe(false);
    expect(await removeCalDavAccount(database.db, mallory, listed!.id)).toBe(false);
    expect(await removeCalDavAccount(database.db, rita, listed!.id)).toBe(true);
    expect(await listCalendarAccounts(database.db, rita.id)).toEqual([]);
    const left = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from calendar_busy_times`);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('refuses a wrong password or an address that is no CalDAV server, saying so in the field, keeping nothing', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    expect(await connectCalDavAccount(database.db, rita, { ...account(), app_password: 'wrong' }, { secret, allow, reader })).toEqual({
      ok: false,
      fieldErrors: { app_password: 'App password: The server refused the user name or app password.' },
    });
    expect(await connectCalDavAccount(database.db, rita, { ...account(), server_url: 'ftp://x' }, { secret, allow, reader })).toEqual({
      ok: false,
      fieldErrors: { server_url: 'Server address: enter an address that starts with https:// or http://.' },
    });
    // Without the allow-list, this machine's server is not reached at all (nor is http allowed to it).
    const overHttps = { ...account(), server_url: caldav.url.replace('http://', 'https://') };
    expect(await connectCalDavAccount(database.db, rita, overHttps, { secret, allow: parseAllowList(''), reader })).toMatchObject({
      ok: false,
      fieldErrors: { server_url: expect.stringContaining('private or local network address') },
    });
    // An app password is sent encrypted (http only to a server the allow-list names), and never in the address.
    expect(
      await connectCalDavAccount(
        database.db,
        rita,
        { ...account(), server_url: 'http://calendar.example.com/' },
        { secret, allow, reader },
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { server_url: 'Server address: use an https:// address, so that the app password is sent encrypted.' },
    });
    expect(
      await connectCalDavAccount(
        database.db,
        rita,
        { ...account(), server_url: 'https://me:pw@calendar.example.com/' },
        { secret, allow, reader },
      ),
    ).toMatchObject({ ok: false, fieldErrors: { server_url: expect.stringContaining('leave the user name and password out') } });
    // A server that sends its calendars elsewhere (another origin, which the password is not sent to): that address is named.
    const mover = createServer((req, res) => res.writeHead(301, { Location: new URL(req.url ?? '/', caldav.url).href }).end());
    await new Promise<void>((resolve) => mover.listen(0, '127.0.0.1', resolve));
    try {
      const moved = await connectCalDavAccount(
        database.db,
        rita,
        { ...account(), server_url: `http://127.0.0.1:${(mover.address() as AddressInfo).port}/` },
        { secret, allow, reader },
      );
      expect(moved).toEqual({
        ok: false,
        fieldErrors: {
          server_url: `Server address: The server sends its calendars to ${new URL(caldav.url).host}: use https://${new URL(caldav.url).host}/ as the server address.`,
        },
      });
    } finally {
      await new Promise((resolve) => mover.close(resolve));
    }
    expect(await listCalendarAccounts(database.db, rita.id)).toEqual([]);
  });

  it('writes a booking into the chosen calendar, the same event moved, then removed when cancelled', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    await connectCalDavAccount(database.db, rita, account(), { secret, allow, reader });
    const [listed] = await listCalendarAccounts(database.db, rita.id);
    const workId = listed!.calendars.find((calendar) => calendar.label === 'Work')!.id;
    await chooseCalDavCalendars(database.db, rita, listed!.id, { read: [workId], write: workId }, { secret, allow, reader });
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) };
    const { booking: booked } = await bookWithAll(
      database.db,
      {
        kind: 'meeting',
        start: at('11:00'),
        durationMinutes: 30,
        guest: { name: 'Gail Guest', email: 'gail@example.com', timeZone: 'America/Chicago' },
      },
      [rita.id],
      window,
      now,
    );
    const access = { secret, allow };
    expect(await copyBookingToCalendars(database.db, booked.id, access, now)).toEqual({ written: 1, removed: 0 });
    const [written] = await caldav.events(work);
    expect(written!.ics).toContain(`UID:${booked.uid}`);
    expect(written!.ics).toContain('SEQUENCE:0');
    expect(written!.ics).toContain('Meeting with Gail Guest');
    expect(written!.ics).not.toMatch(/^(METHOD|ATTENDEE|ORGANIZER)/m);
    // Written once: a second run (the job tried again) writes nothing.
    expect(await copyBookingToCalendars(database.db, booked.id, access, now)).toEqual({ written: 0, removed: 0 });
    // Read back, her calendar holds her not for it: the booking does (else it could not be moved by a quarter of an hour).
    expect(await readCalendarSource(database.db, workId, { secret, allow, reader })).toBe('read');
    expect((await listCalendarAccounts(database.db, rita.id))[0]!.calendars.find((c) => c.id === workId)).toMatchObject({ busyCount: 0 });

    // Moved: the same event, at its new time, its SEQUENCE raised.
    await rescheduleBooking(database.db, (await findBookingById(database.db, booked.id))!, at('14:00'), window, now);
    expect(await copyBookingToCalendars(database.db, booked.id, access, now)).toEqual({ written: 1, removed: 0 });
    const moved = await caldav.events(work);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.href).toBe(written!.href);
    expect(moved[0]!.ics).toContain('SEQUENCE:1');
    expect(moved[0]!.ics.replace(/\r\n /g, '')).toMatch(
      new RegExp(
        `DTSTART:${at('14:00')
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '')}`,
      ),
    );

    // Cancelled: gone from her calendar.
    await cancelBooking(database.db, (await findBookingById(database.db, booked.id))!, now);
    expect(await copyBookingToCalendars(database.db, booked.id, access, now)).toEqual({ written: 0, removed: 1 });
    expect(await caldav.events(work)).toEqual([]);
  });

  it('moves the bookings to come when the calendar for bookings changes, and removes those of a booking gone (erased)', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    const sent: string[] = [];
    const jobs = { send: async (_queue: string, data: object = {}) => void sent.push((data as { bookingId: string }).bookingId) };
    await connectCalDavAccount(database.db, rita, account(), { secret, allow, reader });
    const [listed] = await listCalendarAccounts(database.db, rita.id);
    const workId = listed!.calendars.find((calendar) => calendar.label === 'Work')!.id;
    const homeId = listed!.calendars.find((calendar) => calendar.label === 'Home')!.id;
    await chooseCalDavCalendars(database.db, rita, listed!.id, { read: [workId], write: workId }, { secret, allow, reader });
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) };
    const { booking } = await bookWithAll(
      database.db,
      {
        kind: 'meeting',
        start: at('10:00'),
        durationMinutes: 30,
        guest: { name: 'Eve Erased', email: 'eve@example.com', timeZone: 'UTC' },
      },
      [rita.id],
      window,
      now,
    );
    const access = { secret, allow };
    await copyBookingToCalendars(database.db, booking.id, access, now);
    expect(await caldav.events(work)).toHaveLength(1);

    // Home for bookings now: the booking is queued, and its copy moves there.
    await chooseCalDavCalendars(database.db, rita, listed!.id, { read: [workId, homeId], write: homeId }, { secret, allow, reader, jobs });
    expect(sent).toEqual([booking.id]);
    // While the old event cannot be removed (another user's address: 403), no second copy is written.
    await database.db.execute(sql`update calendar_event_copies set href = ${`${caldav.url}someone-else/x.ics`}`);
    await expect(copyBookingToCalendars(database.db, booking.id, access, now)).rejects.toThrow('does not let this account');
    expect(await caldav.events(home)).toEqual([]);
    const workHref = (await caldav.events(work))[0]!.href;
    await database.db.execute(sql`update calendar_event_copies set href = ${new URL(workHref, caldav.url).href}`);
    expect(await copyBookingToCalendars(database.db, booking.id, access, now)).toEqual({ written: 1, removed: 1 });
    expect(await caldav.events(work)).toEqual([]);
    expect(await caldav.events(home)).toHaveLength(1);

    // The guest's data erased (the booking row deleted): the scheduled job removes the event.
    await database.db.execute(sql`delete from bookings where id = ${booking.id}`);
    expect(await removeCopiesOfGoneBookings(database.db, access)).toBe(1);
    expect(await caldav.events(home)).toEqual([]);
    expect((await database.db.execute(sql`select 1 from calendar_event_copies`)).rows).toEqual([]);

    // An unticked calendar read while it was being unticked writes no busy time.
    await caldav.putEvent(
      work,
      'late.ics',
      event('late', [
        'BEGIN:VEVENT',
        'UID:$UID',
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=America/Chicago:${local(day, '16:00')}`,
        `DTEND;TZID=America/Chicago:${local(day, '17:00')}`,
        'END:VEVENT',
      ]),
    );
    await chooseCalDavCalendars(database.db, rita, listed!.id, { read: [homeId], write: homeId }, { secret, allow, reader });
    await readCalendarSource(database.db, workId, { secret, allow, reader });
    const busy = await database.db.execute(sql`select 1 from calendar_busy_times where source_id = ${workId}`);
    expect(busy.rows).toEqual([]);
  });

  it('updates the event a host already has of the booking (an accepted invitation) instead of writing a second', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    await connectCalDavAccount(database.db, rita, account(), { secret, allow, reader });
    const [listed] = await listCalendarAccounts(database.db, rita.id);
    const homeId = listed!.calendars.find((calendar) => calendar.label === 'Home')!.id;
    await chooseCalDavCalendars(database.db, rita, listed!.id, { read: [homeId], write: homeId }, { secret, allow, reader });
    const window = { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) };
    const { booking: booked } = await bookWithAll(
      database.db,
      {
        kind: 'meeting',
        start: at('09:00'),
        durationMinutes: 30,
        guest: { name: 'Ivy Invited', email: 'ivy@example.com', timeZone: 'America/Chicago' },
      },
      [rita.id],
      window,
      now,
    );
    await caldav.putEvent(
      home,
      'accepted-from-mail.ics',
      event(booked.uid, [
        'BEGIN:VEVENT',
        'UID:$UID',
        'DTSTAMP:20260101T000000Z',
        `DTSTART:${at('09:00')
          .toISOString()
          .replace(/[-:]/g, '')
          .replace(/\.\d{3}/, '')}`,
        'DURATION:PT30M',
        'SUMMARY:Meeting with Helixpoint',
        'END:VEVENT',
      ]),
    );
    expect(await copyBookingToCalendars(database.db, booked.id, { secret, allow }, now)).toEqual({ written: 1, removed: 0 });
    const events = await caldav.events(home);
    expect(events.map((found) => found.href)).toEqual([expect.stringMatching(/accepted-from-mail\.ics$/)]);
    expect(events[0]!.ics).toContain('Meeting with Ivy Invited');
  });

  it('puts neither a calendar link nor an app password in the log or in a failed job, when reads and writes fail', async () => {
    const rita = await addUser(database.db, 'rita', 'recruiter');
    // A link that works when connected, then answers 500; an account whose server then refuses the password.
    let linkWorks = true;
    const feed = createServer((req, res) => {
      if (linkWorks && req.url === '/private/s3cr3t-link-token/basic.ics') res.writeHead(200).end(event('x', []));
      else res.writeHead(500).end('s3cr3t-link-token');
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const link = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/private/s3cr3t-link-token/basic.ics`;
    await connectCalendarLink(database.db, rita, { calendar_link: link }, { secret, allow, reader });
    await connectCalDavAccount(database.db, rita, account(), { secret, allow, reader });
    const { booking } = await bookWithAll(
      database.db,
      { kind: 'meeting', start: at('15:00'), durationMinutes: 30, guest: { name: 'Lou Log', email: 'lou@example.com', timeZone: 'UTC' } },
      [rita.id],
      { from: at('00:00'), to: new Date(at('00:00').getTime() + DAY) },
      now,
    );
    linkWorks = false;
    const stored = sealText(secret, CALDAV_PASSWORD_SEAL, `${caldav.password}-changed`);
    await database.db.execute(sql`update calendar_accounts set password_sealed = ${stored}`);
    await database.db.execute(sql`update calendar_sources set read_at = now() - interval '2 hours'`);

    // The module as the server runs it, its log at its most talkative, captured.
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      lines.push(String(chunk));
      return rest.length ? write(chunk, ...rest) : true;
    }) as typeof process.stdout.write;
    const failures: string[] = [];
    try {
      const logger = createLogger('trace', 'json');
      const started = await calendarsModule.start!({
        database: { db: database.db },
        config: { authSecret: secret, outboundAllow: allow },
        logger,
      } as unknown as Runtime);
      const sent: Array<{ queue: string; data: object }> = [];
      const jobs = { send: async (queue: string, data: object = {}) => void sent.push({ queue, data }) } as never;
      const worker = (queue: string) => started.workers!.find((candidate) => candidate.queue === queue)!;
      await worker(READ_CALENDARS).run({ id: '1', data: {} } as never, jobs);
      await started.eventConsumers![0]!.handle({ kind: 'meeting.booked', bookingId: booking.id } as never, jobs);
      expect(sent).toEqual([{ queue: COPY_BOOKINGS, data: { bookingId: booking.id } }]);
      // The job fails (its error is kept with the job, and logged): in words, without the password.
      await worker(COPY_BOOKINGS)
        .run({ id: '2', data: sent[0]!.data } as never, jobs)
        .catch((error: Error) => {
          failures.push(`${error.message}\n${error.stack}`);
          logger.error({ err: error }, 'job failed');
        });
      await started.stop?.();
    } finally {
      process.stdout.write = write;
      await new Promise((resolve) => feed.close(resolve));
    }
    expect(failures).toEqual([expect.stringContaining('The server refused the user name or app password.')]);
    const sources = await database.db.execute<{ error: string | null }>(sql`select error from calendar_sources order by label`);
    expect(sources.rows.map((row) => row.error)).toContain('The link answered 500.');
    const logged = lines.join('');
    expect(logged).toContain('calendars read');
    for (const text of [logged, ...failures, JSON.stringify(sources.rows)]) {
      expect(text).not.toContain('s3cr3t-link-token');
      expect(text).not.toContain(caldav.password);
    }
  });
});
