import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applications, bookingHosts, bookings, positions, staffDaysOff, staffSchedules, users } from '../db/schema.ts';
import { can, type Who } from '../access/permissions.ts';
import { audit, type Actor } from '../audit/log.ts';
import { fieldErrorsOf } from '../public-form.ts';
import { sealText, unsealText } from '../mail/sealed.ts';
import { hashSecretToken, newSecretToken } from '../secret-tokens.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { zoneOrCompany } from '../../lib/scheduling/format.ts';
import { capitalised } from '../mail/booking-templates.ts';
import {
  availabilityFormSchema,
  dayOffFormSchema,
  defaultAvailability,
  isDay,
  type Availability,
  type AvailabilityFieldErrors,
  type DayOffFieldErrors,
} from '../../lib/scheduling/availability-form.ts';
import { bookingFeed, eventOf, type CalendarBooking } from './ics.ts';
import { dayIn } from './slots.ts';

/**
 * A staff member's own availability (issue 31, /account/availability): their weekly hours in their
 * zone, buffer, notice, daily cap and whether they take Book a Meeting's meetings (one row of
 * staff_schedules, the company's defaults until they save one), their days off, and the private
 * calendar feed of their bookings: a secret URL any calendar app subscribes to, kept hashed (the
 * feed is found by its SHA-256) and sealed with AUTH_SECRET (their page shows it again). Renewing
 * it replaces both, so the old URL stops working at once.
 */

/** The purpose the feed token is sealed under (its own key, not the manage token's). */
export const FEED_TOKEN_SEAL = 'calendar feed token';
/** The feed lists bookings from this many days ago onward. */
export const FEED_PAST_DAYS = 30;
export const feedPath = (token: string) => `/calendar/${token}.ics`;

const DAY = 86_400_000;

export interface OwnAvailability extends Availability {
  /** Whether they saved their own (false: the company's defaults). */
  saved: boolean;
  /** Whether a calendar feed exists, and its token sealed (null when it was never made). */
  feedTokenSealed: string | null;
  hasFeed: boolean;
}

export async function loadAvailability(db: Database, userId: string): Promise<OwnAvailability> {
  const [row] = await db.select().from(staffSchedules).where(eq(staffSchedules.userId, userId));
  if (!row) return { ...defaultAvailability, saved: false, feedTokenSealed: null, hasFeed: false };
  return {
    timeZone: zoneOrCompany(row.timeZone),
    weeklyHours: row.weeklyHours,
    bufferMinutes: row.bufferMinutes,
    noticeMinutes: row.noticeMinutes,
    dailyCap: row.dailyCap,
    takesMeetings: row.takesMeetings,
    saved: true,
    feedTokenSealed: row.feedTokenSealed,
    hasFeed: row.feedTokenHash !== null,
  };
}

export type SaveOutcome<E> = { ok: true } | { ok: false; fieldErrors: E };

/**
 * Saves the availability form (its text as posted). Taking Book a Meeting's meetings is only
 * theirs to change when their role hosts meetings; otherwise it stays as it was.
 */
export async function saveAvailability(
  db: Database,
  who: Who,
  input: unknown,
  now = new Date(),
): Promise<SaveOutcome<AvailabilityFieldErrors>> {
  const parsed = availabilityFormSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const { takesMeetings, ...values } = parsed.data;
  const hosts = can(who, 'meetings.host');
  await db
    .insert(staffSchedules)
    .values({ userId: who.id, ...values, ...(hosts ? { takesMeetings } : {}), updatedAt: now })
    .onConflictDoUpdate({ target: staffSchedules.userId, set: { ...values, ...(hosts ? { takesMeetings } : {}), updatedAt: now } });
  return { ok: true };
}

/** Their own today (YYYY-MM-DD in their zone). */
export async function todayOf(db: Database, userId: string, now = new Date()): Promise<{ today: string; timeZone: string }> {
  const [row] = await db.select({ timeZone: staffSchedules.timeZone }).from(staffSchedules).where(eq(staffSchedules.userId, userId));
  const timeZone = zoneOrCompany(row?.timeZone);
  return { today: dayIn(now, timeZone), timeZone };
}

/** Their days off from `today` on, sorted (past ones are not listed). */
export async function upcomingDaysOff(db: Database, userId: string, today: string): Promise<string[]> {
  const rows = await db
    .select({ day: staffDaysOff.day })
    .from(staffDaysOff)
    .where(and(eq(staffDaysOff.userId, userId), gte(staffDaysOff.day, today)))
    .orderBy(asc(staffDaysOff.day));
  return rows.map((row) => row.day);
}

/** Adds the days of the form (one day, or from one to another), from their today to a year ahead. */
export async function addDaysOff(db: Database, userId: string, input: unknown, now = new Date()): Promise<SaveOutcome<DayOffFieldErrors>> {
  const { today } = await todayOf(db, userId, now);
  const parsed = dayOffFormSchema(today).safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const days: string[] = [];
  for (
    let day = parsed.data.from;
    day <= parsed.data.until;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10)
  )
    days.push(day);
  await db
    .insert(staffDaysOff)
    .values(days.map((day) => ({ userId, day })))
    .onConflictDoNothing();
  return { ok: true };
}

/** Removes their days off from one day to another (both included); anything not a day removes nothing. */
export async function removeDaysOff(db: Database, userId: string, from: string, until: string): Promise<number> {
  if (!isDay(from) || !isDay(until)) return 0;
  const removed = await db
    .delete(staffDaysOff)
    .where(and(eq(staffDaysOff.userId, userId), gte(staffDaysOff.day, from), lte(staffDaysOff.day, until)))
    .returning({ day: staffDaysOff.day });
  return removed.length;
}

/**
 * A new secret for their calendar feed (the first one, or one that replaces the old: the old URL
 * then finds nothing). Its row is made with the defaults if they never saved one. Audited.
 */
export async function renewFeedToken(db: Database, actor: Actor & { id: string }, secret: string, now = new Date()): Promise<string> {
  const token = newSecretToken();
  const feed = { feedTokenHash: hashSecretToken(token), feedTokenSealed: sealText(secret, FEED_TOKEN_SEAL, token), updatedAt: now };
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ hash: staffSchedules.feedTokenHash })
      .from(staffSchedules)
      .where(eq(staffSchedules.userId, actor.id))
      .for('update');
    await tx
      .insert(staffSchedules)
      .values({ userId: actor.id, weeklyHours: defaultAvailability.weeklyHours, ...feed })
      .onConflictDoUpdate({ target: staffSchedules.userId, set: feed });
    await audit(tx, actor, 'user.calendar_feed_renewed', actor.id, { first: !previous?.hash });
  });
  return token;
}

/** The feed's token again, for their page; null when there is none or it was sealed under another AUTH_SECRET. */
export function feedTokenOf(sealed: string | null, secret: string): string | null {
  if (!sealed) return null;
  try {
    return unsealText(secret, FEED_TOKEN_SEAL, sealed);
  } catch {
    return null;
  }
}

/** What a staff member's calendar shows of a booking: who it is with, and what about. */
function titleOf(booking: typeof bookings.$inferSelect): string {
  const company = booking.kind === 'meeting' && booking.guestCompany ? ` (${booking.guestCompany})` : '';
  return `${capitalised(booking.kind)} with ${booking.guestName}${company}`;
}

/**
 * Bookings as their hosts' calendars show them (the private feed, the copy written into a host's
 * own calendar): who it is with and about what, every host listed, without the guest's manage
 * link. In the order of the ids given.
 */
export async function hostEntries(db: Database, bookingIds: readonly string[]): Promise<CalendarBooking[]> {
  if (bookingIds.length === 0) return [];
  const ids = [...bookingIds];
  const [rows, hosts] = await Promise.all([
    db
      .select({ booking: bookings, positionTitle: positions.title })
      .from(bookings)
      .leftJoin(applications, eq(applications.id, bookings.applicationId))
      .leftJoin(positions, eq(positions.id, applications.positionId))
      .where(inArray(bookings.id, ids)),
    db
      .select({ bookingId: bookingHosts.bookingId, name: users.name, email: users.email })
      .from(bookingHosts)
      .innerJoin(users, eq(users.id, bookingHosts.userId))
      .where(inArray(bookingHosts.bookingId, ids))
      .orderBy(asc(users.name)),
  ]);
  const byId = new Map(rows.map((row) => [row.booking.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { booking, positionTitle } = row;
    return [
      {
        ...eventOf(booking),
        title: titleOf(booking),
        guest: { name: booking.guestName, email: booking.guestEmail },
        hosts: hosts.filter((host) => host.bookingId === booking.id).map(({ name, email }) => ({ name, email })),
        details:
          [positionTitle && `Position: ${positionTitle}`, booking.topic && `Topic: ${booking.topic}`].filter(Boolean).join('\n') ||
          undefined,
      },
    ];
  });
}

/**
 * The feed a secret URL names: the person's bookings from FEED_PAST_DAYS ago on, cancelled ones
 * included (marked, so calendars drop them), without the guest's manage link. Null for a token
 * that is not one (its shape first), that was renewed away, or whose owner no longer holds
 * schedule.own (a role changed since).
 */
export async function calendarFeed(
  db: Database,
  token: string,
  organizer: { name: string; email: string },
  now = new Date(),
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [owner] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(staffSchedules)
    .innerJoin(users, eq(users.id, staffSchedules.userId))
    .where(eq(staffSchedules.feedTokenHash, hashSecretToken(token)));
  if (!owner || !can(owner, 'schedule.own')) return null;
  const rows = await db
    .select({ id: bookings.id })
    .from(bookingHosts)
    .innerJoin(bookings, eq(bookings.id, bookingHosts.bookingId))
    .where(and(eq(bookingHosts.userId, owner.id), gte(bookings.startsAt, new Date(now.getTime() - FEED_PAST_DAYS * DAY))))
    .orderBy(asc(bookings.startsAt));
  const entries = await hostEntries(
    db,
    rows.map((row) => row.id),
  );
  return bookingFeed(owner.name ? `${owner.name}: ${siteConfig.name} bookings` : `${siteConfig.name} bookings`, entries, organizer);
}
