import { randomUUID } from 'node:crypto';
import { BOOKING_UID_SUFFIX } from '../../lib/scheduling/booking-uid.ts';
import { and, count, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { EXCLUSION_VIOLATION, violates } from '../db/errors.ts';
import { rolesWith } from '../access/permissions.ts';
import { applications, bookingHosts, bookings, interviewRequests, staffDaysOff, staffSchedules, users } from '../db/schema.ts';
import { hashSecretToken, newSecretToken } from '../secret-tokens.ts';
import { sealText } from '../mail/sealed.ts';
import { COMPANY_TIME_ZONE } from '../../lib/format.ts';
import { zoneOrCompany } from '../../lib/scheduling/format.ts';
import { COMPANY_HOURS, DEFAULT_BUFFER_MINUTES, DEFAULT_NOTICE_MINUTES, type BookingKind } from '../../lib/scheduling/hours.ts';
import { freeTimes, type FreeTime, type HostCalendar, type SlotRequest } from './slots.ts';
import { calendarHolds } from '../calendars/sources.ts';

/**
 * Bookings (issue 31): each one a transaction that holds its hosts for the meeting and their
 * buffer. Whether a time is free is computed for the page and checked again here, but what keeps
 * two bookings from holding one person at once is the database's exclusion constraint
 * (booking_hosts_no_overlap), whichever instance takes them: a booking that loses the race is
 * refused with "That time was just taken" and fresh times, never booked twice.
 */

const DAY = 86_400_000;
/** Book a Meeting: 30 minutes, within the next 14 days. */
export const MEETING_MINUTES = 30;
export const BOOKING_WINDOW_DAYS = 14;
/** The purpose the manage token is sealed under (its own key). */
export const MANAGE_TOKEN_SEAL = 'booking manage token';

/**
 * What one booking and one guest can make the site send (issue 50): each move e-mails the guest and
 * every host, so a booking moves a few times at most through its link; an address holds a few
 * meetings still to come, so nobody books a stranger's address again and again.
 */
export const MAX_MOVES = 3;
export const MAX_COMING_MEETINGS_PER_GUEST = 3;

export const bookingMessages = {
  taken: 'That time was just taken. Please choose another one.',
  notOffered: 'That time is not offered. Please choose one of the times shown.',
  cancelled: 'This booking was cancelled, so it cannot be moved.',
  past: 'This booking has already taken place.',
  tooManyMoves: `This booking has been moved ${MAX_MOVES} times, the most it can be from its link. Please cancel it and book a new time, or write to us.`,
  tooManyBookings: `This address already has ${MAX_COMING_MEETINGS_PER_GUEST} meetings booked with us. Please move or cancel one with the link in its e-mail, or write to us.`,
} as const;

type BookingRow = typeof bookings.$inferSelect;
type DrizzleTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a change of a booking records in its own transaction (the timeline, the audit log, the
 * record of domain events: scheduling/meetings.ts, recordBookingChange), so neither is without the other.
 */
export type BookingHook = (tx: DrizzleTransaction, booking: BookingRow) => Promise<void>;

/** A time that cannot be booked, with the reason in words for the person booking. */
export class BookingRefused extends Error {
  readonly reason: keyof typeof bookingMessages;
  /** For "taken": the times still free, so the page can offer them at once. */
  readonly freshTimes: FreeTime[];

  constructor(reason: keyof typeof bookingMessages, freshTimes: FreeTime[] = []) {
    super(bookingMessages[reason]);
    this.name = 'BookingRefused';
    this.reason = reason;
    this.freshTimes = freshTimes;
  }
}

/**
 * Takes each host's transaction lock, in one order, before a transaction writes their holds.
 * Without it the exclusion constraint decides races by waiting on the other writers' rows, and
 * three or more writers for one host wait on each other in a circle: PostgreSQL then ends one as
 * a deadlock (40P01) after deadlock_timeout, a second's stall and an error that is not "taken"
 * (seen as 57 of 1,960 racers in 40 rounds of the fifty-people test). Under the lock they queue:
 * each writer finds the earlier ones committed, and the constraint refuses at once.
 * Guest locks (insertBooking) are always taken before these, never after.
 */
async function lockHosts(tx: DrizzleTransaction, userIds: readonly string[]) {
  for (const userId of [...new Set(userIds)].sort()) await transactionLock(tx, `host:${userId}`);
}

/** A lock of `key` held until the transaction ends (a guest's address, a host). */
const transactionLock = (tx: DrizzleTransaction, key: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/** The database refused a hold: someone holds one of the hosts at an overlapping time. */
const isDoubleBooking = (error: unknown): boolean => violates(error, EXCLUSION_VIOLATION, 'booking_hosts_no_overlap');

/**
 * Why a start is not free: "taken" when it would be free but for what holds the hosts now (the
 * person saw it offered a moment ago), "notOffered" when it never would be (outside the hours,
 * the notice or the window, or not a quarter hour: an old or altered page).
 */
function refusalFor(calendars: HostCalendar[], request: SlotRequest, start: Date, mode: 'any' | 'all'): BookingRefused {
  const unheld = calendars.map((calendar) => ({ ...calendar, holds: [], busy: [] }));
  const wouldBeFree = freeTimes(unheld, request, mode).some((time) => time.start.getTime() === start.getTime());
  return wouldBeFree ? new BookingRefused('taken', freeTimes(calendars, request, mode)) : new BookingRefused('notOffered');
}

/** '[start,end)' for a tstzrange column. */
const range = (start: Date, end: Date) => `[${start.toISOString()},${end.toISOString()})`;

/**
 * The calendars of these people over a window: their hours (or the company's), days off, and what
 * holds them (active holds overlapping the window; one booking's own holds left out when it is
 * the one being moved).
 */
export async function hostCalendars(
  db: Database,
  userIds: readonly string[],
  window: { from: Date; to: Date },
  exceptBookingId?: string,
): Promise<HostCalendar[]> {
  if (userIds.length === 0) return [];
  const ids = [...userIds];
  const reach = { from: new Date(window.from.getTime() - DAY), to: new Date(window.to.getTime() + DAY) };
  const [schedules, daysOff, holds, busy] = await Promise.all([
    db.select().from(staffSchedules).where(inArray(staffSchedules.userId, ids)),
    db
      .select()
      .from(staffDaysOff)
      .where(
        and(
          inArray(staffDaysOff.userId, ids),
          gte(staffDaysOff.day, new Date(window.from.getTime() - DAY).toISOString().slice(0, 10)),
          lt(staffDaysOff.day, new Date(window.to.getTime() + 2 * DAY).toISOString().slice(0, 10)),
        ),
      ),
    db
      .select({
        userId: bookingHosts.userId,
        start: sql<string>`lower(${bookingHosts.during})`,
        end: sql<string>`upper(${bookingHosts.during})`,
      })
      .from(bookingHosts)
      .where(
        and(
          inArray(bookingHosts.userId, ids),
          eq(bookingHosts.active, true),
          // Holds reaching into the window, and a day around it for the daily cap.
          sql`${bookingHosts.during} && tstzrange(${new Date(window.from.getTime() - DAY).toISOString()}::timestamptz, ${new Date(window.to.getTime() + DAY).toISOString()}::timestamptz)`,
          exceptBookingId ? ne(bookingHosts.bookingId, exceptBookingId) : undefined,
        ),
      ),
    calendarHolds(db, ids, reach),
  ]);
  return ids.map((userId) => {
    const schedule = schedules.find((row) => row.userId === userId);
    return {
      userId,
      timeZone: schedule?.timeZone ?? COMPANY_TIME_ZONE,
      weeklyHours: schedule?.weeklyHours ?? COMPANY_HOURS,
      daysOff: new Set(daysOff.filter((row) => row.userId === userId).map((row) => row.day)),
      bufferMinutes: schedule?.bufferMinutes ?? DEFAULT_BUFFER_MINUTES,
      noticeMinutes: schedule?.noticeMinutes ?? DEFAULT_NOTICE_MINUTES,
      dailyCap: schedule?.dailyCap ?? null,
      holds: holds.filter((row) => row.userId === userId).map((row) => ({ start: new Date(row.start), end: new Date(row.end) })),
      busy: busy.get(userId) ?? [],
    };
  });
}

/** Asked by every application's page for the viewer (builtOnce); one array parameter for any number of hosts. */
const zonesOf = builtOnce((db: Pick<Database, 'select'>) =>
  db
    .select({ userId: staffSchedules.userId, timeZone: staffSchedules.timeZone })
    .from(staffSchedules)
    .where(sql`${staffSchedules.userId} = any(${sql.placeholder('ids')}::text[])`)
    .prepare(''),
);

/** Each host's own zone (the company's when they set none): their e-mails show times in it. */
export async function hostZones(db: Pick<Database, 'select'>, hosts: ReadonlyArray<{ userId: string }>): Promise<Map<string, string>> {
  const rows = hosts.length ? await zonesOf(db).execute({ ids: hosts.map((host) => host.userId) }) : [];
  return new Map(hosts.map((host) => [host.userId, zoneOrCompany(rows.find((row) => row.userId === host.userId)?.timeZone)]));
}

/** The people visitors can book a meeting with: those whose role hosts meetings and who have not opted out. */
export async function meetingHostIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(staffSchedules, eq(staffSchedules.userId, users.id))
    .where(and(inArray(users.role, rolesWith('meetings.host')), sql`coalesce(${staffSchedules.takesMeetings}, true)`))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}

/** What can be booked or moved to: from now to BOOKING_WINDOW_DAYS ahead. */
export const bookingWindow = (now: Date) => ({ from: now, to: new Date(now.getTime() + BOOKING_WINDOW_DAYS * DAY) });

/**
 * Where a booking can move to: a meeting within the next 14 days; an interview within the window
 * it was proposed for (from now on), since the candidate was offered that window and no other.
 */
export async function moveWindowOf(db: Database, booking: { id: string; kind: BookingKind }, now: Date) {
  if (booking.kind !== 'interview') return bookingWindow(now);
  const [request] = await db
    .select({ start: interviewRequests.windowStart, end: interviewRequests.windowEnd })
    .from(interviewRequests)
    .where(eq(interviewRequests.bookingId, booking.id));
  if (!request) return bookingWindow(now);
  return { from: new Date(Math.max(now.getTime(), request.start.getTime())), to: request.end };
}

/** The free times of Book a Meeting: the next 14 days, when at least one host is free. */
export async function meetingTimes(db: Database, now = new Date()): Promise<FreeTime[]> {
  return (await meetingOffer(db, now)).times;
}

/** Book a Meeting's free times, and how many people take meetings (none: the page says so, not "no free time"). */
export async function meetingOffer(db: Database, now = new Date()): Promise<{ hosts: number; hostIds: string[]; times: FreeTime[] }> {
  const window = bookingWindow(now);
  const ids = await meetingHostIds(db);
  const hosts = await hostCalendars(db, ids, window);
  return { hosts: ids.length, hostIds: ids, times: freeTimes(hosts, { durationMinutes: MEETING_MINUTES, ...window, now }, 'any') };
}

export interface Guest {
  name: string;
  email: string;
  company?: string | null;
  topic?: string | null;
  /** The zone they chose the time in (their e-mails show it). */
  timeZone: string;
}

export interface NewBooking {
  /** AUTH_SECRET: the manage token is kept sealed with it too, for the reminder's link. */
  secret?: string;
  kind: BookingKind;
  start: Date;
  durationMinutes: number;
  guest: Guest;
  applicationId?: string | null;
}

/**
 * Holds every host and records the booking, in one transaction; the constraint refuses an overlap.
 * A meeting is refused when its guest's address already holds MAX_COMING_MEETINGS_PER_GUEST still
 * to come (counted under a lock on the address, so bookings at the same moment cannot pass it together).
 */
async function insertBooking(db: Database, booking: NewBooking, hosts: readonly HostCalendar[], now = new Date(), hook?: BookingHook) {
  const token = newSecretToken();
  const end = new Date(booking.start.getTime() + booking.durationMinutes * 60_000);
  const row = await db.transaction(async (tx) => {
    if (booking.kind === 'meeting') {
      await transactionLock(tx, `guest:${booking.guest.email.toLowerCase()}`);
      const [coming] = await tx
        .select({ count: count() })
        .from(bookings)
        .where(
          and(
            eq(bookings.kind, 'meeting'),
            eq(bookings.status, 'confirmed'),
            sql`lower(${bookings.guestEmail}) = ${booking.guest.email.toLowerCase()}`,
            gte(bookings.endsAt, now),
          ),
        );
      if ((coming?.count ?? 0) >= MAX_COMING_MEETINGS_PER_GUEST) throw new BookingRefused('tooManyBookings');
    }
    await lockHosts(
      tx,
      hosts.map((host) => host.userId),
    );
    const [inserted] = await tx
      .insert(bookings)
      .values({
        uid: `${randomUUID()}${BOOKING_UID_SUFFIX}`,
        kind: booking.kind,
        startsAt: booking.start,
        endsAt: end,
        guestName: booking.guest.name,
        guestEmail: booking.guest.email,
        guestCompany: booking.guest.company ?? null,
        topic: booking.guest.topic ?? null,
        guestTimeZone: booking.guest.timeZone,
        applicationId: booking.applicationId ?? null,
        manageTokenHash: hashSecretToken(token),
        manageTokenSealed: booking.secret ? sealText(booking.secret, MANAGE_TOKEN_SEAL, token) : null,
        // The engine's clock (its moves and cancellations set updatedAt from it too): the reminder
        // is skipped for a booking made within its 24 hours, judged by this time.
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(bookingHosts).values(
      hosts.map((host) => ({
        bookingId: inserted!.id,
        userId: host.userId,
        during: range(booking.start, new Date(end.getTime() + host.bufferMinutes * 60_000)),
      })),
    );
    await hook?.(tx, inserted!);
    return inserted!;
  });
  return { booking: row, hostIds: hosts.map((host) => host.userId), token };
}

/** How many meetings each host has coming: the one with fewest takes the next (round robin). */
async function upcomingLoads(db: Database, hostIds: readonly string[], now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: bookingHosts.userId, count: count() })
    .from(bookingHosts)
    .innerJoin(bookings, eq(bookings.id, bookingHosts.bookingId))
    .where(and(inArray(bookingHosts.userId, [...hostIds]), eq(bookingHosts.active, true), gte(bookings.startsAt, now)))
    .groupBy(bookingHosts.userId);
  return new Map(rows.map((row) => [row.userId, row.count]));
}

/**
 * Books a meeting at a start the page offered: checked again against the hosts' calendars, then
 * given to the free host with the fewest meetings coming; if that host was taken meanwhile (the
 * constraint says so), the next free one; if none is left, refused with the fresh times.
 */
export async function bookMeeting(db: Database, guest: Guest, start: Date, now = new Date(), secret?: string, hook?: BookingHook) {
  const window = bookingWindow(now);
  const calendars = await hostCalendars(db, await meetingHostIds(db), window);
  const request = { durationMinutes: MEETING_MINUTES, ...window, now };
  const offered = freeTimes(calendars, request, 'any').find((time) => time.start.getTime() === start.getTime());
  if (!offered) throw refusalFor(calendars, request, start, 'any');
  const loads = await upcomingLoads(db, offered.hosts, now);
  const order = [...offered.hosts].sort((a, b) => (loads.get(a) ?? 0) - (loads.get(b) ?? 0) || a.localeCompare(b));
  for (const hostId of order) {
    try {
      return await insertBooking(
        db,
        { kind: 'meeting', start, durationMinutes: MEETING_MINUTES, guest, secret },
        [calendars.find((calendar) => calendar.userId === hostId)!],
        now,
        hook,
      );
    } catch (error) {
      if (!isDoubleBooking(error)) throw error;
    }
  }
  throw new BookingRefused('taken', await meetingTimes(db, now));
}

/** Books a time for every one of these hosts at once (an interview panel), or refuses. */
export async function bookWithAll(
  db: Database,
  booking: NewBooking,
  hostIds: readonly string[],
  window: { from: Date; to: Date },
  now = new Date(),
) {
  const calendars = await hostCalendars(db, hostIds, window);
  const request = { durationMinutes: booking.durationMinutes, ...window, now };
  const offered = freeTimes(calendars, request, 'all').some((time) => time.start.getTime() === booking.start.getTime());
  if (!offered) throw refusalFor(calendars, request, booking.start, 'all');
  try {
    return await insertBooking(db, booking, calendars, now);
  } catch (error) {
    if (!isDoubleBooking(error)) throw error;
    throw new BookingRefused('taken', freeTimes(await hostCalendars(db, hostIds, window), request, 'all'));
  }
}

/** The booking a manage link names (cancel, move), with its hosts; null for an unknown token. */
export async function findBookingByToken(db: Database, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [booking] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.manageTokenHash, hashSecretToken(token)));
  return booking ? withHosts(db, booking) : null;
}

/** A booking by its id, with its hosts (the server's own use: an erasure). */
export async function findBookingById(db: Database, id: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  return booking ? withHosts(db, booking) : null;
}

async function withHosts(db: Database, booking: typeof bookings.$inferSelect) {
  const hosts = await db
    .select({ userId: bookingHosts.userId, name: users.name, email: users.email })
    .from(bookingHosts)
    .innerJoin(users, eq(users.id, bookingHosts.userId))
    .where(eq(bookingHosts.bookingId, booking.id));
  return { booking, hosts };
}

export type FoundBooking = NonNullable<Awaited<ReturnType<typeof findBookingByToken>>>;

/**
 * Where a booking can move: its hosts' free times (all of them, for a panel) for its length, its
 * own holds left out. The booking's page offers these; a move is checked against them.
 */
export async function moveTimes(db: Database, { booking, hosts }: FoundBooking, window: { from: Date; to: Date }, now = new Date()) {
  const durationMinutes = (booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000;
  const calendars = await hostCalendars(
    db,
    hosts.map((host) => host.userId),
    window,
    booking.id,
  );
  const request = { durationMinutes, ...window, now };
  return { calendars, request, times: freeTimes(calendars, request, 'all') };
}

/**
 * Moves a booking to another start its hosts are free at (its own holds do not count against it):
 * the same UID with the next SEQUENCE, so calendars update the event they have; the manage link
 * keeps working. A cancelled or past booking is not moved.
 */
export async function rescheduleBooking(
  db: Database,
  found: FoundBooking,
  start: Date,
  window: { from: Date; to: Date },
  now = new Date(),
  hook?: BookingHook,
) {
  const { booking } = found;
  if (booking.status === 'cancelled') throw new BookingRefused('cancelled');
  if (booking.endsAt.getTime() <= now.getTime()) throw new BookingRefused('past');
  // Its SEQUENCE counts its moves while it stands (a cancellation ends it).
  if (booking.sequence >= MAX_MOVES) throw new BookingRefused('tooManyMoves');
  const { calendars, request, times } = await moveTimes(db, found, window, now);
  if (!times.some((time) => time.start.getTime() === start.getTime())) throw refusalFor(calendars, request, start, 'all');
  const end = new Date(start.getTime() + request.durationMinutes * 60_000);
  try {
    return await db.transaction(async (tx) => {
      await lockHosts(
        tx,
        calendars.map((calendar) => calendar.userId),
      );
      const [moved] = await tx
        .update(bookings)
        .set({ startsAt: start, endsAt: end, sequence: sql`${bookings.sequence} + 1`, reminderSentAt: null, updatedAt: now })
        // Two moves at the same moment cannot pass the limit together.
        .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'confirmed'), lt(bookings.sequence, MAX_MOVES)))
        .returning();
      if (!moved) {
        // Cancelled, or moved to its limit, meanwhile.
        const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
        throw new BookingRefused(current?.status === 'confirmed' ? 'tooManyMoves' : 'cancelled');
      }
      for (const calendar of calendars)
        await tx
          .update(bookingHosts)
          .set({ during: range(start, new Date(end.getTime() + calendar.bufferMinutes * 60_000)) })
          .where(and(eq(bookingHosts.bookingId, booking.id), eq(bookingHosts.userId, calendar.userId)));
      await hook?.(tx, moved);
      return moved;
    });
  } catch (error) {
    if (!isDoubleBooking(error)) throw error;
    throw new BookingRefused('taken', (await moveTimes(db, found, window, now)).times);
  }
}

/** Cancels a booking and frees its hosts (SEQUENCE raised for the METHOD:CANCEL); cancelling twice changes nothing. */
export async function cancelBooking(db: Database, found: FoundBooking, now = new Date(), hook?: BookingHook) {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, sequence: sql`${bookings.sequence} + 1`, updatedAt: now })
      .where(and(eq(bookings.id, found.booking.id), eq(bookings.status, 'confirmed')))
      .returning();
    await tx.update(bookingHosts).set({ active: false }).where(eq(bookingHosts.bookingId, found.booking.id));
    if (cancelled) await hook?.(tx, cancelled);
    return cancelled ?? null;
  });
}

/** A host's meetings and interviews still to come, soonest first: their home lists them (issue 30's sales home). */
export async function upcomingBookingsOf(db: Database, userId: string, now = new Date(), limit = 5) {
  const mine = and(eq(bookingHosts.userId, userId), eq(bookingHosts.active, true), gte(bookings.endsAt, now));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: bookings.id,
        kind: bookings.kind,
        startsAt: bookings.startsAt,
        guestName: bookings.guestName,
        guestEmail: bookings.guestEmail,
        guestCompany: bookings.guestCompany,
        applicationId: bookings.applicationId,
        positionId: applications.positionId,
      })
      .from(bookingHosts)
      .innerJoin(bookings, eq(bookings.id, bookingHosts.bookingId))
      .leftJoin(applications, eq(applications.id, bookings.applicationId))
      .where(mine)
      .orderBy(bookings.startsAt)
      .limit(limit),
    db.select({ count: count() }).from(bookingHosts).innerJoin(bookings, eq(bookings.id, bookingHosts.bookingId)).where(mine),
  ]);
  return { count: total?.count ?? 0, rows };
}

/**
 * Book a Meeting's meetings for the sales inbox (beside the contact form's messages): those still
 * to come, then those of the last 30 days, with who booked, what about, the host and the state.
 */
export async function meetingsForInbox(db: Database, now = new Date(), limit = 50) {
  const since = new Date(now.getTime() - 30 * DAY);
  const rows = await db
    .select({
      id: bookings.id,
      startsAt: bookings.startsAt,
      status: bookings.status,
      guestName: bookings.guestName,
      guestEmail: bookings.guestEmail,
      guestCompany: bookings.guestCompany,
      topic: bookings.topic,
      createdAt: bookings.createdAt,
      // Spelt out: inside a select list drizzle writes columns without their table, which the subquery would misread.
      host: sql<
        string | null
      >`(select string_agg(u.name, ', ' order by u.name) from booking_hosts bh join users u on u.id = bh.user_id where bh.booking_id = "bookings"."id")`,
    })
    .from(bookings)
    .where(and(eq(bookings.kind, 'meeting'), gte(bookings.endsAt, since)))
    // Coming ones first (soonest first), then the past ones (latest first).
    .orderBy(
      sql`${bookings.endsAt} < ${now.toISOString()}::timestamptz`,
      sql`case when ${bookings.endsAt} >= ${now.toISOString()}::timestamptz then ${bookings.startsAt} end asc`,
      sql`${bookings.startsAt} desc`,
    )
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    state:
      row.status === 'cancelled'
        ? ('cancelled' as const)
        : row.startsAt.getTime() + 30 * 60_000 <= now.getTime()
          ? ('past' as const)
          : ('coming' as const),
  }));
}
