import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../db/schema';
import { startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import { bookMeeting, cancelBooking, findBookingByToken, rescheduleBooking } from './bookings';
import { sendBookingReminders } from './reminders';

/* Reminders 24 hours before, through the real queue's e-mail jobs: once, never for a cancelled or a late booking. */

let backend: TestBackend;
const SITE = 'https://www.helixpoint.test';
const guest = { name: 'Rhea Reminded', email: 'rhea@mail.test', timeZone: 'Europe/Paris' };
// Booked on Sunday noon (Chicago) for Wednesday 9:00: the reminder falls due on Tuesday 9:00.
const bookedAt = new Date('2026-11-29T18:00:00Z');
const start = new Date('2026-12-02T15:00:00Z');

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE });
  await addUser(backend.database.db, 'sally', 'sales');
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

async function mailsTo(address: string, subject: RegExp) {
  const { rows } = await backend.database.pool.query<{ data: { to: string; subject: string; text: string } }>(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1`,
    [address],
  );
  return rows.map((row) => row.data).filter((mail) => subject.test(mail.subject));
}

describe('booking reminders', () => {
  it('go once, 24 hours before, to the guest with the link to move or cancel and to the host; a move gets its own', async () => {
    const db = backend.database.db;
    const deps = { db, jobs: backend.jobs, rateLimits: backend.rateLimits, siteUrl: SITE, secret: TEST_SECRET };
    // Bookings' updated_at is the time of booking: the test's clock, not the database's.
    const { booking, token } = await bookMeeting(db, guest, start, bookedAt, TEST_SECRET);
    await db.update(bookings).set({ updatedAt: bookedAt, createdAt: bookedAt }).where(eq(bookings.id, booking.id));

    expect(await sendBookingReminders(deps, new Date('2026-12-01T14:59:00Z'))).toBe(0); // 24 h 1 min before
    expect(await sendBookingReminders(deps, new Date('2026-12-01T15:00:00Z'))).toBe(1);
    expect(await sendBookingReminders(deps, new Date('2026-12-01T15:05:00Z'))).toBe(0); // claimed once
    const [reminder] = await mailsTo(guest.email, /^Reminder: your meeting/);
    expect(reminder!.subject).toBe('Reminder: your meeting on Wednesday, December 2, 2026 at 4:00 PM GMT+1');
    expect(reminder!.text).toContain(`${SITE}/bookings/${token}`);
    const [host] = await db.select().from(users).where(eq(users.id, 'sally'));
    expect(await mailsTo(host!.email, /^Reminder: meeting with Rhea Reminded/)).toHaveLength(1);

    // Moved a day later (well ahead): a reminder for the new time.
    const found = (await findBookingByToken(db, token))!;
    const movedAt = new Date('2026-12-01T16:00:00Z');
    await rescheduleBooking(db, found, new Date('2026-12-03T15:00:00Z'), { from: movedAt, to: new Date('2026-12-15T00:00:00Z') }, movedAt);
    expect(await sendBookingReminders(deps, new Date('2026-12-02T15:00:00Z'))).toBe(1);
  });

  it('never for a cancelled booking, nor one booked within the 24 hours', async () => {
    const db = backend.database.db;
    const deps = { db, jobs: backend.jobs, rateLimits: backend.rateLimits, siteUrl: SITE, secret: TEST_SECRET };
    const cancelled = await bookMeeting(
      db,
      { ...guest, email: 'cancel@mail.test' },
      new Date('2026-12-07T15:00:00Z'),
      new Date('2026-12-04T15:00:00Z'),
    );
    await db
      .update(bookings)
      .set({ updatedAt: new Date('2026-12-04T15:00:00Z') })
      .where(eq(bookings.id, cancelled.booking.id));
    await cancelBooking(db, (await findBookingByToken(db, cancelled.token))!, new Date('2026-12-04T16:00:00Z'));
    // Booked Monday evening for Tuesday morning: the confirmation is the reminder.
    const late = await bookMeeting(
      db,
      { ...guest, email: 'late@mail.test' },
      new Date('2026-12-08T15:00:00Z'),
      new Date('2026-12-07T14:00:00Z'),
    );
    await db
      .update(bookings)
      .set({ updatedAt: new Date('2026-12-07T14:00:00Z') })
      .where(eq(bookings.id, late.booking.id));
    expect(await sendBookingReminders(deps, new Date('2026-12-07T14:30:00Z'))).toBe(0);
  });
});
