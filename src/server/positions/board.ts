import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { departments, positions } from '../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobCardData, JobFilters } from '../../lib/positions/filters.ts';
import { jobBoardTexts } from '../../lib/positions/texts.ts';

/**
 * The public job board (spec sections 2 and 7): only open positions are public, newest first.
 * Filters combine: a free-text search on title or description (case-insensitive), then the
 * department and the location must match.
 */

export interface PositionSummary extends JobCardData {
  departmentId: string | null;
  createdAt: Date;
}

/** Open: active, and not past its closing date when it has one. The one definition, used everywhere. */
export function isOpen(now: Date): SQL {
  return and(eq(positions.isActive, true), or(isNull(positions.closesAt), gt(positions.closesAt, now))) as SQL;
}

/** A position's department as the job board shows it ("General" without one). */
export const departmentName = sql<string>`coalesce(${departments.name}, ${jobBoardTexts.generalDepartment})`;

/** What a job card shows (JobCardData), selected from positions left-joined to departments. */
export const jobCardColumns = {
  id: positions.id,
  title: positions.title,
  description: positions.description,
  location: positions.location,
  type: positions.type,
  departmentName,
};

export async function listOpenPositions(db: Database, filters: JobFilters = {}, now = new Date()): Promise<PositionSummary[]> {
  const conditions: SQL[] = [isOpen(now)];
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(or(ilike(positions.title, pattern), ilike(positions.description, pattern)) as SQL);
  }
  if (filters.department) conditions.push(eq(positions.departmentId, filters.department));
  if (filters.location) conditions.push(eq(positions.location, filters.location));
  return db
    .select({ ...jobCardColumns, departmentId: positions.departmentId, createdAt: positions.createdAt })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .where(and(...conditions))
    .orderBy(desc(positions.createdAt));
}

export async function countOpenPositions(db: Database, now = new Date()): Promise<number> {
  const [row] = await db.select({ count: count() }).from(positions).where(isOpen(now));
  return row?.count ?? 0;
}

/** Departments by name (spec: "ordered by name ascending"): the job board's filter and the position form. */
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
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ position: positions, departmentName })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .where(and(eq(positions.id, id), isOpen(now)));
  if (!row) return null;
  return { ...row.position, departmentName: row.departmentName };
}

/** Only what a card shows goes to the browser. */
export function toJobCard({ id, title, description, location, type, departmentName }: PositionSummary): JobCardData {
  return { id, title, description, location, type, departmentName };
}

/** Everything the job board page needs, read in parallel. */
export async function loadJobBoard(db: Database, filters: JobFilters) {
  const [positions, openCount, departments, locations] = await Promise.all([
    listOpenPositions(db, filters),
    countOpenPositions(db),
    listDepartments(db),
    listOpenLocations(db),
  ]);
  return { positions: positions.map(toJobCard), openCount, departments, locations };
}
