import { isUuid } from '../ids.ts';
import { searchTerm } from '../text.ts';

/**
 * The job board's filters as they live in the URL (?q=&department=&location=), read the same way
 * by the server render, the positions API and the live-filtering island.
 */

export interface JobFilters {
  q?: string | undefined;
  department?: string | undefined;
  location?: string | undefined;
}

/** What a job card shows (spec section 2). */
export interface JobCardData {
  id: string;
  title: string;
  description: string;
  location: string;
  type: string;
  departmentName: string;
}

export const MAX_QUERY_LENGTH = 100;
const MAX_LOCATION_LENGTH = 200;

/** Reads the filters from a URL's query, ignoring malformed values. */
export function filtersFromSearchParams(params: URLSearchParams): JobFilters {
  const q = searchTerm(params, 'q', MAX_QUERY_LENGTH) || undefined;
  const department = params.get('department')?.trim();
  const location = searchTerm(params, 'location', MAX_LOCATION_LENGTH) || undefined;
  return { q, department: isUuid(department) ? department : undefined, location };
}

/** The query string for filters, empty ones left out ("" when there are none). */
export function filtersToQuery(filters: JobFilters): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.department) params.set('department', filters.department);
  if (filters.location) params.set('location', filters.location);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * Whether a position's type says nothing its location has not: a remote role in "Remote" reads
 * "Remote" once, not "Remote · Remote".
 */
export function typeRepeatsLocation(position: { location: string; type: string }): boolean {
  return position.type.trim().toLowerCase() === position.location.trim().toLowerCase();
}
