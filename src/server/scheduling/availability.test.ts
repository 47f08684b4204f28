import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, staffSchedules, users } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addUser } from '../testing/fixtures';
import { availabilityFormValues, defaultAvailability, type AvailabilityFormValues } from '../../lib/scheduling/availability-form';
import { COMPANY_HOURS } from '../../lib/scheduling/hours';
import {
  addDaysOff,
  calendarFeed,
  feedTokenOf,
  loadAvailability,
  removeDaysOff,
  renewFeedToken,
  saveAvailability,
  upcomingDaysOff,
} from './availability';
import { bookMeeting, cancelBooking, findBookingByToken, hostCalendars, meetingHostIds } from './bookings';
import { freeTimes } from './slots';

/* A staff member's own availability against a real PostgreSQL: what they save is what the engine offers; days off; the feed. */

let database: TestDatabase;
const SECRET = 'availability test secret';
const organizer = { name: 'Helixpoint', email: 'hello@helixpoint.test' };
// Sunday noon in Chicago.
const now = new Date('2026-11-29T18:00:00Z');
const window = { from: now, to: new Date(now.getTime() + 14 * 86_400_000) };
const guest = { name: 'Ada Lovelace', email: 'ada@mail.test', company: 'Acme', topic: 'Analytical engines', timeZone: 'Europe/London' };

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.delete(bookings);
  await database.db.delete(auditLog);
  await database.db.delete(users);
});

/** The form as the page posts it for the defaults, with some fields changed. */
const form = (changes: Partial<AvailabilityFormValues> = {}): AvailabilityFormValues => ({
  ...availabilityFormValues(defaultAvailability),
  ...changes,
});

describe('the schedule', () => {
  it('is the company’s until one is saved: Monday to Friday 9:00-18:00 Central, 10 minutes buffer, 24 hours notice', async () => {
    const db = database.db;
    await addUser(db, 'rita', 'recruiter');
    expect(await loadAvailability(db, 'rita')).toMatchObject({
      saved: false,
      timeZone: 'America/Chicago',
      weeklyHours: COMPANY_HOURS,
      bufferMinutes: 10,
      noticeMinutes: 1440,
      dailyCap: null,
      hasFeed: false,
    });
    const [calendar] = await hostCalendars(db, ['rita'], window);
    expect(calendar).toMatchObject({ timeZone: 'America/Chicago', weeklyHours: COMPANY_HOURS, bufferMinutes: 10, noticeMinutes: 1440 });
    // With 24 hours' notice from Sunday noon: Monday noon first.
    expect(freeTimes([calendar!], { durationMinutes: 30, ...window, now }, 'any')[0]!.start.toISOString()).toBe('2026-11-30T18:00:00.000Z');
  });

  it('saved, is what the engine offers: the zone, the hours of each day, buffer, notice and cap', async () => {
    const db = database.db;
    const rita = await addUser(db, 'rita', 'recruiter');
    const saved = await saveAvailability(
      db,
      rita,
      form({
        time_zone: 'Europe/Paris',
        day1_start: '08:00',
        day1_end: '12:00',
        day2_available: '',
        buffer_minutes: '30',
        notice_minutes: '60',
        daily_cap: '2',
      }),
      now,
    );
    expect(saved).toEqual({ ok: true });
    expect(await loadAvailability(db, 'rita')).toMatchObject({
      saved: true,
      timeZone: 'Europe/Paris',
      weeklyHours: [
        { day: 1, start: '08:00', end: '12:00' },
        { day: 3, start: '09:00', end: '18:00' },
        { day: 4, start: '09:00', end: '18:00' },
        { day: 5, start: '09:00', end: '18:00' },
      ],
      bufferMinutes: 30,
      noticeMinutes: 60,
      dailyCap: 2,
    });
    const [calendar] = await hostCalendars(db, ['rita'], window);
    expect(calendar).toMatchObject({ timeZone: 'Europe/Paris', bufferMinutes: 30, noticeMinutes: 60, dailyCap: 2 });
    const times = freeTimes([calendar!], { durationMinutes: 30, ...window, now }, 'any').map((time) => time.start.toISOString());
    // Monday 8:00-12:00 Paris (UTC+1): 7:00 to 10:30 UTC; no Tuesday; Wednesday from 9:00 Paris.
    expect(times[0]).toBe('2026-11-30T07:00:00.000Z');
    expect(times.filter((time) => time.startsWith('2026-11-30')).at(-1)).toBe('2026-11-30T10:30:00.000Z');
    expect(times.filter((time) => time.startsWith('2026-12-01'))).toEqual([]);
    expect(times.find((time) => time.startsWith('2026-12-02'))).toBe('2026-12-02T08:00:00.000Z');
    // Saved again: the row is updated, not duplicated.
    await saveAvailability(db, rita, form(), now);
    expect((await db.select().from(staffSchedules)).map((row) => row.timeZone)).toEqual(['America/Chicago']);
  });

  it('refuses what is not valid with a message naming the field and the rule, and saves nothing', async () => {
    const db = database.db;
    const rita = await addUser(db, 'rita', 'recruiter');
    const refused = await saveAvailability(
      db,
      rita,
      form({
        time_zone: 'Mars/Olympus_Mons',
        day2_start: '17:00',
        day2_end: '09:00',
        day3_start: '09:10',
        day4_end: 'noon',
        buffer_minutes: '7',
        notice_minutes: '0',
        daily_cap: '25',
      }),
      now,
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {
        time_zone: 'Time zone: choose a zone from the list.',
        day2_end: 'Tuesday: the end must be after the start.',
        day3_start: 'Wednesday: the start must be on the quarter hour (:00, :15, :30 or :45).',
        day4_end: 'Thursday: enter the end as a time of day, e.g. 18:00.',
        buffer_minutes: 'Buffer after meetings: choose one of the listed lengths.',
        notice_minutes: 'Minimum notice: choose one of the listed lengths.',
        daily_cap: 'Daily cap: leave it empty for no limit, or enter a whole number from 1 to 24.',
      },
    });
    // An unticked day's times are not checked; an empty cap is no cap.
    expect(await saveAvailability(db, rita, form({ day2_available: '', day2_start: 'x', daily_cap: '' }), now)).toEqual({ ok: true });
    expect((await loadAvailability(db, 'rita')).dailyCap).toBeNull();
    const fewer = await saveAvailability(db, rita, { time_zone: 'Europe/Paris' }, now);
    expect(fewer.ok).toBe(false);
    expect((await loadAvailability(db, 'rita')).timeZone).toBe('America/Chicago');
  });

  it('takes Book a Meeting meetings only as a host chooses; others cannot change it', async () => {
    const db = database.db;
    const sally = await addUser(db, 'sally', 'sales');
    const rita = await addUser(db, 'rita', 'recruiter');
    expect(await meetingHostIds(db)).toEqual(['sally']);
    await saveAvailability(db, sally, form({ takes_meetings: '' }), now);
    expect(await meetingHostIds(db)).toEqual([]);
    await saveAvailability(db, sally, form({ takes_meetings: 'on' }), now);
    expect(await meetingHostIds(db)).toEqual(['sally']);
    // A recruiter's form has no such box: saving leaves the column as it was.
    await saveAvailability(db, rita, form({ takes_meetings: '' }), now);
    expect((await loadAvailability(db, 'rita')).takesMeetings).toBe(true);
  });
});

describe('days off', () => {
  it('are added one or several at a time, from their today to a year ahead, listed while to come, and removed', async () => {
    const db = database.db;
    await addUser(db, 'rita', 'recruiter');
    expect(await addDaysOff(db, 'rita', { off_from: '2026-12-01', off_until: '' }, now)).toEqual({ ok: true });
    expect(await addDaysOff(db, 'rita', { off_from: '2026-12-24', off_until: '2026-12-26' }, now)).toEqual({ ok: true });
    // Adding a day twice is harmless.
    expect(await addDaysOff(db, 'rita', { off_from: '2026-12-25' }, now)).toEqual({ ok: true });
    expect(await upcomingDaysOff(db, 'rita', '2026-11-29')).toEqual(['2026-12-01', '2026-12-24', '2026-12-25', '2026-12-26']);
    // Past days are not listed.
    expect(await upcomingDaysOff(db, 'rita', '2026-12-02')).toEqual(['2026-12-24', '2026-12-25', '2026-12-26']);
    // Tuesday off: no free time that day.
    const [calendar] = await hostCalendars(db, ['rita'], window);
    const times = freeTimes([calendar!], { durationMinutes: 30, ...window, now }, 'any').map((time) => time.start.toISOString());
    expect(times.some((time) => time.startsWith('2026-12-01'))).toBe(false);
    expect(times.some((time) => time.startsWith('2026-12-02'))).toBe(true);

    expect(await addDaysOff(db, 'rita', { off_from: '2026-11-28' }, now)).toEqual({
      ok: false,
      fieldErrors: { off_from: 'First day off: choose today or a later day.' },
    });
    expect(await addDaysOff(db, 'rita', { off_from: '2027-11-30' }, now)).toEqual({
      ok: false,
      fieldErrors: { off_from: 'First day off: at most a year ahead.' },
    });
    expect(await addDaysOff(db, 'rita', { off_from: '2026-12-10', off_until: '2026-12-09' }, now)).toEqual({
      ok: false,
      fieldErrors: { off_until: 'Last day: must be on or after the first day off.' },
    });
    expect(await addDaysOff(db, 'rita', { off_from: '2026-02-30' }, now)).toEqual({
      ok: false,
      fieldErrors: { off_from: 'First day off: choose a day.' },
    });
    // Today is theirs: Sunday 29 November in Chicago is already Monday 30 in Tokyo.
    await saveAvailability(db, { id: 'rita', role: 'recruiter' }, form({ time_zone: 'Asia/Tokyo' }), now);
    expect((await addDaysOff(db, 'rita', { off_from: '2026-11-29' }, now)).ok).toBe(false);

    expect(await removeDaysOff(db, 'rita', '2026-12-24', '2026-12-26')).toBe(3);
    expect(await removeDaysOff(db, 'rita', 'x', '2026-12-26')).toBe(0);
    expect(await upcomingDaysOff(db, 'rita', '2026-11-29')).toEqual(['2026-12-01']);
  });
});

describe('the calendar feed', () => {
  const read = (text: string) => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    return { calendar, events: calendar.getAllSubcomponents('vevent') };
  };

  it('lists the person’s bookings with who they are with, cancelled ones marked, without the guest’s link', async () => {
    const db = database.db;
    const sally = await addUser(db, 'sally', 'sales');
    const token = await renewFeedToken(db, sally, SECRET, now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { booking, token: manageToken } = await bookMeeting(db, guest, new Date('2026-12-01T15:00:00Z'), now);
    const other = await bookMeeting(
      db,
      { ...guest, name: 'Grace Hopper', company: null, topic: null },
      new Date('2026-12-02T15:00:00Z'),
      now,
    );
    await cancelBooking(db, (await findBookingByToken(db, other.token))!, now);

    const text = (await calendarFeed(db, token, organizer, now))!;
    const { calendar, events } = read(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('sally Test: Helixpoint bookings');
    expect(
      events.map((event) => [
        event.getFirstPropertyValue('uid'),
        event.getFirstPropertyValue('summary'),
        event.getFirstPropertyValue('status'),
        event.getFirstPropertyValue('description'),
      ]),
    ).toEqual([
      [booking.uid, 'Meeting with Ada Lovelace (Acme)', 'CONFIRMED', 'Topic: Analytical engines'],
      [other.booking.uid, 'Meeting with Grace Hopper', 'CANCELLED', ''],
    ]);
    expect((events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(text).not.toContain(manageToken);
    expect(text).not.toContain('/bookings/');
    // From thirty days ago: a minute past thirty days after the first, only the second is left; then neither.
    expect(read((await calendarFeed(db, token, organizer, new Date('2026-12-31T15:00:00Z')))!).events).toHaveLength(2);
    expect(read((await calendarFeed(db, token, organizer, new Date('2026-12-31T15:01:00Z')))!).events).toHaveLength(1);
    expect(read((await calendarFeed(db, token, organizer, new Date('2027-01-02T16:00:00Z')))!).events).toHaveLength(0);
  });

  it('is shown again on their page, and renewing it makes the old link unknown at once', async () => {
    const db = database.db;
    const rita = await addUser(db, 'rita', 'recruiter');
    const first = await renewFeedToken(db, rita, SECRET, now);
    const loaded = await loadAvailability(db, 'rita');
    expect(loaded).toMatchObject({ hasFeed: true, weeklyHours: COMPANY_HOURS });
    expect(feedTokenOf(loaded.feedTokenSealed, SECRET)).toBe(first);
    // Sealed under its own purpose and the secret: another secret cannot read it; only the hash is searchable.
    expect(feedTokenOf(loaded.feedTokenSealed, 'another secret')).toBeNull();
    const [row] = await db.select().from(staffSchedules).where(eq(staffSchedules.userId, 'rita'));
    expect(JSON.stringify(row)).not.toContain(first);

    const second = await renewFeedToken(db, rita, SECRET, now);
    expect(second).not.toBe(first);
    expect(await calendarFeed(db, first, organizer, now)).toBeNull();
    expect(await calendarFeed(db, second, organizer, now)).toContain('BEGIN:VCALENDAR');
    expect(feedTokenOf((await loadAvailability(db, 'rita')).feedTokenSealed, SECRET)).toBe(second);
    // Renewing kept what they saved.
    await saveAvailability(db, rita, form({ time_zone: 'Europe/Berlin' }), now);
    await renewFeedToken(db, rita, SECRET, now);
    expect((await loadAvailability(db, 'rita')).timeZone).toBe('Europe/Berlin');
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'user.calendar_feed_renewed'));
    expect(entries.map((entry) => entry.details)).toEqual([{ first: true }, { first: false }, { first: false }]);

    // Not a token, a tampered one, and the owner no longer staff who set a schedule: unknown.
    expect(await calendarFeed(db, 'short', organizer, now)).toBeNull();
    expect(await calendarFeed(db, `${second.slice(0, -1)}${second.endsWith('A') ? 'B' : 'A'}`, organizer, now)).toBeNull();
    await db.update(users).set({ role: 'editor' }).where(eq(users.id, 'rita'));
    expect(await calendarFeed(db, second, organizer, now)).toBeNull();
  });
});
