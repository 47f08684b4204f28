import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { calendarBusyTimes, calendarSources, staffSchedules, users } from '../db/schema.ts';
import { audit, type Actor } from '../audit/log.ts';
import { fieldErrorsOf } from '../public-form.ts';
import { sealText, unsealText } from '../mail/sealed.ts';
import { hashSecretToken } from '../secret-tokens.ts';
import { guardedFetch, OutboundError, type AllowList } from '../outbound/guarded-fetch.ts';
import {
  calendarLinkSchema,
  calendarLinkTexts,
  linkToFetch,
  MAX_CALENDAR_LINKS,
  type CalendarLinkFieldErrors,
  type CalendarSourceView,
} from '../../lib/scheduling/calendar-link-form.ts';
import type { BusyTime } from './busy-times.ts';
import type { CalendarReader } from './calendar-reader.ts';
import { zoneOrCompany } from '../../lib/scheduling/format.ts';

/**
 * A person's own calendars (issue 53): connected by a secret iCalendar link, read through the
 * guard for URLs people type, their busy times kept for the times offered to anyone booking them.
 */

export const CALENDAR_LINK_SEAL = 'calendar link';
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Busy times are read from a day ago (a meeting under way) to past the furthest a booking reaches (60 days). */
export const READ_BEHIND_DAYS = 1;
export const READ_AHEAD_DAYS = 62;
/** A read's limits: a calendar of a few years is well under 5 MB; its server has 10 seconds. */
const READ_LIMITS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024 };
/**
 * A calendar not read for this long (it fails, or its server is gone) makes its owner unavailable:
 * offering times over a day it cannot see would be offering times that may be taken. Their page
 * says so, with the reason.
 */
export const UNREADABLE_AFTER_MINUTES = 60;

export interface CalendarReading {
  secret: string;
  allow: AllowList;
  now?: Date;
  /** Reads the file: the server's helper process (runtime.calendarReader, calendar-reader.ts). */
  reader: CalendarReader;
}

const unreadableSince = (now: Date) => new Date(now.getTime() - UNREADABLE_AFTER_MINUTES * MINUTE);

export async function listCalendarSources(db: Database, userId: string, now = new Date()): Promise<CalendarSourceView[]> {
  const rows = await db.select().from(calendarSources).where(eq(calendarSources.userId, userId)).orderBy(asc(calendarSources.createdAt));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    readAt: row.readAt,
    busyCount: row.busyCount,
    error: row.error,
    errorAt: row.errorAt,
    unreadable: (row.readAt ?? row.createdAt) < unreadableSince(now),
  }));
}

/** Reads a calendar's link: its busy times over the window, or why it could not (in words for its owner). */
async function fetchBusyTimes(
  link: string,
  owner: { email: string; timeZone: string },
  { allow, now = new Date(), reader }: CalendarReading,
): Promise<{ ok: true; busy: BusyTime[] } | { ok: false; error: string }> {
  let answer;
  try {
    answer = await guardedFetch(link, { ...READ_LIMITS, allow, headers: { Accept: 'text/calendar, */*;q=0.5' } });
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, error: error.message };
    throw error;
  }
  if (answer.status !== 200) return { ok: false, error: `The link answered ${answer.status}.` };
  return reader.read(answer.body.toString('utf8'), {
    from: new Date(now.getTime() - READ_BEHIND_DAYS * DAY),
    to: new Date(now.getTime() + READ_AHEAD_DAYS * DAY),
    timeZone: owner.timeZone,
    ownerEmails: [owner.email],
  });
}

async function ownerOf(db: Database, userId: string) {
  const [row] = await db
    .select({ email: users.email, timeZone: staffSchedules.timeZone })
    .from(users)
    .leftJoin(staffSchedules, eq(staffSchedules.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? '', timeZone: zoneOrCompany(row?.timeZone) };
}

const busyRows = (sourceId: string, userId: string, busy: readonly BusyTime[]) =>
  busy.map(({ start, end }) => ({ sourceId, userId, startsAt: start, endsAt: end }));

export type ConnectOutcome = { ok: true; busyCount: number } | { ok: false; fieldErrors: CalendarLinkFieldErrors };

/**
 * Connects a calendar by its link: read at once, so its owner sees straight away whether it
 * works (a link that cannot be read is not kept: the field says why, with what they typed).
 */
export async function connectCalendarLink(
  db: Database,
  actor: Actor & { id: string },
  input: unknown,
  reading: CalendarReading,
): Promise<ConnectOutcome> {
  const parsed = calendarLinkSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const link = linkToFetch(parsed.data.calendar_link);
  const linkHash = hashSecretToken(link);
  const existing = await db
    .select({ linkHash: calendarSources.linkHash })
    .from(calendarSources)
    .where(eq(calendarSources.userId, actor.id));
  if (existing.some((row) => row.linkHash === linkHash)) return { ok: false, fieldErrors: { calendar_link: calendarLinkTexts.duplicate } };
  if (existing.length >= MAX_CALENDAR_LINKS) return { ok: false, fieldErrors: { calendar_link: calendarLinkTexts.tooMany } };
  const read = await fetchBusyTimes(link, await ownerOf(db, actor.id), reading);
  if (!read.ok) return { ok: false, fieldErrors: { calendar_link: `Calendar link: ${read.error}` } };
  const now = reading.now ?? new Date();
  const inserted = await db.transaction(async (tx) => {
    const [source] = await tx
      .insert(calendarSources)
      .values({
        userId: actor.id,
        label: new URL(link).hostname,
        linkSealed: sealText(reading.secret, CALENDAR_LINK_SEAL, link),
        linkHash,
        readAt: now,
        busyCount: read.busy.length,
      })
      // Two tabs connecting the same link at once: one of them does.
      .onConflictDoNothing()
      .returning({ id: calendarSources.id });
    if (!source) return false;
    if (read.busy.length > 0) await tx.insert(calendarBusyTimes).values(busyRows(source.id, actor.id, read.busy));
    await audit(tx, actor, 'user.calendar_connected', actor.id, { host: new URL(link).hostname });
    return true;
  });
  if (!inserted) return { ok: false, fieldErrors: { calendar_link: calendarLinkTexts.duplicate } };
  return { ok: true, busyCount: read.busy.length };
}

/** Removes one of their own calendars and its busy times; another's id removes nothing. */
export async function removeCalendarSource(db: Database, actor: Actor & { id: string }, sourceId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sourceId)) return false;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(calendarSources)
      .where(and(eq(calendarSources.id, sourceId), eq(calendarSources.userId, actor.id)))
      .returning({ label: calendarSources.label });
    if (removed.length === 0) return false;
    await audit(tx, actor, 'user.calendar_removed', actor.id, { host: removed[0]!.label });
    return true;
  });
}

/**
 * Reads one calendar again and replaces its busy times; a failure keeps the last ones and records
 * why (its owner becomes unavailable once it has not been read for UNREADABLE_AFTER_MINUTES).
 */
export async function readCalendarSource(db: Database, sourceId: string, reading: CalendarReading): Promise<'read' | 'failed' | 'gone'> {
  const [source] = await db.select().from(calendarSources).where(eq(calendarSources.id, sourceId));
  if (!source) return 'gone';
  const now = reading.now ?? new Date();
  let link: string;
  try {
    link = unsealText(reading.secret, CALENDAR_LINK_SEAL, source.linkSealed);
  } catch {
    await db
      .update(calendarSources)
      .set({ error: 'The link can no longer be read here (the site’s secret changed): connect the calendar again.', errorAt: now })
      .where(eq(calendarSources.id, sourceId));
    return 'failed';
  }
  const read = await fetchBusyTimes(link, await ownerOf(db, source.userId), reading);
  if (!read.ok) {
    await db.update(calendarSources).set({ error: read.error, errorAt: now }).where(eq(calendarSources.id, sourceId));
    return 'failed';
  }
  await db.transaction(async (tx) => {
    // Removed meanwhile: nothing to write.
    const [still] = await tx.select({ id: calendarSources.id }).from(calendarSources).where(eq(calendarSources.id, sourceId)).for('update');
    if (!still) return;
    await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.sourceId, sourceId));
    if (read.busy.length > 0) await tx.insert(calendarBusyTimes).values(busyRows(sourceId, source.userId, read.busy));
    await tx
      .update(calendarSources)
      .set({ readAt: now, busyCount: read.busy.length, error: null, errorAt: null })
      .where(eq(calendarSources.id, sourceId));
  });
  return 'read';
}

/**
 * At the moment of booking, the hosts' calendars are read again: a time that became busy since the
 * page was drawn is refused as taken. The booking waits this long at most for their servers; a
 * read not done by then goes on, and the booking is checked against the last copy.
 */
export const BOOKING_READ_WAIT_MS = 3_000;
/** A booking page drawn from a copy older than this has its hosts' calendars read in the background. */
export const PAGE_COPY_MAX_AGE_MS = 60_000;

/**
 * Reads again the calendars of these people last read before `olderThanMs` ago: waiting for them
 * at most `waitMs` (0: not at all, the page never waits on somebody else's server). Never throws:
 * a read that fails records why on its calendar.
 */
export async function freshenCalendars(
  db: Database,
  userIds: readonly string[],
  reading: CalendarReading,
  { olderThanMs, waitMs }: { olderThanMs: number; waitMs: number },
): Promise<void> {
  if (userIds.length === 0) return;
  const now = reading.now ?? new Date();
  const stale = await db
    .select({ id: calendarSources.id })
    .from(calendarSources)
    .where(
      and(
        inArray(calendarSources.userId, [...userIds]),
        // 0: every one of theirs, whenever it was read.
        olderThanMs > 0 ? or(isNull(calendarSources.readAt), lt(calendarSources.readAt, new Date(now.getTime() - olderThanMs))) : undefined,
      ),
    );
  if (stale.length === 0) return;
  const reads = Promise.allSettled(stale.map(({ id }) => readCalendarSource(db, id, reading)));
  if (waitMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([reads, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** Every calendar, the least recently read first, a few at a time: the schedule's job. */
export async function readAllCalendars(db: Database, reading: CalendarReading, concurrency = 4): Promise<{ read: number; failed: number }> {
  const sources = await db
    .select({ id: calendarSources.id })
    .from(calendarSources)
    .orderBy(sql`${calendarSources.readAt} asc nulls first`);
  const tally = { read: 0, failed: 0 };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, sources.length) }, async () => {
      while (next < sources.length) {
        const outcome = await readCalendarSource(db, sources[next++]!.id, reading);
        if (outcome === 'read') tally.read += 1;
        else if (outcome === 'failed') tally.failed += 1;
      }
    }),
  );
  return tally;
}

/**
 * What people's own calendars hold them for over a window, for the times offered (bookings.ts):
 * their busy times, and whether one of their calendars has not been read for long (then they are
 * held for the whole window).
 */
export async function calendarHolds(
  db: Pick<Database, 'select'>,
  userIds: readonly string[],
  window: { from: Date; to: Date },
  now = new Date(),
): Promise<Map<string, Array<{ start: Date; end: Date }>>> {
  const holds = new Map<string, Array<{ start: Date; end: Date }>>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return holds;
  const ids = [...userIds];
  const [busy, unread] = await Promise.all([
    db
      .select({ userId: calendarBusyTimes.userId, start: calendarBusyTimes.startsAt, end: calendarBusyTimes.endsAt })
      .from(calendarBusyTimes)
      .where(
        and(inArray(calendarBusyTimes.userId, ids), gt(calendarBusyTimes.endsAt, window.from), lt(calendarBusyTimes.startsAt, window.to)),
      ),
    db
      .select({ userId: calendarSources.userId })
      .from(calendarSources)
      .where(
        and(
          inArray(calendarSources.userId, ids),
          lt(sql`coalesce(${calendarSources.readAt}, ${calendarSources.createdAt})`, unreadableSince(now)),
        ),
      ),
  ]);
  for (const row of busy) holds.get(row.userId)?.push({ start: row.start, end: row.end });
  for (const { userId } of unread) holds.get(userId)?.push({ start: window.from, end: window.to });
  return holds;
}
