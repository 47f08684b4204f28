import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { StoredEvent } from '../events/record.ts';
import type { EventConsumer } from '../runtime-types.ts';
import { goalOf } from '../../lib/analytics/goals.ts';
import { companyDay } from '../../lib/format.ts';

/**
 * Goals, read from the one record of domain events (issue 57): an application, a contact message,
 * a meeting its guest booked, a confirmed job alert. Each becomes a hit of its visitor (the hash
 * recordEvent took from the request), so the rollup finds the visit that led to it. A goal of
 * someone not tracked is counted under a visitor of its own that no view shares. Idempotent: an
 * event handed twice is one goal.
 */
export async function recordGoal(
  db: Database,
  event: Pick<StoredEvent, 'id' | 'kind' | 'data' | 'visitor' | 'occurredAt'>,
): Promise<boolean> {
  const goal = goalOf(event);
  if (!goal) return false;
  const visitor = event.visitor ?? `event:${event.id}`;
  const day = companyDay(event.occurredAt);
  const result = await db.execute(sql`
    insert into analytics_hits (at, day, visitor, kind, name, device)
    select ${event.occurredAt}, ${day}, ${visitor}, 'goal', ${goal},
      coalesce((select device from analytics_hits where day = ${day} and visitor = ${visitor} and kind = 'view' order by at desc limit 1), 'desktop')
    where not exists (
      select 1 from analytics_hits where day = ${day} and visitor = ${visitor} and kind = 'goal' and name = ${goal} and at = ${event.occurredAt}
    )`);
  return (result.rowCount ?? 0) > 0;
}

export function goalsConsumer(db: Database): EventConsumer {
  return { name: 'analytics-goals', handle: (event) => recordGoal(db, event).then(() => undefined) };
}
