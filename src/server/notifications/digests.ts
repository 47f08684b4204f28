import { and, asc, eq, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import { withTransaction } from '../db/client.ts';
import { domainEvents, notificationPreferences, notifications, users } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import type { JobSender } from '../jobs/queue.ts';
import { automatic } from '../mail/headers.ts';
import { digestMail, noticeReason } from '../mail/notice-templates.ts';
import { dayIn, wallClock } from '../scheduling/slots.ts';
import { isStaff } from '../access/permissions.ts';
import { stillInReach } from './list.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { addDays } from '../../lib/format.ts';
import { DEFAULT_DIGEST_HOUR } from '../../lib/notifications/kinds.ts';
import { describe, placesOf, threadOf } from './describe.ts';
import { zonesOf, type NoticeDeps } from './notices.ts';

/**
 * Daily digests (issue 51): what a person chose to get "in my daily digest" waits, and goes in one
 * e-mail at the hour they chose, in their zone. A job every quarter of an hour (pg-boss runs a
 * schedule once, whatever the number of instances) sends the digests that are due; each is claimed
 * by one conditional update of the person's `lastDigestAt`, so two instances running it at the
 * same moment send it once.
 */

export const NOTICE_DIGESTS = 'notice-digests';
export const noticeDigestsQueue = { name: NOTICE_DIGESTS, options: { retryLimit: 3, retryDelay: 60 }, schedule: '*/15 * * * *' } as const;

/** The last time the person's digest hour came, at or before `now`, in their zone. */
export function lastDigestTime(hour: number, timeZone: string, now: Date): Date {
  const clock = `${String(hour).padStart(2, '0')}:00`;
  const today = wallClock(dayIn(now, timeZone), clock, timeZone);
  return new Date(today <= now.getTime() ? today : wallClock(addDays(dayIn(now, timeZone), -1), clock, timeZone));
}

/** Sends the digests that are due; returns how many were sent. */
export async function sendDigests(deps: NoticeDeps, jobs: JobSender, now = new Date()): Promise<number> {
  const waiting = await deps.db
    .select({
      userId: notifications.userId,
      hour: notificationPreferences.digestHour,
      email: users.email,
      role: users.role,
      since: min(notifications.createdAt),
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.userId))
    .where(and(eq(notifications.email, 'digest'), isNotNull(notifications.userId), lte(notifications.createdAt, now)))
    .groupBy(notifications.userId, notificationPreferences.digestHour, users.email, users.role);
  const zones = await zonesOf(
    deps.db,
    waiting.map((row) => row.userId!),
  );
  let sent = 0;
  for (const person of waiting) {
    const userId = person.userId!;
    const zone = zones.get(userId)!;
    const due = lastDigestTime(person.hour ?? DEFAULT_DIGEST_HOUR, zone, now);
    // Nothing waited when the hour last came: the digest goes at the next one.
    if (!person.since || person.since.getTime() > due.getTime()) continue;
    const went = await withTransaction(deps.pool, async (tx) => {
      // The day's digest is this person's once: the first instance to move lastDigestAt past `due` sends it.
      const [claimed] = await tx.db
        .insert(notificationPreferences)
        .values({ userId, lastDigestAt: now })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { lastDigestAt: now },
          setWhere: sql`${notificationPreferences.lastDigestAt} is null or ${notificationPreferences.lastDigestAt} < ${due}`,
        })
        .returning({ userId: notificationPreferences.userId });
      if (!claimed) return false;
      const rows = await tx.db
        .select({ id: notifications.id, event: domainEvents })
        .from(notifications)
        .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.email, 'digest'),
            lte(notifications.createdAt, now),
            // Only what they may still read (list.ts): the rest is left out of the digest, and of the list.
            stillInReach({ id: userId, role: person.role }),
          ),
        )
        .orderBy(asc(domainEvents.id))
        .for('update', { of: notifications, skipLocked: true });
      if (rows.length === 0) return false;
      const events = rows.map((row) => row.event as StoredEvent);
      const places = await placesOf(tx.db, events);
      const groups = new Map<string, { about: string; url: string; lines: string[] }>();
      for (const event of events) {
        const view = describe(event, places.get(threadOf(event)), zone);
        if (!view) continue;
        const group = groups.get(threadOf(event)) ?? {
          about: view.about,
          url: `${deps.siteUrl}${places.get(threadOf(event))!.path}`,
          lines: [],
        };
        group.lines.push(view.line);
        groups.set(threadOf(event), group);
      }
      await tx.db
        .update(notifications)
        .set({ email: 'sent', emailedAt: now })
        .where(
          inArray(
            notifications.id,
            rows.map((row) => row.id),
          ),
        );
      if (groups.size === 0 || !isStaff(person.role)) return false;
      const count = [...groups.values()].reduce((total, group) => total + group.lines.length, 0);
      const mail = digestMail({
        count,
        groups: [...groups.values()],
        listUrl: `${deps.siteUrl}/admin/notifications`,
        reason: noticeReason(
          `you chose a daily digest of your notifications at ${siteConfig.name}`,
          `${deps.siteUrl}/account/notifications`,
        ),
      });
      await jobs.enqueueEmail({ to: person.email, ...mail, headers: automatic }, { db: tx });
      return true;
    });
    if (went) sent += 1;
  }
  return sent;
}
