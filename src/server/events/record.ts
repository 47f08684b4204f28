import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { domainEvents } from '../db/schema.ts';
import { currentVisit } from '../visit-context.ts';
import { isVisitorKind, type DomainEvent, type EventData, type EventKind } from '../../lib/events/kinds.ts';

/**
 * The record of domain events (issues 50, 51; decision 056): what happened, written once, in the
 * transaction of the change that made it, which also tells the dispatcher (dispatch.ts) at commit
 * (NOTIFY): an event exists exactly when its change does, and its readers get it at least once.
 */

/** The channel that wakes the dispatchers when an event is committed. */
export const EVENTS_CHANNEL = 'helixpoint_domain_events';

export interface StoredEvent<K extends EventKind = EventKind> {
  id: number;
  kind: K;
  data: EventData[K];
  applicationId: string | null;
  contactMessageId: string | null;
  positionId: string | null;
  bookingId: string | null;
  actorUserId: string | null;
  /** A goal's visitor (issue 57), the day's hash; null for any other event. */
  visitor: string | null;
  occurredAt: Date;
}

/** A transaction's database (a Drizzle transaction is one). */
type InTransaction = Pick<Database, 'insert' | 'execute'>;

/** Records an event in the caller's transaction. Returns its id. */
export async function recordEvent(tx: InTransaction, event: DomainEvent): Promise<number> {
  const [row] = await tx
    .insert(domainEvents)
    .values({
      kind: event.kind,
      data: event.data,
      applicationId: event.applicationId ?? null,
      contactMessageId: event.contactMessageId ?? null,
      positionId: event.positionId ?? null,
      bookingId: event.bookingId ?? null,
      actorUserId: event.actorUserId ?? null,
      // A goal is linked to the visit that led to it by its request's visitor (src/server/analytics).
      visitor: isVisitorKind(event.kind) ? ((await currentVisit()?.visitor()) ?? null) : null,
    })
    .returning({ id: domainEvents.id });
  // Delivered at commit, and only then: a rolled-back change wakes nobody.
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
  return row!.id;
}
