import type { Database } from './db/client.ts';
import { listDepartments, listOpenLocations, listOpenPositions, type PositionSummary } from './careers.ts';
import type { JobCardData, JobFilters } from '../lib/job-filters.ts';

/** Only what a card shows goes to the browser. */
export function toJobCard(position: PositionSummary): JobCardData {
  const { id, title, description, location, type, departmentName } = position;
  return { id, title, description, location, type, departmentName };
}

/** Everything the job board page needs, read in parallel. */
export async function loadJobBoard(db: Database, filters: JobFilters) {
  const [positions, allOpen, departments, locations] = await Promise.all([
    listOpenPositions(db, filters),
    filters.q || filters.department || filters.location ? listOpenPositions(db) : null,
    listDepartments(db),
    listOpenLocations(db),
  ]);
  return { positions: positions.map(toJobCard), openCount: (allOpen ?? positions).length, departments, locations };
}
