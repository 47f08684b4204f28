import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { domainEvents } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import type { DomainEvent, EventData, EventKind } from '../../lib/events/kinds.ts';

/**
 * The record of domain events (issues 50, 51): what happened, written once, in the transaction of
 * the change that made it, with a job that tells its readers (dispatch.ts) queued in the same
 * transaction: an event exists exactly when its change does, and is read at least once.
 */

/** The queue whose jobs hand each new event to its readers. */
export const DOMAIN_EVENTS = 'domain-events';

/** Retried for about a day: a reader that fails (the database away) is tried again, never skipped. */
export const domainEventsQueue = {
  name: DOMAIN_EVENTS,
  options: { retryLimit: 25, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, deleteAfterSeconds: 7 * 24 * 3600 },
} as const;

export interface StoredEvent<K extends EventKind = EventKind> {
  id: number;
  kind: K;
  data: EventData[K];
  applicationId: string | null;
  contactMessageId: string | null;
  positionId: string | null;
  bookingId: string | null;
  actorUserId: string | null;
  occurredAt: Date;
}

/** Records an event in `tx` and queues its delivery to the readers with it. Returns its id. */
export async function recordEvent(tx: Transaction, jobs: Pick<JobSender, 'send'>, event: DomainEvent): Promise<number> {
  const [row] = await tx.db
    .insert(domainEvents)
    .values({
      kind: event.kind,
      data: event.data,
      applicationId: event.applicationId ?? null,
      contactMessageId: event.contactMessageId ?? null,
      positionId: event.positionId ?? null,
      bookingId: event.bookingId ?? null,
      actorUserId: event.actorUserId ?? null,
    })
    .returning({ id: domainEvents.id });
  await jobs.send(DOMAIN_EVENTS, { eventId: row!.id }, { db: tx });
  return row!.id;
}

/** An event as its readers get it; null when it is gone (erased with what it concerned). */
export async function storedEvent(db: Pick<Database, 'select'>, id: number): Promise<StoredEvent | null> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id));
  return (row as StoredEvent | undefined) ?? null;
}
