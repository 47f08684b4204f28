import { and, eq, notExists } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { bookingHosts, bookings, calendarAccounts, calendarEventCopies, calendarSources } from '../db/schema.ts';
import { unsealText } from '../mail/sealed.ts';
import type { AllowList } from '../outbound/guarded-fetch.ts';
import { hostEntries } from '../scheduling/availability.ts';
import { bookingCopy } from '../scheduling/ics.ts';
import { removeEvent, writeEvent, type CalDavAccess } from './caldav.ts';
import { CALDAV_PASSWORD_SEAL } from './sources.ts';

/**
 * A booking in its hosts' own calendars (issue 53): each host who chose a CalDAV calendar for
 * bookings gets the booking's event written there (its UID and SEQUENCE, as the invitations
 * carry), written again when it moves, and removed when it is cancelled, when they stop being a
 * host of it, or from the calendar they chose before. Run from the record of domain events, one
 * job per booking change; it writes what the booking is now, so a job run twice or late does no
 * harm, and what one host's server refused is tried again without writing the others' twice.
 */

export interface CopyAccess {
  secret: string;
  allow: AllowList;
}

type Source = { id: string; userId: string; calendarUrl: string; accountId: string };

async function accessOf(db: Database, accountId: string, { secret, allow }: CopyAccess): Promise<CalDavAccess> {
  const [account] = await db.select().from(calendarAccounts).where(eq(calendarAccounts.id, accountId));
  if (!account) throw new Error('calendar account gone');
  return { username: account.username, password: unsealText(secret, CALDAV_PASSWORD_SEAL, account.passwordSealed), allow };
}

/** Brings the booking's copies in line with it; throws (after doing the rest) when a host's server refused. */
export async function copyBookingToCalendars(
  db: Database,
  bookingId: string,
  access: CopyAccess,
  now = new Date(),
): Promise<{ written: number; removed: number }> {
  const [booking] = await db
    .select({ id: bookings.id, uid: bookings.uid, sequence: bookings.sequence, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  // Each copy with the account of the calendar it is in (a copy's calendar goes with its account).
  const copies = await db
    .select({ copy: calendarEventCopies, accountId: calendarSources.accountId })
    .from(calendarEventCopies)
    .innerJoin(calendarSources, eq(calendarSources.id, calendarEventCopies.sourceId))
    .where(eq(calendarEventCopies.bookingId, bookingId))
    .then((rows) => rows.map(({ copy, accountId }) => ({ ...copy, accountId: accountId! })));
  const live = booking && booking.status !== 'cancelled';
  // The calendar each of its hosts chose for bookings.
  const writers: Source[] = live
    ? ((await db
        .select({
          id: calendarSources.id,
          userId: calendarSources.userId,
          calendarUrl: calendarSources.calendarUrl,
          accountId: calendarSources.accountId,
        })
        .from(calendarSources)
        .innerJoin(bookingHosts, eq(bookingHosts.userId, calendarSources.userId))
        .where(and(eq(bookingHosts.bookingId, bookingId), eq(calendarSources.writesBookings, true)))) as Source[])
    : [];
  const failures: string[] = [];
  const tally = { written: 0, removed: 0 };
  // One reading of each account's password, however many of its calendars the booking touches.
  const accessFor = new Map<string, Promise<CalDavAccess>>();
  const accountAccess = (accountId: string) => {
    if (!accessFor.has(accountId)) accessFor.set(accountId, accessOf(db, accountId, access));
    return accessFor.get(accountId)!;
  };

  // Removed: cancelled, no longer a host, or written into a calendar that is no longer their choice.
  // Whoever's old event could not be removed gets no new one this time: its record (the old
  // address) must stay until it is removed, or it never would be.
  const notRemoved = new Set<string>();
  for (const copy of copies) {
    const writer = writers.find((source) => source.userId === copy.userId);
    if (writer && writer.id === copy.sourceId) continue;
    try {
      await removeEvent(copy.href, await accountAccess(copy.accountId));
      tally.removed += 1;
    } catch (error) {
      failures.push((error as Error).message);
      notRemoved.add(copy.userId);
      continue;
    }
    await db
      .delete(calendarEventCopies)
      .where(and(eq(calendarEventCopies.bookingId, bookingId), eq(calendarEventCopies.userId, copy.userId)));
  }
  if (!booking || !live || writers.length === 0) {
    if (failures.length > 0) throw new Error(`some calendars refused: ${failures.join('; ')}`);
    return tally;
  }
  const [entry] = await hostEntries(db, [booking.id]);
  const ics = bookingCopy(entry!);
  for (const writer of writers) {
    if (notRemoved.has(writer.userId)) continue;
    const copy = copies.find((row) => row.userId === writer.userId && row.sourceId === writer.id);
    if (copy && copy.sequence === booking.sequence) continue;
    try {
      const href = await writeEvent(writer.calendarUrl, await accountAccess(writer.accountId), {
        uid: booking.uid,
        ics,
        href: copy?.href,
      });
      await db
        .insert(calendarEventCopies)
        .values({ bookingId, userId: writer.userId, sourceId: writer.id, href, sequence: booking.sequence, writtenAt: now })
        .onConflictDoUpdate({
          target: [calendarEventCopies.bookingId, calendarEventCopies.userId],
          set: { sourceId: writer.id, href, sequence: booking.sequence, writtenAt: now },
        });
      tally.written += 1;
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length > 0) throw new Error(`some calendars refused: ${failures.join('; ')}`);
  return tally;
}

/**
 * The bookings gone from the database (erased with their guest, or past their retention) whose
 * events are still in hosts' calendars: their copies are kept without the booking (no foreign key
 * to it), and removed here, from the calendars' scheduled job.
 */
export async function removeCopiesOfGoneBookings(db: Database, access: CopyAccess): Promise<number> {
  const gone = await db
    .selectDistinct({ bookingId: calendarEventCopies.bookingId })
    .from(calendarEventCopies)
    .where(notExists(db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, calendarEventCopies.bookingId))));
  let removed = 0;
  for (const { bookingId } of gone) {
    try {
      removed += (await copyBookingToCalendars(db, bookingId, access)).removed;
    } catch {
      // Its server refused: tried again at the next run.
    }
  }
  return removed;
}
