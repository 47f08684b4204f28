import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { integrationAttempts, integrationDeliveries, integrationEndpoints } from '../db/schema.ts';
import { deliveryStates, type DeliveryState, type IntegrationKind } from '../../lib/integrations/integration.ts';
import type { EventKind } from '../../lib/events/kinds.ts';
import type { IntegrationDeps } from './endpoints.ts';

/** The integrations page and one integration's page with its delivery log (issue 55). */

export interface IntegrationRow {
  id: string;
  kind: IntegrationKind;
  name: string;
  host: string;
  events: EventKind[];
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  createdAt: Date;
  /** In the log's days: delivered, waiting, failed. */
  counts: Record<DeliveryState, number>;
  lastDeliveredAt: Date | null;
}

export async function listIntegrations(db: Database): Promise<IntegrationRow[]> {
  const endpoints = await db.select().from(integrationEndpoints).orderBy(integrationEndpoints.kind, integrationEndpoints.name);
  if (endpoints.length === 0) return [];
  const tallies = await db
    .select({
      endpointId: integrationDeliveries.endpointId,
      state: integrationDeliveries.state,
      count: sql<number>`count(*)::int`,
      last: sql<string | null>`max(${integrationDeliveries.deliveredAt})`,
    })
    .from(integrationDeliveries)
    .where(
      inArray(
        integrationDeliveries.endpointId,
        endpoints.map((row) => row.id),
      ),
    )
    .groupBy(integrationDeliveries.endpointId, integrationDeliveries.state);
  return endpoints.map((row) => {
    const mine = tallies.filter((tally) => tally.endpointId === row.id);
    const last = mine.find((tally) => tally.state === 'delivered')?.last;
    return {
      ...summaryOf(row),
      createdAt: row.createdAt,
      counts: countsOf(mine),
      lastDeliveredAt: last ? new Date(last) : null,
    };
  });
}

/** What the pages show of an integration (never its URL or secret: sealed, and a chat channel's URL is its password). */
const summaryOf = (row: typeof integrationEndpoints.$inferSelect) => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  host: row.urlHost,
  events: row.events,
  enabled: row.enabled,
  disabledAt: row.disabledAt,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince,
});

/** The deliveries per state, each state named (0 when none). */
const countsOf = (tallies: readonly { state: DeliveryState; count: number }[]) =>
  Object.fromEntries(deliveryStates.map((name) => [name, tallies.find((tally) => tally.state === name)?.count ?? 0])) as Record<
    DeliveryState,
    number
  >;

export interface DeliveryAttempt {
  at: Date;
  status: number | null;
  answer: string | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryRow {
  id: string;
  kind: EventKind;
  state: DeliveryState;
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  /** Newest first. */
  tries: DeliveryAttempt[];
}

/** How many deliveries a page of the log shows. */
export const LOG_PAGE = 50;

/** One integration with its URL (for the form) and its newest deliveries, each with its tries; null when gone. */
export async function readIntegration(deps: Pick<IntegrationDeps, 'db' | 'secret'>, id: string, state?: DeliveryState) {
  const [row] = await deps.db.select().from(integrationEndpoints).where(eq(integrationEndpoints.id, id));
  if (!row) return null;
  const deliveries = await deps.db
    .select()
    .from(integrationDeliveries)
    .where(and(eq(integrationDeliveries.endpointId, id), state ? eq(integrationDeliveries.state, state) : undefined))
    .orderBy(desc(integrationDeliveries.createdAt), desc(integrationDeliveries.eventId))
    .limit(LOG_PAGE);
  const tries = deliveries.length
    ? await deps.db
        .select()
        .from(integrationAttempts)
        .where(
          inArray(
            integrationAttempts.deliveryId,
            deliveries.map((delivery) => delivery.id),
          ),
        )
        .orderBy(desc(integrationAttempts.at), desc(integrationAttempts.id))
    : [];
  const tallies = await deps.db
    .select({ state: integrationDeliveries.state, count: sql<number>`count(*)::int` })
    .from(integrationDeliveries)
    .where(eq(integrationDeliveries.endpointId, id))
    .groupBy(integrationDeliveries.state);
  return {
    counts: countsOf(tallies),
    integration: summaryOf(row),
    deliveries: deliveries.map((delivery): DeliveryRow => ({
      id: delivery.id,
      kind: delivery.kind,
      state: delivery.state,
      attempts: delivery.attempts,
      createdAt: delivery.createdAt,
      nextAttemptAt: delivery.nextAttemptAt,
      deliveredAt: delivery.deliveredAt,
      tries: tries
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map(({ at, status, answer, error, durationMs }) => ({ at, status, answer, error, durationMs })),
    })),
  };
}
