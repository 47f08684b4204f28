import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applicationPositionsInScope, type Permission, type Who } from '../access/permissions.ts';
import { applicationTallies as tallies } from '../db/schema.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';

/**
 * The counts kept per position, status and source (schema.ts, applicationTallies): the workspace's
 * count of each status and its sources, read from a few hundred rows instead of every application.
 * They answer only for a reach of whole positions; for one of single applications (an interviewer's)
 * the callers count the applications themselves. Every row of a key counts: the trigger's +1s and
 * -1s until they are added up.
 */

export const ADD_UP_TALLIES = 'add-up-tallies';

/** Who is looking, for what (as workspace.ts's Reach). */
interface Reach {
  who: Who;
  permission: Permission;
}

const inReach = (reach: Reach) => applicationPositionsInScope(reach.who, reach.permission, tallies.positionId);

/** Each status's number of applications in the reach (and the position, if given); null when the reach is not whole positions. */
export async function talliedStatuses(
  db: Database,
  reach: Reach,
  positionId: string | null,
): Promise<{ status: ApplicationStatus; count: number }[] | null> {
  const scope = inReach(reach);
  if (!scope) return null;
  const rows = await db
    .select({ status: tallies.status, count: sql<number>`sum(${tallies.applications})::int` })
    .from(tallies)
    .where(and(scope, positionId ? eq(tallies.positionId, positionId) : undefined))
    .groupBy(tallies.status)
    .having(sql`sum(${tallies.applications}) > 0`);
  return rows;
}

/** A position's number of applications, for a column of a query on positions (`positionId` names its id). */
export const talliedApplicationsOf = (positionId: SQLWrapper): SQL<number> =>
  sql<number>`(select coalesce(sum(${tallies.applications}), 0)::int from ${tallies} where ${tallies.positionId} = ${positionId})`;

/** The sources of the applications in the reach, most frequent first; null when the reach is not whole positions. */
export async function talliedSources(db: Database, reach: Reach, limit: number): Promise<string[] | null> {
  const scope = inReach(reach);
  if (!scope) return null;
  const total = sql`sum(${tallies.applications})`;
  const rows = await db
    .select({ source: tallies.source })
    .from(tallies)
    .where(scope)
    .groupBy(tallies.source)
    .having(sql`${total} > 0`)
    .orderBy(desc(total), tallies.source)
    .limit(limit);
  return rows.map((row) => row.source);
}

/**
 * Adds up the rows of each key that has several into one (a key that adds up to nothing goes):
 * a scheduled job, so that a count stays a handful of rows. Rows added meanwhile are not in this
 * statement's snapshot and stay as they are; a second run at once waits for the first's rows and
 * finds them gone, so nothing is counted twice.
 */
export async function addUpTallies(db: Database): Promise<{ keys: number }> {
  const result = await db.execute<{ keys: number }>(sql`
    with several as (
      select position_id, status, source from ${tallies} group by 1, 2, 3 having count(*) > 1
    ), gone as (
      delete from ${tallies} t using several k
      where t.position_id = k.position_id and t.status = k.status and t.source = k.source
      returning t.position_id, t.status, t.source, t.applications
    ), kept as (
      insert into ${tallies} (position_id, status, source, applications)
      select position_id, status, source, sum(applications) from gone group by 1, 2, 3 having sum(applications) <> 0
      returning 1
    )
    select (select count(*)::int from several) as keys`);
  return { keys: result.rows[0]?.keys ?? 0 };
}
