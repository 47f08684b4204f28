import { and, count, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { applicationsInScope, can, canAll, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applications, domainEvents, notifications } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import { isUuid } from '../../lib/ids.ts';
import { NOTIFICATION_DAYS } from '../../lib/notifications/kinds.ts';
import { describe, placesOf, threadOf } from './describe.ts';
import { zonesOf } from './notices.ts';

/**
 * A person's notification list in the workspace (issue 51): newest first, read and unread, each
 * linking to its place; the bell's unread count; marking read (one as it is opened, a thread as its
 * page is, all at once); and what goes after NOTIFICATION_DAYS.
 */

export interface NotificationRow {
  id: string;
  line: string;
  about: string;
  path: string;
  at: Date;
  read: boolean;
}

export const PAGE_SIZE = 50;

/**
 * A notification its person may still read: what it is about is still in their reach. Told while
 * on a hiring team, and taken off it since: the list, the count and the digest leave those out
 * (the permission module decides, as when they were told).
 */
export function stillInReach(who: Pick<Who, 'id' | 'role'>): SQL {
  // An event's application exists (its key cascades): whoever reads every application needs no look
  // at it. For a recruiter told of 9,000 events, the count of the list took 105 ms with it, 16 without.
  const application = canAll(who, 'applications.read')
    ? sql`true`
    : sql`(${domainEvents.applicationId} is null or exists (select 1 from ${applications} where ${applications.id} = ${domainEvents.applicationId} and ${applicationsInScope(who, 'applications.read')}))`;
  return sql`${application} and (${domainEvents.contactMessageId} is null or ${can(who, 'messages.handle')})`;
}

/** The bell's unread count: the unread ones (notifications_unread_idx), still in the person's reach. */
export async function unreadCount(db: Pick<Database, 'select'>, who: Pick<Who, 'id' | 'role'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
    .where(and(eq(notifications.userId, who.id), isNull(notifications.readAt), stillInReach(who)));
  return row?.n ?? 0;
}

/** How many notifications a person has, and how many are unread (the list's filters). */
export async function notificationCounts(
  db: Pick<Database, 'select'>,
  who: Pick<Who, 'id' | 'role'>,
): Promise<{ all: number; unread: number }> {
  const [row] = await db
    .select({ all: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
    .from(notifications)
    .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
    .where(and(eq(notifications.userId, who.id), stillInReach(who)));
  return { all: row?.all ?? 0, unread: row?.unread ?? 0 };
}

/** A page of a person's notifications, newest first, in their words and zone. */
export async function listNotifications(
  db: Pick<Database, 'select'>,
  who: Pick<Who, 'id' | 'role'>,
  { unreadOnly = false, before }: { unreadOnly?: boolean; before?: Date } = {},
): Promise<{ rows: NotificationRow[]; more: boolean; zone: string }> {
  const userId = who.id;
  const found = await db
    .select({ id: notifications.id, readAt: notifications.readAt, createdAt: notifications.createdAt, event: domainEvents })
    .from(notifications)
    .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
    .where(
      and(
        eq(notifications.userId, userId),
        stillInReach(who),
        unreadOnly ? isNull(notifications.readAt) : undefined,
        before ? lt(notifications.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.eventId))
    .limit(PAGE_SIZE + 1);
  const events = found.map((row) => row.event as StoredEvent);
  const [places, zones] = await Promise.all([placesOf(db, events), zonesOf(db, [userId])]);
  const zone = zones.get(userId)!;
  const rows = found.slice(0, PAGE_SIZE).flatMap((row) => {
    const view = describe(row.event as StoredEvent, places.get(threadOf(row.event as StoredEvent)), zone);
    return view ? [{ id: row.id, line: view.line, about: view.about, path: view.path, at: row.createdAt, read: row.readAt !== null }] : [];
  });
  return { rows, more: found.length > PAGE_SIZE, zone };
}

/** Marks one of a person's notifications read and says where it leads; null when it is not theirs (or gone). */
export async function openNotification(db: Database, userId: string, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ eventId: notifications.eventId });
  if (!row) return null;
  const [event] = await db.select().from(domainEvents).where(eq(domainEvents.id, row.eventId));
  if (!event) return null;
  const place = (await placesOf(db, [event as StoredEvent])).get(threadOf(event as StoredEvent));
  return describe(event as StoredEvent, place, 'UTC')?.path ?? null;
}

/** Marks read what a person was told of one thread: they are looking at its page. */
export async function markThreadRead(db: Pick<Database, 'update'>, userId: string, thread: string): Promise<void> {
  await threadRead(db).execute({ userId, thread });
}

const threadRead = builtOnce((db: Pick<Database, 'update'>) =>
  db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, sql.placeholder('userId')),
        eq(notifications.thread, sql.placeholder('thread')),
        isNull(notifications.readAt),
      ),
    )
    .prepare(''),
);

/** Marks every notification of a person read; returns how many were unread. */
export async function markAllRead(db: Pick<Database, 'update'>, userId: string): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return marked.length;
}

/** Removes notifications, and events nobody is notified of, older than NOTIFICATION_DAYS (a daily job). */
export async function removeOldNotifications(db: Database, now = new Date()): Promise<{ notifications: number; events: number }> {
  const before = new Date(now.getTime() - NOTIFICATION_DAYS * 86_400_000);
  const gone = await db.delete(notifications).where(lt(notifications.createdAt, before)).returning({ id: notifications.id });
  const old = await db
    .delete(domainEvents)
    .where(
      and(
        lt(domainEvents.occurredAt, before),
        // One still waiting for its readers (a dispatcher down for months) is not dropped unread.
        isNotNull(domainEvents.dispatchedAt),
        sql`not exists (select 1 from ${notifications} where ${notifications.eventId} = ${domainEvents.id})`,
        // Nor one an integration has still to be sent (switched off for its failures, issue 55).
        sql`not exists (select 1 from integration_deliveries d where d.event_id = ${domainEvents.id} and d.state = 'pending')`,
      ),
    )
    .returning({ id: domainEvents.id });
  return { notifications: gone.length, events: old.length };
}
