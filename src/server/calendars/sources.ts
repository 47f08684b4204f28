import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  bookingHosts,
  bookings,
  calendarAccounts,
  calendarBusyTimes,
  calendarEventCopies,
  calendarSources,
  staffSchedules,
  users,
} from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import { queueBookingCopy } from './queues.ts';
import { audit, type Actor } from '../audit/log.ts';
import { fieldErrorsOf } from '../public-form.ts';
import { sealText, unsealText } from '../mail/sealed.ts';
import { hashSecretToken } from '../secret-tokens.ts';
import { allowListed, guardedFetch, OutboundError, type AllowList } from '../outbound/guarded-fetch.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  calDavAccountSchema,
  calDavTexts,
  calendarLinkSchema,
  calendarLinkTexts,
  linkToFetch,
  MAX_CALENDAR_ACCOUNTS,
  MAX_CALENDAR_LINKS,
  type CalDavFieldErrors,
  type CalendarAccountView,
  type CalendarLinkFieldErrors,
  type CalendarSourceView,
} from '../../lib/scheduling/calendar-link-form.ts';
import type { BusyTime } from './busy-times.ts';
import type { CalendarReader } from './calendar-reader.ts';
import { calendarEvents, CalDavError, discoverCalendars, type CalDavAccess } from './caldav.ts';
import { zoneOrCompany } from '../../lib/scheduling/format.ts';

/**
 * A person's own calendars (issue 53): connected by a secret iCalendar link, read through the
 * guard for URLs people type, their busy times kept for the times offered to anyone booking them.
 */

export const CALENDAR_LINK_SEAL = 'calendar link';
export const CALDAV_PASSWORD_SEAL = 'caldav password';
/** Calendars kept of one CalDAV account (a shared account can list dozens; past this, the first ones). */
export const MAX_CALENDARS_PER_ACCOUNT = 20;
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
  /** Queues the copies of a person's bookings when the calendar they go into changes (the page's runtime.jobs). */
  jobs?: Pick<JobSender, 'send'>;
}

const unreadableSince = (now: Date) => new Date(now.getTime() - UNREADABLE_AFTER_MINUTES * MINUTE);

/**
 * The calendars that make their owner unavailable (decision 063): read for busy times, and not
 * read for UNREADABLE_AFTER_MINUTES since their last good read or their connection. The holds
 * (calendarHolds) and the notice to their owner (unreadable.ts) ask the same.
 */
export const unreadableCalendar = (now: Date) =>
  and(
    eq(calendarSources.readsBusy, true),
    lt(sql`coalesce(${calendarSources.readAt}, ${calendarSources.createdAt})`, unreadableSince(now)),
  );

const viewOf = (row: typeof calendarSources.$inferSelect, now: Date): CalendarSourceView => ({
  id: row.id,
  label: row.label,
  readAt: row.readAt,
  busyCount: row.busyCount,
  error: row.error,
  errorAt: row.errorAt,
  unreadable: row.readsBusy && (row.readAt ?? row.createdAt) < unreadableSince(now),
  readsBusy: row.readsBusy,
  writesBookings: row.writesBookings,
});

/** A person's calendars connected by a link. */
export async function listCalendarSources(db: Database, userId: string, now = new Date()): Promise<CalendarSourceView[]> {
  const rows = await db
    .select()
    .from(calendarSources)
    .where(and(eq(calendarSources.userId, userId), isNull(calendarSources.accountId)))
    .orderBy(asc(calendarSources.createdAt));
  return rows.map((row) => viewOf(row, now));
}

/** A person's CalDAV accounts, each with its calendars (never the password). */
export async function listCalendarAccounts(db: Database, userId: string, now = new Date()): Promise<CalendarAccountView[]> {
  const [accounts, sources] = await Promise.all([
    db
      .select({ id: calendarAccounts.id, label: calendarAccounts.label, username: calendarAccounts.username })
      .from(calendarAccounts)
      .where(eq(calendarAccounts.userId, userId))
      .orderBy(asc(calendarAccounts.createdAt)),
    db
      .select()
      .from(calendarSources)
      .where(and(eq(calendarSources.userId, userId), isNotNull(calendarSources.accountId)))
      .orderBy(asc(calendarSources.label)),
  ]);
  return accounts.map((account) => ({
    ...account,
    calendars: sources.filter((source) => source.accountId === account.id).map((source) => viewOf(source, now)),
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
  return reader.read(answer.body.toString('utf8'), { ...readWindow(now), timeZone: owner.timeZone, ownerEmails: [owner.email] });
}

const readWindow = (now: Date) => ({
  from: new Date(now.getTime() - READ_BEHIND_DAYS * DAY),
  to: new Date(now.getTime() + READ_AHEAD_DAYS * DAY),
});

/** A CalDAV calendar's busy times over the window: its events asked for, read by the calendar reader. */
async function fetchCalDavBusyTimes(
  calendarUrl: string,
  access: CalDavAccess,
  owner: { email: string; timeZone: string },
  { now = new Date(), reader }: CalendarReading,
): Promise<{ ok: true; busy: BusyTime[] } | { ok: false; error: string }> {
  const window = readWindow(now);
  let xml: string;
  try {
    xml = await calendarEvents(calendarUrl, access, window);
  } catch (error) {
    if (error instanceof CalDavError) return { ok: false, error: error.message };
    throw error;
  }
  return reader.read(xml, { ...window, timeZone: owner.timeZone, ownerEmails: [owner.email, access.username] }, 'multistatus');
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
    .where(and(eq(calendarSources.userId, actor.id), isNull(calendarSources.accountId)));
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
  if (!isUuid(sourceId)) return false;
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

const secretChanged = 'The calendar can no longer be read here (the site’s secret changed): connect it again.';

/** A calendar's busy times now, by its link or from its CalDAV account, or why they could not be read. */
async function busyTimesOf(
  db: Database,
  source: typeof calendarSources.$inferSelect,
  reading: CalendarReading,
): Promise<{ ok: true; busy: BusyTime[] } | { ok: false; error: string }> {
  const owner = await ownerOf(db, source.userId);
  if (source.accountId && source.calendarUrl) {
    const [account] = await db.select().from(calendarAccounts).where(eq(calendarAccounts.id, source.accountId));
    if (!account) return { ok: false, error: 'The account of this calendar was removed.' };
    let password: string;
    try {
      password = unsealText(reading.secret, CALDAV_PASSWORD_SEAL, account.passwordSealed);
    } catch {
      return { ok: false, error: secretChanged };
    }
    return fetchCalDavBusyTimes(source.calendarUrl, { username: account.username, password, allow: reading.allow }, owner, reading);
  }
  let link: string;
  try {
    link = unsealText(reading.secret, CALENDAR_LINK_SEAL, source.linkSealed ?? '');
  } catch {
    return { ok: false, error: secretChanged };
  }
  return fetchBusyTimes(link, owner, reading);
}

/**
 * Reads one calendar again and replaces its busy times; a failure keeps the last ones and records
 * why (its owner becomes unavailable once it has not been read for UNREADABLE_AFTER_MINUTES).
 */
export async function readCalendarSource(db: Database, sourceId: string, reading: CalendarReading): Promise<'read' | 'failed' | 'gone'> {
  const [source] = await db.select().from(calendarSources).where(eq(calendarSources.id, sourceId));
  if (!source) return 'gone';
  const now = reading.now ?? new Date();
  const read = await busyTimesOf(db, source, reading);
  if (!read.ok) {
    await db.update(calendarSources).set({ error: read.error, errorAt: now }).where(eq(calendarSources.id, sourceId));
    return 'failed';
  }
  await db.transaction(async (tx) => {
    const [still] = await tx
      .select({ readsBusy: calendarSources.readsBusy })
      .from(calendarSources)
      .where(eq(calendarSources.id, sourceId))
      .for('update');
    // Removed, or no longer read (unticked while this read was under way): nothing to write.
    if (!still?.readsBusy) return;
    await tx.delete(calendarBusyTimes).where(eq(calendarBusyTimes.sourceId, sourceId));
    if (read.busy.length > 0) await tx.insert(calendarBusyTimes).values(busyRows(sourceId, source.userId, read.busy));
    await tx
      .update(calendarSources)
      .set({ readAt: now, busyCount: read.busy.length, error: null, errorAt: null, unreadableToldAt: null })
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
        eq(calendarSources.readsBusy, true),
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
    .where(eq(calendarSources.readsBusy, true))
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
      .where(and(inArray(calendarSources.userId, ids), unreadableCalendar(now))),
  ]);
  for (const row of busy) holds.get(row.userId)?.push({ start: row.start, end: row.end });
  for (const { userId } of unread) holds.get(userId)?.push({ start: window.from, end: window.to });
  return holds;
}

export type CalDavConnectOutcome = { ok: true; calendars: number } | { ok: false; fieldErrors: CalDavFieldErrors };

/**
 * Connects a CalDAV account: its calendars found at once (a wrong password or address is said on
 * the form, with what they typed kept, and nothing is kept of it), every one read for busy times
 * until its owner picks, the first written into unless they already have a calendar for that.
 */
export async function connectCalDavAccount(
  db: Database,
  actor: Actor & { id: string },
  input: unknown,
  reading: CalendarReading,
): Promise<CalDavConnectOutcome> {
  const parsed = calDavAccountSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error.issues) };
  const { server_url: serverUrl, username, app_password: password } = parsed.data;
  const address = new URL(serverUrl);
  // The user name and password go in their own fields: an address holding them would be kept unsealed.
  if (address.username || address.password) return { ok: false, fieldErrors: { server_url: calDavTexts.credentialsInAddress } };
  // The app password crosses the network only encrypted, but to a company's own server the allow-list names.
  const host = address.hostname.replace(/^\[|\]$/g, '');
  if (address.protocol !== 'https:' && !allowListed(host, host, reading.allow))
    return { ok: false, fieldErrors: { server_url: calDavTexts.notHttps } };
  const existing = await db
    .select({ serverUrl: calendarAccounts.serverUrl, username: calendarAccounts.username })
    .from(calendarAccounts)
    .where(eq(calendarAccounts.userId, actor.id));
  if (existing.some((row) => row.serverUrl === serverUrl && row.username === username))
    return { ok: false, fieldErrors: { server_url: calDavTexts.duplicate } };
  if (existing.length >= MAX_CALENDAR_ACCOUNTS) return { ok: false, fieldErrors: { server_url: calDavTexts.tooMany } };
  let found;
  try {
    found = (await discoverCalendars(serverUrl, { username, password, allow: reading.allow })).slice(0, MAX_CALENDARS_PER_ACCOUNT);
  } catch (error) {
    if (!(error instanceof CalDavError)) throw error;
    const field = error.wrongCredentials ? 'app_password' : 'server_url';
    return { ok: false, fieldErrors: { [field]: `${field === 'app_password' ? 'App password' : 'Server address'}: ${error.message}` } };
  }
  const label = address.hostname;
  const created = await db.transaction(async (tx) => {
    // One change of a person's calendars at a time: two at once could each choose a calendar for bookings.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [account] = await tx
      .insert(calendarAccounts)
      .values({ userId: actor.id, serverUrl, label, username, passwordSealed: sealText(reading.secret, CALDAV_PASSWORD_SEAL, password) })
      .onConflictDoNothing()
      .returning({ id: calendarAccounts.id });
    if (!account) return null;
    const [writer] = await tx
      .select({ id: calendarSources.id })
      .from(calendarSources)
      .where(and(eq(calendarSources.userId, actor.id), eq(calendarSources.writesBookings, true)));
    const sources = await tx
      .insert(calendarSources)
      .values(
        found.map((calendar, index) => ({
          userId: actor.id,
          label: calendar.name,
          accountId: account.id,
          calendarUrl: calendar.url,
          writesBookings: !writer && index === 0,
        })),
      )
      .onConflictDoNothing({ target: [calendarSources.accountId, calendarSources.calendarUrl] })
      .returning({ id: calendarSources.id, writesBookings: calendarSources.writesBookings });
    await audit(tx, actor, 'user.calendar_connected', actor.id, { host: label, calendars: sources.length });
    return sources;
  });
  if (!created) return { ok: false, fieldErrors: { server_url: calDavTexts.duplicate } };
  // Read now, so the page shows each calendar's state; one that fails says why there.
  await Promise.all(created.map(({ id }) => readCalendarSource(db, id, reading)));
  // Its first calendar takes their bookings: those to come are written there.
  if (created.some((source) => source.writesBookings)) await queueCopiesOf(db, actor.id, reading);
  return { ok: true, calendars: created.length };
}

/**
 * Their choice for a CalDAV account's calendars: which are read for busy times, and which one (of
 * any of their accounts) bookings are written into, or none. Ids not of this account of theirs
 * are ignored; an account not theirs changes nothing.
 */
export async function chooseCalDavCalendars(
  db: Database,
  actor: Actor & { id: string },
  accountId: string,
  choice: { read: readonly string[]; write: string | null },
  reading: CalendarReading,
): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  const changed = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [account] = await tx
      .select({ id: calendarAccounts.id, label: calendarAccounts.label })
      .from(calendarAccounts)
      .where(and(eq(calendarAccounts.id, accountId), eq(calendarAccounts.userId, actor.id)))
      .for('update');
    if (!account) return null;
    const calendars = await tx
      .select({ id: calendarSources.id, readsBusy: calendarSources.readsBusy })
      .from(calendarSources)
      .where(eq(calendarSources.accountId, accountId));
    const ids = new Set(calendars.map((calendar) => calendar.id));
    const read = new Set(choice.read.filter((id) => ids.has(id)));
    const write = choice.write && ids.has(choice.write) ? choice.write : null;
    // The one calendar written into: this account's chosen one, or none of theirs if "none" was
    // chosen here while it was one of this account's (another account's choice stays).
    await tx
      .update(calendarSources)
      .set({ writesBookings: false })
      .where(
        and(
          eq(calendarSources.userId, actor.id),
          eq(calendarSources.writesBookings, true),
          write ? undefined : eq(calendarSources.accountId, accountId),
        ),
      );
    for (const calendar of calendars)
      await tx
        .update(calendarSources)
        .set({
          readsBusy: read.has(calendar.id),
          writesBookings: calendar.id === write,
          // Picked again: read anew before its old busy times count.
          ...(read.has(calendar.id) && !calendar.readsBusy ? { readAt: null } : {}),
        })
        .where(eq(calendarSources.id, calendar.id));
    // A calendar not read any more holds nobody.
    const unread = calendars.filter((calendar) => !read.has(calendar.id)).map((calendar) => calendar.id);
    if (unread.length > 0) await tx.delete(calendarBusyTimes).where(inArray(calendarBusyTimes.sourceId, unread));
    await audit(tx, actor, 'user.calendars_chosen', actor.id, { host: account.label, read: read.size, writes: write !== null });
    return calendars.filter((calendar) => read.has(calendar.id) && !calendar.readsBusy).map((calendar) => calendar.id);
  });
  if (!changed) return false;
  await Promise.all(changed.map((id) => readCalendarSource(db, id, reading)));
  // The calendar bookings go into may have changed: those to come are moved there (or removed).
  await queueCopiesOf(db, actor.id, reading);
  return true;
}

/**
 * Queues the copy of each booking of theirs still to come, and of each already written: written
 * into the calendar they chose now, removed from one they no longer chose (booking-copies.ts).
 */
async function queueCopiesOf(db: Database, userId: string, { jobs, now = new Date() }: CalendarReading): Promise<void> {
  if (!jobs) return;
  const [coming, written] = await Promise.all([
    db
      .select({ id: bookings.id })
      .from(bookingHosts)
      .innerJoin(bookings, eq(bookings.id, bookingHosts.bookingId))
      .where(and(eq(bookingHosts.userId, userId), eq(bookings.status, 'confirmed'), gt(bookings.endsAt, now))),
    db.select({ id: calendarEventCopies.bookingId }).from(calendarEventCopies).where(eq(calendarEventCopies.userId, userId)),
  ]);
  for (const id of new Set([...coming, ...written].map((row) => row.id))) await queueBookingCopy(jobs, id);
}

/** Removes one of their CalDAV accounts, its calendars and their busy times; another's id removes nothing. */
export async function removeCalDavAccount(db: Database, actor: Actor & { id: string }, accountId: string): Promise<boolean> {
  if (!isUuid(accountId)) return false;
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(calendarAccounts)
      .where(and(eq(calendarAccounts.id, accountId), eq(calendarAccounts.userId, actor.id)))
      .returning({ label: calendarAccounts.label });
    if (removed.length === 0) return false;
    await audit(tx, actor, 'user.calendar_removed', actor.id, { host: removed[0]!.label });
    return true;
  });
}
