import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { integrationAttempts, integrationDeliveries, integrationEndpoints } from '../db/schema.ts';
import { recordEvent, type StoredEvent } from '../events/record.ts';
import type { JobSender } from '../jobs/queue.ts';
import { guardedFetch, OutboundError, type AllowList } from '../outbound/guarded-fetch.ts';
import {
  ANSWER_KEPT_BYTES,
  DELIVERY_LOG_DAYS,
  DELIVERY_TIMEOUT_MS,
  isPublished,
  type PublishedKind,
} from '../../lib/integrations/integration.ts';
import { DELIVER_INTEGRATIONS, secretOf, urlOf, wakeIntegration } from './endpoints.ts';
import { outgoingOf } from './payload.ts';

/**
 * Deliveries to integrations (issue 55, decision 072). The reader of the record of domain events
 * makes one delivery per integration that listens for the event (its payload made then); a job of
 * the queue ('deliver-integrations', one per integration) sends what is due, and the sweep every
 * minute wakes any integration whose job was lost. Order per thread: only the oldest waiting
 * delivery of a thread (an application, a message, a booking) is sent, the next one after it
 * arrived or failed for good; threads go side by side. A worker leases what it sends, so two
 * instances never send one thread at once, and a crashed instance's lease runs out. A try that
 * fails is tried again after the next delay of the schedule (about a day); after the last, the
 * delivery has failed, and an integration none of whose deliveries arrived since it began is
 * switched off and its admin told. At least once: a receiver dedupes by webhook-id.
 */

export { DELIVER_INTEGRATIONS };
export const SWEEP_INTEGRATIONS = 'sweep-integrations';

/** One waiting job per integration (policy 'short'); woken at once when queued. */
export const deliverQueue = {
  name: DELIVER_INTEGRATIONS,
  // A run lasts RUN_MS and its last tries 15 s: one still active after 2 minutes was on a dead instance.
  options: {
    policy: 'short',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    notify: true,
    expireInSeconds: 120,
    deleteAfterSeconds: 24 * 3600,
  },
} as const;

/** How long a worker holds what it sends: past the longest try (15 s), so a dead instance's is taken back. */
const LEASE_SECONDS = 30;
/** Threads sent side by side by one worker. */
const SIDE_BY_SIDE = 8;
/** How long one job sends before it hands on to the next (the worker then takes whatever is queued first). */
const RUN_MS = 30_000;
/** The most of an answer read (a receiver answering more has failed the try). */
const ANSWER_MAX_BYTES = 256 * 1024;

const systemActor: Actor = { id: null, email: 'integrations' };

export interface DeliveryDeps {
  db: Database;
  siteUrl: string;
  /** AUTH_SECRET: unseals URLs and signing secrets. */
  secret: string;
  allow: AllowList;
  /** The delays between tries, in seconds (WEBHOOK_RETRY_SECONDS). */
  retrySeconds: readonly number[];
  log: (data: object, message: string) => void;
}

/** A delivery's id, sent as webhook-id. */
export const newDeliveryId = () => `msg_${randomBytes(16).toString('hex')}`;

/** The record's reader: a delivery for each integration listening for the event, and a job to send it. */
export async function deliveriesOfEvent(deps: DeliveryDeps, event: StoredEvent, jobs: JobSender): Promise<number> {
  if (!isPublished(event.kind)) return 0;
  // Those switched on, and those the deliveries switched off (what comes meanwhile waits for them,
  // sent when an admin switches them on); not one an admin switched off.
  const listening = await deps.db
    .select({ id: integrationEndpoints.id, kind: integrationEndpoints.kind })
    .from(integrationEndpoints)
    .where(
      and(
        or(eq(integrationEndpoints.enabled, true), isNotNull(integrationEndpoints.disabledReason)),
        sql`${event.kind} = any(${integrationEndpoints.events})`,
      ),
    );
  if (listening.length === 0) return 0;
  const outgoing = await outgoingOf(deps.db, deps.siteUrl, event as StoredEvent<PublishedKind>);
  if (!outgoing) return 0;
  const made = await deps.db
    .insert(integrationDeliveries)
    .values(
      listening.map((endpoint) => ({
        id: newDeliveryId(),
        endpointId: endpoint.id,
        eventId: event.id,
        kind: event.kind,
        orderKey: outgoing.orderKey,
        payload: endpoint.kind === 'chat' ? { text: outgoing.text } : outgoing.payload,
      })),
    )
    // Handed twice (a retried dispatch): made once.
    .onConflictDoNothing()
    .returning({ endpointId: integrationDeliveries.endpointId });
  for (const { endpointId } of made) await wakeIntegration(jobs, endpointId);
  return made.length;
}

interface Claimed {
  id: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Takes the oldest waiting delivery of up to `limit` threads whose turn it is (due, not leased). */
async function claimHeads(db: Database, endpointId: string, now: Date, limit: number): Promise<Claimed[]> {
  const { rows } = await db.execute<{ id: string; payload: Record<string, unknown>; attempts: number }>(sql`
    with heads as (
      select distinct on (order_key) id, next_attempt_at, lease_until
      from integration_deliveries
      where endpoint_id = ${endpointId} and state = 'pending'
      order by order_key, event_id, id
    ),
    due as (
      select heads.id from heads
      join integration_deliveries hd on hd.id = heads.id
      join domain_events ev on ev.id = hd.event_id
      where heads.next_attempt_at <= ${now} and (heads.lease_until is null or heads.lease_until < ${now})
        -- An earlier event of its thread that this integration hears of, not yet handed to the
        -- readers (another instance is handing it, or a reader failed and it waits): it goes first.
        and not exists (
          select 1 from domain_events e
          where e.dispatched_at is null and e.id < ev.id
            and e.kind = any(coalesce((select events from integration_endpoints where id = ${endpointId}::uuid), '{}'::text[]))
            and (
              (ev.application_id is not null and e.application_id = ev.application_id)
              or (ev.application_id is null and ev.contact_message_id is not null and e.contact_message_id = ev.contact_message_id)
              or (ev.application_id is null and ev.contact_message_id is null and ev.booking_id is not null and e.booking_id = ev.booking_id)
            )
        )
      order by heads.next_attempt_at
      limit ${limit}
    )
    update integration_deliveries d
    set lease_until = ${new Date(now.getTime() + LEASE_SECONDS * 1000)}
    from due
    where d.id = due.id and d.state = 'pending' and (d.lease_until is null or d.lease_until < ${now})
    returning d.id, d.payload, d.attempts`);
  return rows;
}

interface Endpoint {
  id: string;
  kind: 'webhook' | 'chat';
  name: string;
  url: string;
  secret: string | null;
  createdByUserId: string | null;
}

/** The answer's first bytes, as text fit for a page (control characters out). */
const answerText = (body: Buffer) =>
  body
    .subarray(0, ANSWER_KEPT_BYTES)
    .toString('utf8')
    // eslint-disable-next-line no-control-regex -- a receiver's control characters have no place on a page (NUL none in a text column)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\uFFFD+$/, '');

/** One try: sends the delivery, records it, and moves it on (arrived, to be tried again, or failed for good). */
async function attempt(deps: DeliveryDeps, endpoint: Endpoint, delivery: Claimed, now: () => Date): Promise<boolean> {
  const body = JSON.stringify(delivery.payload);
  const sentAt = now();
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Helixpoint-Integrations/1' };
  if (endpoint.kind === 'webhook' && endpoint.secret) {
    headers['webhook-id'] = delivery.id;
    headers['webhook-timestamp'] = String(Math.floor(sentAt.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(endpoint.secret).sign(delivery.id, sentAt, body);
  }
  const started = performance.now();
  let status: number | null = null;
  let answer: string | null = null;
  let error: string | null = null;
  try {
    const response = await guardedFetch(endpoint.url, {
      method: 'POST',
      headers,
      body,
      allow: deps.allow,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBytes: ANSWER_MAX_BYTES,
      // A redirect is a failed try: followed, a POST may become a GET without its body, "delivered".
      maxRedirects: 0,
    });
    status = response.status;
    answer = answerText(response.body);
  } catch (failure) {
    error = failure instanceof OutboundError ? failure.message : 'The server could not be reached.';
  }
  const durationMs = Math.round(performance.now() - started);
  const arrived = status !== null && status >= 200 && status < 300;
  const tries = delivery.attempts + 1;
  const finishedAt = now();
  const givenUp = !arrived && tries > deps.retrySeconds.length;
  await deps.db.transaction(async (tx) => {
    await tx.insert(integrationAttempts).values({ deliveryId: delivery.id, at: sentAt, status, answer, error, durationMs });
    await tx
      .update(integrationDeliveries)
      .set({
        attempts: tries,
        lastAttemptAt: sentAt,
        leaseUntil: null,
        ...(arrived
          ? { state: 'delivered' as const, deliveredAt: finishedAt }
          : givenUp
            ? { state: 'failed' as const }
            : { nextAttemptAt: new Date(finishedAt.getTime() + deps.retrySeconds[tries - 1]! * 1000) }),
      })
      .where(eq(integrationDeliveries.id, delivery.id));
    if (arrived) {
      await tx
        .update(integrationEndpoints)
        .set({ failingSince: null })
        .where(and(eq(integrationEndpoints.id, endpoint.id), sql`${integrationEndpoints.failingSince} is not null`));
      return;
    }
    const [marked] = await tx
      .update(integrationEndpoints)
      .set({ failingSince: sql`coalesce(${integrationEndpoints.failingSince}, ${sentAt})` })
      .where(eq(integrationEndpoints.id, endpoint.id))
      .returning({ failingSince: integrationEndpoints.failingSince, enabled: integrationEndpoints.enabled });
    // Failed for good, and nothing arrived since its first try: the receiver is gone, not having a
    // bad minute. Switched off (what comes next waits for it), and its admin told.
    const firstTry = givenUp
      ? (
          await tx
            .select({ at: sql<Date>`min(${integrationAttempts.at})` })
            .from(integrationAttempts)
            .where(eq(integrationAttempts.deliveryId, delivery.id))
        )[0]?.at
      : undefined;
    if (givenUp && marked?.enabled && marked.failingSince && firstTry && marked.failingSince <= new Date(firstTry)) {
      const reason = error ?? `The server answered ${status}.`;
      await tx
        .update(integrationEndpoints)
        .set({ enabled: false, disabledAt: finishedAt, disabledReason: reason, updatedAt: finishedAt })
        .where(eq(integrationEndpoints.id, endpoint.id));
      await audit(tx, systemActor, 'integration.disabled', endpoint.id, { reason });
      await recordEvent(tx, {
        kind: 'integration.disabled',
        data: { endpointId: endpoint.id, name: endpoint.name, createdByUserId: endpoint.createdByUserId, error: reason },
      });
    }
  });
  deps.log(
    { integration: endpoint.id, delivery: delivery.id, attempt: tries, status, err: error ? { message: error } : undefined },
    arrived
      ? 'integration delivery sent'
      : givenUp
        ? 'integration delivery failed for good'
        : 'integration delivery failed; tried again later',
  );
  return arrived;
}

async function endpointOf(deps: DeliveryDeps, endpointId: string): Promise<Endpoint | null> {
  const [row] = await deps.db
    .select()
    .from(integrationEndpoints)
    .where(and(eq(integrationEndpoints.id, endpointId), eq(integrationEndpoints.enabled, true)));
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: urlOf(deps, row.urlSealed),
    secret: row.secretSealed ? secretOf(deps, row.secretSealed) : null,
    createdByUserId: row.createdByUserId,
  };
}

/**
 * The job: sends an integration's due deliveries, thread by thread in order, several threads at a
 * time, until none is due; then queues itself for when the next one is. Resolves with how many tries it made.
 */
export async function deliverDue(
  deps: DeliveryDeps,
  endpointId: string,
  jobs: JobSender,
  now: () => Date = () => new Date(),
): Promise<number> {
  let tries = 0;
  const until = now().getTime() + RUN_MS;
  for (;;) {
    const endpoint = await endpointOf(deps, endpointId);
    if (!endpoint) return tries;
    // A run ends after RUN_MS and queues the next: a slow receiver keeps no worker from the others.
    if (now().getTime() > until) {
      await wakeIntegration(jobs, endpointId);
      return tries;
    }
    const heads = await claimHeads(deps.db, endpointId, now(), SIDE_BY_SIDE);
    if (heads.length === 0) break;
    await Promise.all(heads.map((head) => attempt(deps, endpoint, head, now)));
    tries += heads.length;
  }
  const next = await nextDue(deps.db, endpointId);
  if (next && next > now())
    // Its own key per second: a job queued for later never holds back one queued for now.
    await jobs.send(
      DELIVER_INTEGRATIONS,
      { endpointId },
      { startAfter: next, singletonKey: `${endpointId}@${Math.floor(next.getTime() / 1000)}` },
    );
  return tries;
}

/** When an integration's next thread is due (its oldest waiting delivery's time), if any waits. */
async function nextDue(db: Database, endpointId: string): Promise<Date | null> {
  const { rows } = await db.execute<{ next: string | null }>(sql`
    select min(next_attempt_at) as next from (
      select distinct on (order_key) next_attempt_at from integration_deliveries
      where endpoint_id = ${endpointId} and state = 'pending'
      order by order_key, event_id, id
    ) heads`);
  return rows[0]?.next ? new Date(rows[0].next) : null;
}

/**
 * Every minute: queues the job of each integration switched on with a delivery due and not leased
 * (a job lost with an instance, a lease run out), and clears the delivery log of what is older than
 * DELIVERY_LOG_DAYS.
 */
export async function sweepIntegrations(deps: Pick<DeliveryDeps, 'db'>, jobs: JobSender, now = new Date()): Promise<number> {
  // The threads' heads only: a thread whose head waits out its back-off wakes nobody.
  const { rows } = await deps.db.execute<{ endpoint_id: string }>(sql`
    select distinct heads.endpoint_id from (
      select distinct on (d.endpoint_id, d.order_key) d.endpoint_id, d.next_attempt_at, d.lease_until
      from integration_deliveries d
      join integration_endpoints e on e.id = d.endpoint_id and e.enabled
      where d.state = 'pending'
      order by d.endpoint_id, d.order_key, d.event_id, d.id
    ) heads
    where heads.next_attempt_at <= ${now} and (heads.lease_until is null or heads.lease_until < ${now})`);
  for (const row of rows) await wakeIntegration(jobs, row.endpoint_id);
  await deps.db
    .delete(integrationDeliveries)
    .where(
      and(
        inArray(integrationDeliveries.state, ['delivered', 'failed']),
        lt(integrationDeliveries.createdAt, new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000)),
      ),
    );
  return rows.length;
}
