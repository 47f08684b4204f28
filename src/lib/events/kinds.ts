/**
 * What happens that people and other systems are told of: the one list of domain events (issues
 * 50, 51, 55). Each is written once, in the transaction of the change that made it
 * (src/server/events/record.ts); notifications, e-mail notices, and later webhooks, chat notices
 * and analytics goals read that record, never a path of their own. A kind's data is what its
 * readers need to describe it without asking again; ids of what it concerns are columns of the
 * record (and go with it when that is erased).
 */

/** Whether the sender of a mail that came back was shown to be who its From: says (issue 50). */
export const senderStatuses = ['verified', 'other', 'unverified'] as const;
export type SenderStatus = (typeof senderStatuses)[number];

export interface EventData {
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
}

export type EventKind = keyof EventData;

export const eventKinds = ['reply.received'] as const satisfies readonly EventKind[];

/** What an event concerns (the record's columns): its thread is the application or the contact message. */
export interface EventSubject {
  applicationId?: string | null;
  contactMessageId?: string | null;
  positionId?: string | null;
  bookingId?: string | null;
  actorUserId?: string | null;
}

export type DomainEvent = { [K in EventKind]: { kind: K; data: EventData[K] } & EventSubject }[EventKind];
