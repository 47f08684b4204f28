import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { departments, positions } from '../db/schema.ts';
import type { JobCardData } from '../../lib/positions/filters.ts';
import { isOpen, jobCardColumns } from './board.ts';

/** What a position page knows of its own position, enough to find its neighbours. */
export interface RelatedTo {
  id: string;
  departmentId: string | null;
  location: string;
}

/**
 * Other open positions to show under a position (issue 19): a seeker who read one role is most
 * likely to want the same kind of work, then the same city, so the same department ranks first,
 * then the same location, then the newest. Two positions without a department are not "the same
 * department": "General" is the absence of one, not a team.
 */
export async function relatedPositions(db: Database, position: RelatedTo, limit = 3, now = new Date()): Promise<JobCardData[]> {
  const ranks: SQL[] = [];
  // `is true`: a position without a department compares as null, which a descending order puts first.
  if (position.departmentId) ranks.push(desc(sql`(${positions.departmentId} = ${position.departmentId}) is true`));
  ranks.push(desc(sql`${positions.location} = ${position.location}`));
  return (
    db
      .select(jobCardColumns)
      .from(positions)
      .leftJoin(departments, eq(positions.departmentId, departments.id))
      .where(and(isOpen(now), ne(positions.id, position.id)))
      // The id last, so positions created in the same instant keep one order between renders.
      .orderBy(...ranks, desc(positions.createdAt), positions.id)
      .limit(limit)
  );
}
