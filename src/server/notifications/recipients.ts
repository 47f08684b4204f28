import { and, eq, inArray, sql } from 'drizzle-orm';
import { can, isStaff, mayOnApplication, rolesWith, rolesWithAll, type Permission, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { bookingHosts, follows, users } from '../db/schema.ts';
import { seesOthersFeedback } from '../scorecards/scorecards.ts';
import type { StoredEvent } from '../events/record.ts';
import { siteConfig } from '../../lib/site-config.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import type { EventKind } from '../../lib/events/kinds.ts';
import type { NoticeReason } from '../../lib/notifications/kinds.ts';

/**
 * Who is told of an event (issues 50, 51), by one rule: the people who follow its thread (or those
 * it names), and of them only those who may read what it is about: the permission module decides,
 * kind by kind. Nobody is told of what they did themselves. When nobody in particular is told of a
 * reply, the team's inbox is (HIRING_EMAIL, CONTACT_EMAIL), so nothing goes unseen.
 *
 * Who follows an application: its position's hiring team, whoever proposed an interview for it,
 * wrote to the candidate or was assigned to it, and whoever chose to follow it; less whoever chose
 * to stop. A contact message: whoever answered it, and whoever chose to. A meeting: its hosts. A
 * calendar that cannot be read: its owner, and nobody else (it is theirs, and not to be followed).
 */

export type Recipient = ({ userId: string } | { inbox: string }) & { reason: NoticeReason };

export interface RecipientDeps {
  db: Database;
  hiringEmail?: string | undefined;
  contactEmail?: string | undefined;
}

/**
 * What a person must be allowed on an application to be told of each kind of its events: what its
 * page shows them. Its interviews are shown to those who read its history (an interviewer learns of
 * their own interview as its host, below, not of the other panels'); a note that mentions someone
 * tells them only when they see the others' notes (blind until submitted, decision 042).
 */
const readWith: Partial<Record<EventKind, Permission>> = {
  'application.received': 'applications.read',
  'reply.received': 'applications.history',
  'interview.booked': 'applications.history',
  'interview.moved': 'applications.history',
  'interview.cancelled': 'applications.history',
  'scorecard.submitted': 'applications.notes',
  'scorecard.due': 'applications.review',
  'note.mentioned': 'applications.read',
  'rejection.sent': 'applications.history',
  'rejection.withdrawn': 'applications.history',
  // Offers (issue 54): pay is in them, so only those who may read the application's offers.
  'offer.approval_requested': 'offers.read',
  'offer.approved': 'offers.read',
  'offer.changes_requested': 'offers.read',
  'offer.accepted': 'offers.read',
  'offer.declined': 'offers.read',
};

const interviewKinds = new Set<EventKind>(['interview.booked', 'interview.moved', 'interview.cancelled']);

type Follower = { userId: string; reason: NoticeReason };

/** The people who follow an application, each with why (their own choice first, then the team). */
export async function applicationFollowers(db: Pick<Database, 'execute'>, applicationId: string): Promise<Follower[]> {
  const { rows } = await db.execute<{ user_id: string; reason: NoticeReason }>(sql`
    with application as (select id, position_id from applications where id = ${applicationId}),
    by_deed as (
      select f.user_id, 'follow' as reason, 0 as rank from follows f where f.application_id = ${applicationId} and f.follows
      union all
      select m.user_id, 'team', 1 from hiring_team_members m join application a on a.position_id = m.position_id
      union all
      select r.proposed_by_user_id, 'proposed', 2 from interview_requests r where r.application_id = ${applicationId} and r.proposed_by_user_id is not null
      union all
      select e.sender_user_id, 'answered', 3 from application_emails e where e.application_id = ${applicationId} and e.sender_user_id is not null
      union all
      select i.user_id, 'assigned', 4 from application_interviewers i where i.application_id = ${applicationId}
    )
    select distinct on (user_id) user_id, reason from by_deed
    where user_id not in (select f.user_id from follows f where f.application_id = ${applicationId} and not f.follows)
    order by user_id, rank`);
  return rows.map((row) => ({ userId: row.user_id, reason: row.reason }));
}

/** The people who follow a contact message: whoever answered it, and whoever chose to; less whoever stopped. */
export async function messageFollowers(db: Pick<Database, 'execute'>, contactMessageId: string): Promise<Follower[]> {
  const { rows } = await db.execute<{ user_id: string; reason: NoticeReason }>(sql`
    with by_deed as (
      select f.user_id, 'follow' as reason, 0 as rank from follows f where f.contact_message_id = ${contactMessageId} and f.follows
      union all
      select e.sender_user_id, 'answered', 1 from contact_message_emails e where e.contact_message_id = ${contactMessageId} and e.sender_user_id is not null
    )
    select distinct on (user_id) user_id, reason from by_deed
    where user_id not in (select f.user_id from follows f where f.contact_message_id = ${contactMessageId} and not f.follows)
    order by user_id, rank`);
  return rows.map((row) => ({ userId: row.user_id, reason: row.reason }));
}

/** Whether this person follows the thread (for its Follow / Unfollow button). */
export async function isFollowing(
  db: Pick<Database, 'execute'>,
  userId: string,
  thread: { applicationId: string } | { contactMessageId: string },
) {
  const followers =
    'applicationId' in thread ? await applicationFollowers(db, thread.applicationId) : await messageFollowers(db, thread.contactMessageId);
  return followers.some((follower) => follower.userId === userId);
}

/** The staff among these people, with their roles (one query). */
async function staffOf(db: Database, ids: readonly string[]): Promise<Map<string, Role>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, unique));
  return new Map(rows.filter((row) => isStaff(row.role)).map((row) => [row.id, row.role]));
}

/** Those who chose Unfollow on a thread: whatever they did on it, they are not told. */
async function unfollowers(db: Database, thread: { applicationId: string } | { contactMessageId: string }): Promise<Set<string>> {
  const column = 'applicationId' in thread ? follows.applicationId : follows.contactMessageId;
  const id = 'applicationId' in thread ? thread.applicationId : thread.contactMessageId;
  const rows = await db
    .select({ userId: follows.userId })
    .from(follows)
    .where(and(eq(column, id), eq(follows.follows, false)));
  return new Set(rows.map((row) => row.userId));
}

/** The candidates of an application event, with why, before the permission check. */
async function applicationCandidates(db: Database, event: StoredEvent): Promise<Follower[]> {
  const applicationId = event.applicationId!;
  switch (event.kind) {
    case 'application.received': {
      // A new application tells the position's hiring team (its other followers did nothing on it yet).
      return (await applicationFollowers(db, applicationId)).filter((follower) => follower.reason === 'team');
    }
    case 'reply.received': {
      const { answeredUserId } = event.data as StoredEvent<'reply.received'>['data'];
      const followers = await applicationFollowers(db, applicationId);
      const answerer = answeredUserId && !(await unfollowers(db, { applicationId })).has(answeredUserId);
      return answerer ? [{ userId: answeredUserId, reason: 'answered' }, ...followers] : followers;
    }
    case 'scorecard.due': {
      const { interviewerId } = event.data as StoredEvent<'scorecard.due'>['data'];
      return [{ userId: interviewerId, reason: 'interviewer' }];
    }
    case 'note.mentioned': {
      const { mentionedUserIds } = event.data as StoredEvent<'note.mentioned'>['data'];
      return mentionedUserIds.map((userId) => ({ userId, reason: 'mentioned' as const }));
    }
    case 'offer.approval_requested': {
      // The people whose approval is due now; an admin's approval asks every admin.
      const { approverUserIds, admins } = event.data as StoredEvent<'offer.approval_requested'>['data'];
      const adminIds = admins
        ? (
            await db
              .select({ id: users.id })
              .from(users)
              .where(inArray(users.role, rolesWithAll('offers.approve')))
          ).map((row) => row.id)
        : [];
      return [...approverUserIds, ...adminIds].map((userId) => ({ userId, reason: 'approver' as const }));
    }
    case 'offer.accepted':
    case 'offer.declined': {
      // Its drafter and sender first (they may follow nothing else of it), then the followers.
      const { drafterUserId, senderUserId } = event.data as StoredEvent<'offer.accepted'>['data'];
      const stopped = await unfollowers(db, { applicationId });
      const own = [drafterUserId, senderUserId].flatMap((userId) =>
        userId && !stopped.has(userId) ? [{ userId, reason: 'drafter' as const }] : [],
      );
      return [...own, ...(await applicationFollowers(db, applicationId))];
    }
    case 'offer.approved':
    case 'offer.changes_requested': {
      const { drafterUserId } = event.data as StoredEvent<'offer.approved'>['data'];
      return drafterUserId ? [{ userId: drafterUserId, reason: 'drafter' as const }] : [];
    }
    default: {
      const followers = await applicationFollowers(db, applicationId);
      if (!interviewKinds.has(event.kind) || !event.bookingId) return followers;
      // An interview's panel: each interviewer is told of their own (its host), first.
      const hosts = await db.select({ userId: bookingHosts.userId }).from(bookingHosts).where(eq(bookingHosts.bookingId, event.bookingId));
      return [...hosts.map((host) => ({ userId: host.userId, reason: 'interviewer' as const })), ...followers];
    }
  }
}

/** Whether this person may be told of this application's event: they may read what it says, on its page. */
async function mayBeTold(db: Database, who: Who, event: StoredEvent, reason: NoticeReason): Promise<boolean> {
  const applicationId = event.applicationId!;
  // Their own interview: the host may read the application they interview for.
  const permission =
    reason === 'interviewer' && interviewKinds.has(event.kind) ? 'applications.read' : (readWith[event.kind] ?? 'applications.history');
  if (!(await mayOnApplication(db, who, permission, applicationId))) return false;
  return event.kind === 'note.mentioned' ? seesOthersFeedback(db, who, applicationId) : true;
}

/** The people told of one event, each once, with why; only those who may read what it is about. */
export async function recipientsOf(deps: RecipientDeps, event: StoredEvent): Promise<Recipient[]> {
  const { db } = deps;
  const chosen = new Map<string, NoticeReason>();
  if (event.applicationId) {
    const candidates = (await applicationCandidates(db, event)).filter((person) => person.userId !== event.actorUserId);
    const roles = await staffOf(
      db,
      candidates.map((person) => person.userId),
    );
    for (const person of candidates) {
      const role = roles.get(person.userId);
      if (!role || chosen.has(person.userId)) continue;
      if (await mayBeTold(db, { id: person.userId, role }, event, person.reason)) chosen.set(person.userId, person.reason);
    }
    const told: Recipient[] = [...chosen].map(([userId, reason]) => ({ userId, reason }));
    if (told.length === 0 && event.kind === 'reply.received')
      return [{ inbox: deps.hiringEmail ?? siteConfig.careersEmail, reason: 'inbox' }];
    return told;
  }
  if (event.contactMessageId) {
    const { answeredUserId } = (event.data as { answeredUserId?: string | null }) ?? {};
    const stopped = answeredUserId ? await unfollowers(db, { contactMessageId: event.contactMessageId }) : new Set<string>();
    const candidates = [
      ...(answeredUserId && !stopped.has(answeredUserId) ? [{ userId: answeredUserId, reason: 'answered' as const }] : []),
      ...(await messageFollowers(db, event.contactMessageId)),
    ].filter((person) => person.userId !== event.actorUserId);
    const roles = await staffOf(
      db,
      candidates.map((person) => person.userId),
    );
    for (const person of candidates) {
      const role = roles.get(person.userId);
      if (role && !chosen.has(person.userId) && can({ role }, 'messages.handle')) chosen.set(person.userId, person.reason);
    }
    const told: Recipient[] = [...chosen].map(([userId, reason]) => ({ userId, reason }));
    return told.length > 0 ? told : [{ inbox: deps.contactEmail ?? siteConfig.email, reason: 'inbox' }];
  }
  if (event.bookingId) {
    // A meeting: its hosts (whoever took it may read it: they host meetings).
    const hosts = await db.select({ userId: bookingHosts.userId }).from(bookingHosts).where(eq(bookingHosts.bookingId, event.bookingId));
    const roles = await staffOf(
      db,
      hosts.map((host) => host.userId),
    );
    return hosts
      .filter((host) => host.userId !== event.actorUserId && roles.has(host.userId))
      .map((host) => ({ userId: host.userId, reason: 'host' as const }));
  }
  if (event.kind === 'calendar.unreadable') {
    // Their own calendar (its owner is in the event's data): them alone, while they are on the staff.
    const { ownerUserId } = event.data as StoredEvent<'calendar.unreadable'>['data'];
    const roles = await staffOf(db, [ownerUserId]);
    return roles.has(ownerUserId) && ownerUserId !== event.actorUserId ? [{ userId: ownerUserId, reason: 'owner' }] : [];
  }
  if (event.kind === 'integration.disabled') {
    // The admin who added it while they keep integrations; else everyone who does (someone must know).
    const { createdByUserId } = event.data as StoredEvent<'integration.disabled'>['data'];
    const keepers = (
      await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(inArray(users.role, rolesWith('integrations.manage')))
    ).map((row) => row.id);
    const told = createdByUserId && keepers.includes(createdByUserId) ? [createdByUserId] : keepers;
    return told.map((userId) => ({ userId, reason: 'admin' as const }));
  }
  if (event.kind === 'account.awaiting_approval' || event.kind === 'account.break_glass_used') {
    // Everyone who keeps users (they give roles), but not the person themselves (a break-glass admin).
    const { userId: subject } = event.data as StoredEvent<'account.awaiting_approval'>['data'];
    const keepers = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, rolesWith('users.manage')));
    return keepers.filter((row) => row.id !== subject).map((row) => ({ userId: row.id, reason: 'keeper' as const }));
  }
  return [];
}
