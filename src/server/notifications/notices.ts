import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type pg from 'pg';
import { isStaff } from '../access/permissions.ts';
import { withTransaction, type Database, type Transaction } from '../db/client.ts';
import { bookingHosts, domainEvents, notificationPreferences, notifications, users } from '../db/schema.ts';
import type { StoredEvent } from '../events/record.ts';
import type { JobSender } from '../jobs/queue.ts';
import { automatic } from '../mail/headers.ts';
import { noticeMail, noticeReason } from '../mail/notice-templates.ts';
import { repliesReceivedMail, replyReceivedMail } from '../mail/reply-templates.ts';
import { scorecardReminderMail } from '../mail/scorecard-templates.ts';
import type { MailContent } from '../mail/templates.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { whenLabel, zoneOrCompany } from '../../lib/scheduling/format.ts';
import { hostZones } from '../scheduling/bookings.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import type { EventData, EventKind } from '../../lib/events/kinds.ts';
import {
  choiceFor,
  isNoticed,
  NOTICE_WINDOW_MINUTES,
  reasonTexts,
  topicOf,
  type NoticedKind,
  type NoticeEmailState,
  type NoticeReason,
} from '../../lib/notifications/kinds.ts';
import { CALENDARS_PATH, describe, placesOf, threadOf } from './describe.ts';
import { recipientsOf, type Recipient, type RecipientDeps } from './recipients.ts';

/**
 * Notices of what happened (issues 50, 51): each event read from the record becomes a notification
 * for each person it concerns (the workspace's list), and an e-mail as they chose: at once, in
 * their daily digest (digests.ts), or none. "At once" is one e-mail per thread and person within
 * NOTICE_WINDOW_MINUTES: the first goes at once, what comes after it waits for the window's end and
 * goes in one e-mail that says how many came ("3 replies from Carla"), so thirty replies in a
 * second are two e-mails, not thirty. A host of a booking gets no e-mail of its changes: their
 * calendar invitation is that e-mail. Every notice carries `Auto-Submitted: auto-generated`.
 */

export { threadOf };

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

/** Whom an e-mail of notices goes to: a staff member, or a team's inbox. */
export type Addressee = { userId: string } | { inbox: string };

const recipientColumn = (recipient: Addressee) =>
  'userId' in recipient ? eq(notifications.userId, recipient.userId) : eq(notifications.inbox, recipient.inbox);
const recipientKey = (recipient: Addressee) => ('userId' in recipient ? `user:${recipient.userId}` : `inbox:${recipient.inbox}`);

/** Each person's zone (their availability's, else the company's): the times their notices name. */
export const zonesOf = (db: Pick<Database, 'select'>, userIds: readonly string[]) =>
  hostZones(
    db,
    userIds.map((userId) => ({ userId })),
  );

/** Where the recipient's e-mail goes and in which zone; null for someone no longer on the staff. */
async function addressOf(db: Database, recipient: Addressee): Promise<{ email: string; zone: string } | null> {
  if ('inbox' in recipient) return { email: recipient.inbox, zone: zoneOrCompany(null) };
  const [row] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, recipient.userId));
  if (!row || !isStaff(row.role)) return null;
  return { email: row.email, zone: (await zonesOf(db, [recipient.userId])).get(recipient.userId)! };
}

/** The footer of a person's notices: why they get them, and where to choose. */
export const reasonLine = (siteUrl: string, reason: NoticeReason | null) =>
  noticeReason(`${reasonTexts[reason ?? 'follow']} at ${siteConfig.name}`, `${siteUrl}/account/notifications`);

/** The e-mail of the notifications waiting for one person in one thread: one event's own, or several in one. */
async function noticeMailOf(
  deps: NoticeDeps,
  db: Database,
  events: StoredEvent[],
  zone: string,
  reason: NoticeReason | null,
): Promise<MailContent | null> {
  const places = await placesOf(db, events);
  const place = places.get(threadOf(events[0]!));
  const views = events.map((event) => describe(event, place, zone)).filter((view) => view !== null);
  if (!place || views.length === 0) return null;
  const footer = reasonLine(deps.siteUrl, reason);
  if (events.every((event) => event.kind === 'reply.received')) {
    const replies = events.map((event) => event.data as EventData['reply.received']);
    const url = `${deps.siteUrl}${views[0]!.path}`;
    if (replies.length === 1) return replyReceivedMail({ ...replies[0]!, about: place.theirs, url, reason: footer });
    return repliesReceivedMail({ replies, about: place.theirs, url, reason: footer });
  }
  const single = views.length === 1;
  if (single && events[0]!.kind === 'scorecard.due') {
    const data = events[0]!.data as EventData['scorecard.due'];
    return scorecardReminderMail({
      interviewerName: data.interviewerName,
      candidate: data.candidateName,
      position: data.positionTitle,
      ended: whenLabel(new Date(data.endedAt), zone),
      applicationUrl: `${deps.siteUrl}${views[0]!.path}`,
      reminder: data.reminder,
      reason: footer,
    });
  }
  return noticeMail({
    subject: single ? views[0]!.subject : `${views.length} updates on ${place.about}`,
    heading: single ? views[0]!.subject : `${views.length} updates on ${place.about}`,
    lines: views.map((view) => view.line),
    url: `${deps.siteUrl}${single ? views[0]!.path : place.path}`,
    buttonLabel: place.path.startsWith('/admin/applications')
      ? 'Open the application'
      : place.path === CALENDARS_PATH
        ? 'Open your calendars'
        : 'Open it in the workspace',
    reason: footer,
  });
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
  recipient: Addressee,
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
    .select({ id: notifications.id, reason: notifications.reason, event: domainEvents })
    .from(notifications)
    .innerJoin(domainEvents, eq(domainEvents.id, notifications.eventId))
    .where(and(mine, eq(notifications.email, 'pending')))
    .orderBy(asc(domainEvents.id));
  if (waiting.length === 0) return;
  const address = await addressOf(tx.db, recipient);
  const mail = address
    ? await noticeMailOf(
        deps,
        tx.db,
        waiting.map((row) => row.event as StoredEvent),
        address.zone,
        waiting[0]!.reason,
      )
    : null;
  if (address && mail) await jobs.enqueueEmail({ to: address.email, ...mail, headers: automatic }, { db: tx });
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

/** The booking kinds whose hosts learn of them from the calendar invitation the booking e-mails them. */
const calendarKinds = new Set<EventKind>([
  'interview.booked',
  'interview.moved',
  'interview.cancelled',
  'meeting.booked',
  'meeting.moved',
  'meeting.cancelled',
]);

/** How each recipient is e-mailed of this event: as they chose for its topic (their role's default), the inbox at once. */
async function emailStates(db: Database, event: StoredEvent, recipients: readonly Recipient[]): Promise<Map<Recipient, NoticeEmailState>> {
  const userIds = recipients.flatMap((recipient) => ('userId' in recipient ? [recipient.userId] : []));
  const [people, hosts] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, role: users.role, choices: notificationPreferences.choices })
          .from(users)
          .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
          .where(inArray(users.id, userIds))
      : [],
    event.bookingId && calendarKinds.has(event.kind)
      ? db.select({ userId: bookingHosts.userId }).from(bookingHosts).where(eq(bookingHosts.bookingId, event.bookingId))
      : [],
  ]);
  const states = new Map<Recipient, NoticeEmailState>();
  for (const recipient of recipients) {
    if ('inbox' in recipient) {
      states.set(recipient, 'pending');
      continue;
    }
    if (hosts.some((host) => host.userId === recipient.userId)) {
      states.set(recipient, 'none');
      continue;
    }
    const person = people.find((row) => row.id === recipient.userId);
    const choice = person ? choiceFor(person.role as Role, person.choices ?? {}, topicOf[event.kind as NoticedKind]) : 'off';
    states.set(recipient, choice === 'now' ? 'pending' : choice === 'digest' ? 'digest' : 'none');
  }
  return states;
}

/** The notices of one event: a notification for each person it concerns, each e-mailed (or gathered). Idempotent. */
export async function noticeEvent(deps: NoticeDeps, event: StoredEvent, jobs: JobSender, now = new Date()): Promise<number> {
  // What only the company's other systems hear of (issue 55) is nobody's notice.
  if (!isNoticed(event.kind)) return 0;
  const thread = threadOf(event);
  const recipients = await recipientsOf(deps, event);
  const states = await emailStates(deps.db, event, recipients);
  let told = 0;
  for (const recipient of recipients) {
    const { reason, ...addressee } = recipient;
    const email = states.get(recipient)!;
    await withTransaction(deps.pool, async (tx) => {
      const [row] = await tx.db
        .insert(notifications)
        .values({ eventId: event.id, kind: event.kind, thread, reason, email, createdAt: now, ...addressee })
        .onConflictDoNothing()
        .returning({ id: notifications.id });
      // Handed twice (a retried dispatch): told once.
      if (!row) return;
      told += 1;
      if (email === 'pending') await mailNotices(deps, tx, jobs, addressee, thread, now);
    });
  }
  return told;
}

/** The job at a window's end: what gathered for one person in one thread, in one e-mail. */
export async function flushNotices(deps: NoticeDeps, data: { recipient: Addressee; thread: string }, jobs: JobSender, now = new Date()) {
  await withTransaction(deps.pool, (tx) => mailNotices(deps, tx, jobs, data.recipient, data.thread, now));
}
