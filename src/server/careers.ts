import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { departments, positions } from './db/schema.ts';
import { uuidPattern, type JobFilters } from '../lib/job-filters.ts';

export { filtersFromSearchParams, type JobFilters } from '../lib/job-filters.ts';

/**
 * Careers queries (spec sections 2 and 7): only active positions are public, newest first.
 * Filters combine: a free-text search on title or description (case-insensitive), then the
 * department and the location must match.
 */

export interface PositionSummary {
  id: string;
  title: string;
  description: string;
  location: string;
  type: string;
  departmentId: string | null;
  /** "General" when the position has no (known) department, as the spec shows it. */
  departmentName: string;
  createdAt: Date;
}

export const GENERAL_DEPARTMENT = 'General';

/** `%`, `_` and `\` typed by a visitor are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Open: active, and not past its closing date when it has one. */
function isOpen(now: Date): SQL {
  return and(eq(positions.isActive, true), or(isNull(positions.closesAt), gt(positions.closesAt, now))) as SQL;
}

export async function listOpenPositions(db: Database, filters: JobFilters = {}, now = new Date()): Promise<PositionSummary[]> {
  const conditions: SQL[] = [isOpen(now)];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(or(ilike(positions.title, pattern), ilike(positions.description, pattern)) as SQL);
  }
  if (filters.department) conditions.push(eq(positions.departmentId, filters.department));
  if (filters.location) conditions.push(eq(positions.location, filters.location));
  return db
    .select({
      id: positions.id,
      title: positions.title,
      description: positions.description,
      location: positions.location,
      type: positions.type,
      departmentId: positions.departmentId,
      departmentName: sql<string>`coalesce(${departments.name}, ${GENERAL_DEPARTMENT})`,
      createdAt: positions.createdAt,
    })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .where(and(...conditions))
    .orderBy(desc(positions.createdAt));
}

/** Departments for the filter, by name (spec: "ordered by name ascending"). */
export async function listDepartments(db: Database): Promise<{ id: string; name: string }[]> {
  return db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.name));
}

/** The distinct locations of open positions, alphabetically. */
export async function listOpenLocations(db: Database, now = new Date()): Promise<string[]> {
  const rows = await db
    .selectDistinct({ location: positions.location })
    .from(positions)
    .where(isOpen(now))
    .orderBy(asc(positions.location));
  return rows.map((row) => row.location);
}

/** One position that can be applied to: active and, when a closing date is set, not past it. */
export async function getOpenPosition(db: Database, id: string, now = new Date()) {
  if (!uuidPattern.test(id)) return null;
  const [row] = await db
    .select({ position: positions, departmentName: sql<string>`coalesce(${departments.name}, ${GENERAL_DEPARTMENT})` })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .where(and(eq(positions.id, id), isOpen(now)));
  if (!row) return null;
  return { ...row.position, departmentName: row.departmentName };
}
