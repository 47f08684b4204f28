import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { calendarSources } from '../db/schema.ts';
import { recordEvent } from '../events/record.ts';
import { unreadableCalendar } from './sources.ts';

/**
 * Telling a person that one of their own calendars cannot be read (issue 53). A calendar not read
 * for UNREADABLE_AFTER_MINUTES makes its owner unavailable for every booking (calendarHolds in
 * sources.ts): offering times over a day it cannot see would offer times that may be taken. Their
 * page says so, but nobody looks at it until they wonder why nobody books them; so they are told,
 * by the notifications ('calendar.unreadable', read by src/server/notifications), once per failure:
 * `unreadable_told_at` marks it told, and a read that works clears it (sources.ts), so the next
 * failure tells them again.
 */

/**
 * Records a 'calendar.unreadable' event for each calendar that counts for its owner's busy times
 * and has not been read for long, not yet told of; returns how many. After the reads of the
 * five-minute job, so a calendar read just now is not told of.
 */
export async function tellUnreadableCalendars(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: calendarSources.id,
        userId: calendarSources.userId,
        label: calendarSources.label,
        error: calendarSources.error,
        readAt: calendarSources.readAt,
        createdAt: calendarSources.createdAt,
      })
      .from(calendarSources)
      .where(
        and(
          // The same test as calendarHolds': exactly the calendars that make their owner unavailable
          // (one its owner did not pick to be read holds them for nothing: nothing to tell).
          unreadableCalendar(now),
          isNull(calendarSources.unreadableToldAt),
        ),
      )
      // Each instance of a fleet may run this at once: a row one of them holds is its to tell
      // (SKIP LOCKED), and once told (the update below, at commit) nobody's query finds it again.
      // A read that works (sources.ts) waits for the row meanwhile, then clears the mark.
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    // In the transaction of the mark: an owner is told exactly when the calendar is marked told.
    for (const source of due)
      await recordEvent(tx, {
        kind: 'calendar.unreadable',
        actorUserId: null,
        data: {
          ownerUserId: source.userId,
          calendar: source.label,
          error: source.error,
          // Since when it holds them: its last read that worked, or its connection.
          since: (source.readAt ?? source.createdAt).toISOString(),
        },
      });
    await tx
      .update(calendarSources)
      .set({ unreadableToldAt: now })
      .where(
        inArray(
          calendarSources.id,
          due.map((source) => source.id),
        ),
      );
    return due.length;
  });
}
