/**
 * What happens that people and other systems are told of: the one list of domain events (issues
 * 50, 51, 55). Each is written once, in the transaction of the change that made it
 * (src/server/events/record.ts); notifications, e-mail notices, and later webhooks, chat notices
 * and analytics goals read that record, never a path of their own. A kind's data is what its
 * readers need to describe it without asking again; ids of what it concerns are columns of the
 * record (and go with it when that is erased).
 */

import type { ApplicationStatus } from '../applications/status.ts';

/** Whether the sender of a mail that came back was shown to be who its From: says (issue 50). */
export const senderStatuses = ['verified', 'other', 'unverified'] as const;
export type SenderStatus = (typeof senderStatuses)[number];

/** Who moved or cancelled a booking: the guest (the candidate, the visitor) from their link, or staff. */
export type ChangedBy = 'guest' | 'staff';

export interface EventData {
  /** Someone applied for a position. */
  'application.received': { candidateName: string; positionTitle: string };
  /** An application moved along the pipeline (issue 55: told to the company's other systems, not to people). */
  'application.status_changed': { from: ApplicationStatus; to: ApplicationStatus };
  /** Someone confirmed a job alert from its e-mail (issue 57: an analytics goal; nothing of the address). */
  'alert.confirmed': { departmentId: string | null; location: string | null };
  /** Someone wrote through the contact form (its e-mail to CONTACT_EMAIL tells people; this, other systems). */
  'contact.received': { reason: string };
  /**
   * A person was erased (a privacy request, or their records' retention ran out): the ids of what
   * went, for the company's other systems to erase their copies. Of nothing that still exists: the
   * record's columns are empty, so the event outlives what it names.
   */
  'candidate.erased': { applicationIds: string[]; contactMessageIds: string[]; bookingIds: string[] };
  /**
   * An integration (a webhook, a chat channel) was switched off: its deliveries failed for as long
   * as one is tried (issue 55). Told to the admin who added it, or to every admin when they are gone.
   */
  'integration.disabled': { endpointId: string; name: string; createdByUserId: string | null; error: string | null };
  /**
   * Someone of the company's domains signed in through its identity provider for the first time, and
   * no claim gave them a role: they wait for an admin's (issue 56). Told to everyone who keeps users.
   */
  'account.awaiting_approval': { userId: string; name: string; email: string };
  /**
   * A break-glass admin signed in with the site's password where staff sign in only through the
   * company's provider (issue 56): told to everyone who keeps users, so that it is never unseen.
   */
  'account.break_glass_used': { userId: string; name: string; email: string; ip: string };
  /** A person's reply came back to an application's or a contact message's reply address. */
  'reply.received': {
    inboundMailId: string;
    /** The sender as shown: the thread's person by name when verified, else the address the mail gives. */
    from: string;
    senderStatus: SenderStatus;
    attachments: number;
    /** The staff member whose e-mail was answered (the reply address was theirs). */
    answeredUserId: string | null;
  };
  /** An interview was booked (by the candidate), moved or cancelled (by the candidate or staff). */
  'interview.booked': { candidateName: string; startsAt: string; stage: string | null; by: ChangedBy };
  'interview.moved': { candidateName: string; startsAt: string; stage: string | null; by: ChangedBy };
  'interview.cancelled': { candidateName: string; startsAt: string; stage: string | null; by: ChangedBy };
  /** An interviewer submitted their scorecard. */
  'scorecard.submitted': { candidateName: string; interviewerName: string; stage: string | null };
  /** An interviewer's scorecard is due after their interview (the reminders: 2 hours after, then daily). */
  'scorecard.due': {
    candidateName: string;
    positionTitle: string;
    interviewerId: string;
    interviewerName: string;
    stage: string | null;
    endedAt: string;
    /** 1, 2 or 3: the last one says so. */
    reminder: number;
  };
  /** A note on an application named these people with @name. */
  'note.mentioned': { noteId: string; authorName: string; candidateName: string; mentionedUserIds: string[] };
  /** Book a Meeting: a visitor booked, moved or cancelled a meeting with the hosts. */
  'meeting.booked': { guestName: string; company: string | null; startsAt: string; by: ChangedBy };
  'meeting.moved': { guestName: string; company: string | null; startsAt: string; by: ChangedBy };
  'meeting.cancelled': { guestName: string; company: string | null; startsAt: string; by: ChangedBy };
  /** The rejection e-mail to a candidate was sent (queued, or scheduled for later), or taken back before it went. */
  'rejection.sent': { candidateName: string; sendAt: string | null };
  'rejection.withdrawn': { candidateName: string };
  /**
   * Offers (issue 54). Approvals are asked of the people named (`approverUserIds`), or of the admins
   * when an admin's approval is asked (`admins`); the offer's drafter hears of the approvals' end; the
   * team hears of the candidate's answer. Pay stays out: whoever reads the notice opens the offer.
   */
  'offer.approval_requested': {
    offerId: string;
    candidateName: string;
    positionTitle: string;
    version: number;
    approverUserIds: string[];
    admins: boolean;
  };
  'offer.approved': { offerId: string; candidateName: string; positionTitle: string; version: number; drafterUserId: string | null };
  'offer.changes_requested': {
    offerId: string;
    candidateName: string;
    positionTitle: string;
    version: number;
    drafterUserId: string | null;
    byName: string;
  };
  'offer.accepted': OfferAnswer;
  'offer.declined': OfferAnswer & { reason: string | null };
  /**
   * One of a person's own calendars (one that counts for their busy times) has not been read for
   * UNREADABLE_AFTER_MINUTES, so nobody can book them until it is (src/server/calendars/unreadable.ts):
   * told to its owner once per failure. It concerns no application, message or booking.
   */
  'calendar.unreadable': {
    ownerUserId: string;
    /** The calendar as its owner's page shows it: a link's host name, or a CalDAV calendar's name. */
    calendar: string;
    /** The last read's failure, in words for its owner; null when none was recorded. */
    error: string | null;
    /** ISO time of the last read that worked, or of its connection when none did since. */
    since: string;
  };
}

/** The candidate's answer to an offer: told to the application's followers, the offer's drafter and its sender. */
interface OfferAnswer {
  offerId: string;
  candidateName: string;
  positionTitle: string;
  version: number;
  drafterUserId: string | null;
  senderUserId: string | null;
}

export type EventKind = keyof EventData;

export const eventKinds = [
  'application.received',
  'application.status_changed',
  'contact.received',
  'alert.confirmed',
  'candidate.erased',
  'integration.disabled',
  'account.awaiting_approval',
  'account.break_glass_used',
  'reply.received',
  'interview.booked',
  'interview.moved',
  'interview.cancelled',
  'scorecard.submitted',
  'scorecard.due',
  'note.mentioned',
  'meeting.booked',
  'meeting.moved',
  'meeting.cancelled',
  'rejection.sent',
  'rejection.withdrawn',
  'calendar.unreadable',
  'offer.approval_requested',
  'offer.approved',
  'offer.changes_requested',
  'offer.accepted',
  'offer.declined',
] as const satisfies readonly EventKind[];

/**
 * Events a visitor of the site makes from their browser (issue 57): each is recorded with the
 * visitor's hash of the day (an analytics goal's link to its visit), forgotten once handed.
 */
export const visitorKinds = [
  'contact.received',
  'meeting.booked',
  'application.received',
  'alert.confirmed',
] as const satisfies readonly EventKind[];
export const isVisitorKind = (kind: EventKind): boolean => (visitorKinds as readonly EventKind[]).includes(kind);

/**
 * What an event concerns (the record's columns): its thread is the application, the contact message
 * or the booking; an event of none of them ('calendar.unreadable') names its person in its data.
 */
export interface EventSubject {
  applicationId?: string | null;
  contactMessageId?: string | null;
  positionId?: string | null;
  bookingId?: string | null;
  actorUserId?: string | null;
  /** A goal's visitor (issue 57): filled in by recordEvent from the request that made it, never by a caller. */
  visitor?: never;
}

export type DomainEvent = { [K in EventKind]: { kind: K; data: EventData[K] } & EventSubject }[EventKind];
