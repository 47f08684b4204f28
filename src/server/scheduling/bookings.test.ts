import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingHosts, bookings, staffSchedules, users } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addUser } from '../testing/fixtures';
import {
  bookMeeting,
  BookingRefused,
  bookWithAll,
  cancelBooking,
  findBookingByToken,
  meetingHostIds,
  meetingTimes,
  meetingsForInbox,
  rescheduleBooking,
} from './bookings';

/* The booking engine against a real PostgreSQL: the exclusion constraint, races, moves, cancellations. */

let database: TestDatabase;
// Sunday noon in Chicago: with 24 hours' notice, Monday noon is the first time offered.
const now = new Date('2026-11-29T18:00:00Z');
const guest = { name: 'Vera Visitor', email: 'vera@mail.test', company: 'Acme', topic: 'Cloud migration', timeZone: 'Europe/Paris' };
const window = { from: now, to: new Date(now.getTime() + 14 * 86_400_000) };

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await database.db.delete(bookings);
  await database.db.delete(users);
});

const activeHolds = async () => (await database.db.select().from(bookingHosts).where(eq(bookingHosts.active, true))).length;

describe('Book a Meeting', () => {
  it('offers the times of the staff who take meetings (sales and admins, unless they opted out)', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    await addUser(db, 'adam', 'admin');
    await addUser(db, 'rita', 'recruiter');
    await addUser(db, 'otto', 'sales');
    await db.insert(staffSchedules).values({ userId: 'otto', weeklyHours: [], takesMeetings: false });
    expect(await meetingHostIds(db)).toEqual(['adam', 'sally']);
    const times = await meetingTimes(db, now);
    expect(times[0]!.start.toISOString()).toBe('2026-11-30T18:00:00.000Z');
    expect(times[0]!.hosts).toEqual(['adam', 'sally']);
  });

  it('fifty people booking the same time at once: exactly one gets it, the others are told it was just taken', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    const [first] = await meetingTimes(db, now);
    // Several rounds: the first one's racers are staggered by the pool opening its connections;
    // from the second they truly meet (where writers once deadlocked on the constraint).
    for (let round = 0; round < 8; round++) {
      await db.delete(bookings);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => bookMeeting(db, { ...guest, email: `racer${i}@mail.test` }, first!.start, now)),
      );
      const booked = results.filter((result) => result.status === 'fulfilled');
      const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
      expect(booked).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const { reason } of refused) {
        expect(reason).toBeInstanceOf(BookingRefused);
        expect((reason as BookingRefused).message).toBe('That time was just taken. Please choose another one.');
      }
      // Refused with fresh times, which no longer include the taken one.
      const fresh = (refused[0]!.reason as BookingRefused).freshTimes;
      expect(fresh.length).toBeGreaterThan(0);
      expect(fresh.some((time) => time.start.getTime() === first!.start.getTime())).toBe(false);
      expect(await activeHolds()).toBe(1);
    }
  }, 60_000);

  it('the database itself refuses a second hold of one person at an overlapping time', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    const { booking } = await bookMeeting(db, guest, new Date('2026-12-01T15:00:00Z'), now);
    const [other] = await db
      .insert(bookings)
      .values({ ...booking, id: undefined, uid: 'another@helixpoint', manageTokenHash: 'another' })
      .returning();
    // Within the first meeting's 10-minute buffer: refused by the exclusion constraint, not by code.
    await expect(
      db.insert(bookingHosts).values({ bookingId: other!.id, userId: 'sally', during: '[2026-12-01T15:35:00Z,2026-12-01T16:15:00Z)' }),
    ).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'booking_hosts_no_overlap' } });
    // Once the first is cancelled (its hold inactive), the same time can be held again.
    await db.update(bookingHosts).set({ active: false }).where(eq(bookingHosts.bookingId, booking.id));
    await db.insert(bookingHosts).values({ bookingId: other!.id, userId: 'sally', during: '[2026-12-01T15:35:00Z,2026-12-01T16:15:00Z)' });
    expect(await activeHolds()).toBe(1);
  });

  it('goes round the hosts: the one with fewest meetings coming takes the next', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    await addUser(db, 'sid', 'sales');
    const hostOf = async (start: string) => (await bookMeeting(db, guest, new Date(start), now)).hostIds;
    expect(await hostOf('2026-12-01T15:00:00Z')).toEqual(['sally']);
    expect(await hostOf('2026-12-01T15:00:00Z')).toEqual(['sid']);
    expect(await hostOf('2026-12-01T17:00:00Z')).toEqual(['sally']);
    // Both held at 9:00: the time is no longer offered, and booking it says it was just taken.
    await expect(bookMeeting(db, guest, new Date('2026-12-01T15:00:00Z'), now)).rejects.toThrow('That time was just taken');
  });

  it('refuses a time that was never offered: past, too soon, beyond the window, outside the hours, off the quarter hour', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    for (const start of [
      '2026-11-20T15:00:00Z',
      '2026-11-30T15:00:00Z',
      '2026-12-20T15:00:00Z',
      '2026-12-01T03:00:00Z',
      '2026-12-01T15:05:00Z',
    ])
      await expect(bookMeeting(db, guest, new Date(start), now), start).rejects.toThrow('That time is not offered');
    expect(await activeHolds()).toBe(0);
  });
});

describe('a booking’s life', () => {
  it('moves under the same UID with the next SEQUENCE, its link still works, and a cancelled one cannot move', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    const { booking, token } = await bookMeeting(db, guest, new Date('2026-12-01T15:00:00Z'), now);
    expect(booking.sequence).toBe(0);
    const found = (await findBookingByToken(db, token))!;
    expect(found.hosts.map((host) => host.userId)).toEqual(['sally']);
    // Fifteen minutes later overlaps its own hold: its own hold does not count against it.
    const moved = await rescheduleBooking(db, found, new Date('2026-12-01T15:15:00Z'), window, now);
    expect(moved).toMatchObject({ uid: booking.uid, sequence: 1 });
    expect(moved.startsAt.toISOString()).toBe('2026-12-01T15:15:00.000Z');
    const after = (await findBookingByToken(db, token))!;
    expect(after.booking.startsAt.toISOString()).toBe('2026-12-01T15:15:00.000Z');
    const [hold] = await db.select().from(bookingHosts).where(eq(bookingHosts.bookingId, booking.id));
    expect(hold!.during).toBe('["2026-12-01 15:15:00+00","2026-12-01 15:55:00+00")');

    const cancelled = await cancelBooking(db, after, now);
    expect(cancelled).toMatchObject({ status: 'cancelled', sequence: 2 });
    expect(await activeHolds()).toBe(0);
    expect(await cancelBooking(db, after, now)).toBeNull();
    await expect(
      rescheduleBooking(db, (await findBookingByToken(db, token))!, new Date('2026-12-01T16:00:00Z'), window, now),
    ).rejects.toThrow('This booking was cancelled, so it cannot be moved.');
    // A tampered or unknown token finds nothing.
    // (Its last character changed: 1 in 64 tokens already ends in A.)
    expect(await findBookingByToken(db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await findBookingByToken(db, 'short')).toBeNull();
  });

  it('an interview panel is booked only when every interviewer is free', async () => {
    const db = database.db;
    await addUser(db, 'ivan', 'interviewer');
    await addUser(db, 'iris', 'interviewer');
    const interview = { kind: 'interview' as const, durationMinutes: 60, guest: { ...guest, timeZone: 'America/Chicago' } };
    // Iris is already held on Tuesday at 9:00.
    await bookWithAll(db, { ...interview, start: new Date('2026-12-01T15:00:00Z') }, ['iris'], window, now);
    await expect(bookWithAll(db, { ...interview, start: new Date('2026-12-01T15:00:00Z') }, ['ivan', 'iris'], window, now)).rejects.toThrow(
      'That time was just taken',
    );
    const { hostIds } = await bookWithAll(db, { ...interview, start: new Date('2026-12-01T17:00:00Z') }, ['ivan', 'iris'], window, now);
    expect(hostIds).toEqual(['ivan', 'iris']);
    expect(await activeHolds()).toBe(3);
  });

  it('panels naming the same interviewers in either order, booked at once: one gets the time, the others are told it was taken', async () => {
    const db = database.db;
    await addUser(db, 'ivan', 'interviewer');
    await addUser(db, 'iris', 'interviewer');
    const interview = { kind: 'interview' as const, durationMinutes: 60, start: new Date('2026-12-01T15:00:00Z'), guest };
    for (let round = 0; round < 4; round++) {
      await db.delete(bookings);
      // Named in either order, the interviewers are held in one order (bookings.ts, lockHosts).
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => bookWithAll(db, interview, i % 2 ? ['ivan', 'iris'] : ['iris', 'ivan'], window, now)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')) {
        expect(result.reason).toBeInstanceOf(BookingRefused);
        expect((result.reason as BookingRefused).reason).toBe('taken');
      }
      expect(await activeHolds()).toBe(2);
    }
  }, 60_000);
});

describe('the sales inbox', () => {
  it('lists Book a Meeting meetings with their details: coming ones soonest first, then cancelled and past ones', async () => {
    const db = database.db;
    await addUser(db, 'sally', 'sales');
    const times = await meetingTimes(db, now);
    const later = await bookMeeting(db, { ...guest, name: 'Later Lee' }, times[3]!.start, now);
    const sooner = await bookMeeting(db, { ...guest, name: 'Sooner Sue', company: null, topic: null }, times[0]!.start, now);
    const gone = await bookMeeting(db, { ...guest, name: 'Gone Gil' }, times[6]!.start, now);
    await cancelBooking(db, (await findBookingByToken(db, gone.token))!, now);
    const rows = await meetingsForInbox(db, now);
    expect(rows.map((row) => [row.guestName, row.state, row.host])).toEqual([
      ['Sooner Sue', 'coming', 'sally Test'],
      ['Later Lee', 'coming', 'sally Test'],
      ['Gone Gil', 'cancelled', 'sally Test'],
    ]);
    expect(rows[1]).toMatchObject({ guestEmail: guest.email, guestCompany: 'Acme', topic: 'Cloud migration' });
    expect(rows[0]).toMatchObject({ guestCompany: null, topic: null });
    // A week later the first two are held, the latest first; an interview is never listed.
    const weekLater = new Date(now.getTime() + 7 * 86_400_000);
    expect((await meetingsForInbox(db, weekLater)).map((row) => [row.guestName, row.state])).toEqual([
      ['Gone Gil', 'cancelled'],
      ['Later Lee', 'past'],
      ['Sooner Sue', 'past'],
    ]);
    expect(later.booking.id).not.toBe(sooner.booking.id);
  });
});
