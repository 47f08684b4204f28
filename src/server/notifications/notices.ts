import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type pg from 'pg';
import { isStaff } from '../access/permissions.ts';
import { withTransaction, type Database, type Transaction } from '../db/client.ts';
import { applications, domainEvents, notifications, positions, users } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import type { JobSender } from '../jobs/queue.ts';
import { automatic } from '../mail/headers.ts';
import { repliesReceivedMail, replyReceivedMail } from '../mail/reply-templates.ts';
import type { MailContent } from '../mail/templates.ts';
import type { EventData } from '../../lib/events/kinds.ts';
import { NOTICE_WINDOW_MINUTES } from '../../lib/notifications/kinds.ts';
import { recipientsOf, type Recipient, type RecipientDeps } from './recipients.ts';

/**
 * Notices of what happened (issue 50, growing into issue 51's notification list): each event read
 * from the record becomes a notification for each person it concerns, and an e-mail. One e-mail
 * per thread and person within NOTICE_WINDOW_MINUTES: the first goes at once, what comes after it
 * waits for the window's end and goes in one e-mail that says how many came ("3 replies from
 * Carla"), so thirty replies in a second are two e-mails, not thirty. Every notice carries
 * `Auto-Submitted: auto-generated`: no auto-responder answers it.
 */

export const NOTICE_MAILS = 'notice-mails';

/** One waiting job per recipient and thread (policy 'short'): it sends what the window gathered. */
export const noticeMailsQueue = {
  name: NOTICE_MAILS,
  options: { policy: 'short', retryLimit: 10, retryDelay: 60, retryBackoff: true, deleteAfterSeconds: 7 * 24 * 3600 },
} as const;

const WINDOW_MS = NOTICE_WINDOW_MINUTES * 60_000;

export interface NoticeDeps extends RecipientDeps {
  pool: pg.Pool;
  siteUrl: string;
}

/** The notifications of one conversation: an application's, a contact message's. */
export function threadOf(event: Pick<StoredEvent, 'applicationId' | 'contactMessageId' | 'bookingId'>): string {
  if (event.applicationId) return `application:${event.applicationId}`;
  if (event.contactMessageId) return `message:${event.contactMessageId}`;
  return `booking:${event.bookingId}`;
}

const recipientColumn = (recipient: Recipient) =>
  'userId' in recipient ? eq(notifications.userId, recipient.userId) : eq(notifications.inbox, recipient.inbox);
const recipientKey = (recipient: Recipient) => ('userId' in recipient ? `user:${recipient.userId}` : `inbox:${recipient.inbox}`);

/** Where the recipient's e-mail goes; null for someone no longer on the staff. */
async function addressOf(db: Database, recipient: Recipient): Promise<string | null> {
  if ('inbox' in recipient) return recipient.inbox;
  const [row] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, recipient.userId));
  return row && isStaff(row.role) ? row.email : null;
}

/** What a thread is about and where it is read, for its notices. */
async function threadPlace(db: Database, siteUrl: string, event: StoredEvent) {
  if (event.applicationId) {
    const [row] = await db
      .select({ positionId: applications.positionId, title: positions.title })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(eq(applications.id, event.applicationId));
    return row
      ? { about: `their application for ${row.title}`, url: `${siteUrl}/admin/applications/${row.positionId}/${event.applicationId}` }
      : null;
  }
  if (event.contactMessageId) return { about: 'their contact message', url: `${siteUrl}/admin/messages/${event.contactMessageId}` };
  return null;
}

/** The e-mail of the notifications waiting for one person in one thread: one event's own, or several in one. */
async function noticeMail(deps: NoticeDeps, events: StoredEvent[]): Promise<MailContent | null> {
  const place = await threadPlace(deps.db, deps.siteUrl, events[0]!);
  if (!place) return null;
  const replies = events.map((event) => event.data as EventData['reply.received']);
  const url = `${place.url}#reply-${replies[0]!.inboundMailId}`;
  if (replies.length === 1) return replyReceivedMail({ ...replies[0]!, about: place.about, url });
  return repliesReceivedMail({ replies, about: place.about, url });
}

/**
 * Sends the notices waiting for `recipient` in `thread`, unless one went within the window: then a
 * job does at the window's end (one per recipient and thread). Serialised per recipient and thread
 * by a lock held to the transaction's end, so two instances never send the same window twice.
 */
export async function mailNotices(
  deps: NoticeDeps,
  tx: Transaction,
  jobs: JobSender,
  recipient: Recipient,
  thread: string,
  now = new Date(),
) {
  const key = `${recipientKey(recipient)}|${thread}`;
  await tx.executeSql('select pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  const mine = and(recipientColumn(recipient), eq(notifications.thread, thread));
  const [last] = await tx.db
    .select({ at: max(notifications.emailedAt) })
    .from(notifications)
    .where(and(mine, eq(notifications.email, 'sent')));
  const due = last?.at ? last.at.getTime() + WINDOW_MS : 0;
  if (due > now.getTime()) {
    await jobs.send(NOTICE_MAILS, { recipient, thread }, { db: tx, startAfter: new Date(due), singletonKey: key });
    return;
  }
  const waiting = await tx.db
    .select({ id: notifications.id, event: domainEvents })
    .from(notifications)
    .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
    .where(and(mine, eq(notifications.email, 'pending')))
    .orderBy(asc(domainEvents.id));
  if (waiting.length === 0) return;
  const address = await addressOf(tx.db, recipient);
  const mail = address
    ? await noticeMail(
        { ...deps, db: tx.db },
        waiting.map((row) => row.event as StoredEvent),
      )
    : null;
  if (address && mail) await jobs.enqueueEmail({ to: address, ...mail, headers: automatic }, { db: tx });
  await tx.db
    .update(notifications)
    .set(address && mail ? { email: 'sent', emailedAt: now } : { email: 'none' })
    .where(
      inArray(
        notifications.id,
        waiting.map((row) => row.id),
      ),
    );
}

/** The notices of one event: a notification for each person it concerns, each e-mailed (or gathered). Idempotent. */
export async function noticeEvent(deps: NoticeDeps, event: StoredEvent, jobs: JobSender, now = new Date()): Promise<number> {
  const thread = threadOf(event);
  let told = 0;
  for (const recipient of await recipientsOf(deps, event)) {
    await withTransaction(deps.pool, async (tx) => {
      const [row] = await tx.db
        .insert(notifications)
        .values({ eventId: event.id, kind: event.kind, thread, ...recipient })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      // Handed twice (a retried dispatch): told once.
      if (!row) return;
      told += 1;
      await mailNotices(deps, tx, jobs, recipient, thread, now);
    });
  }
  return told;
}

/** The job at a window's end: what gathered for one person in one thread, in one e-mail. */
export async function flushNotices(deps: NoticeDeps, data: { recipient: Recipient; thread: string }, jobs: JobSender, now = new Date()) {
  await withTransaction(deps.pool, (tx) => mailNotices(deps, tx, jobs, data.recipient, data.thread, now));
}
