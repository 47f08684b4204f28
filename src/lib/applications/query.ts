import { isUuid } from '../ids.ts';
import { listHref, parsePage } from '../list-query.ts';
import { searchTerm } from '../text.ts';
import { isApplicationStatus, type ApplicationStatus } from './status.ts';

/**
 * The recruiter's list of applications as it lives in the URL, so any view can be shared:
 * ?q= words (web search syntax: `kubernetes terraform`, `"site reliability"`, `-junior`) found in
 * the name, e-mail, resume, cover letter, answers or notes, or part of a name or e-mail, ?position=, ?status=, ?rating= (a least average, or "unrated"), ?from= and
 * ?to= (days applied, inclusive), ?source= (where applicants came from), ?flag=knockout (a
 * knock-out answer), ?interview=booked|invited (an interview coming, or an invitation waiting for
 * the candidate), ?sort=rating or ?sort=newest (otherwise best match first when searching, newest
 * first when not), ?page=N.
 */
export interface WorkspaceQuery {
  q: string | null;
  position: string | null;
  status: ApplicationStatus | null;
  rating: number | 'unrated' | null;
  from: string | null;
  to: string | null;
  source: string | null;
  knockedOut: boolean;
  interview: InterviewFilter | null;
  sort: WorkspaceSort;
  page: number;
}

/** Best match first (newest first without a search), newest first, best rated first. */
export const workspaceSorts = ['best', 'newest', 'rating'] as const;
export type WorkspaceSort = (typeof workspaceSorts)[number];

/** The order the list is in: "best" is newest first until there is a search to match. */
export const effectiveSort = (query: Pick<WorkspaceQuery, 'q' | 'sort'>): 'relevance' | 'newest' | 'rating' =>
  query.sort === 'best' ? (query.q ? 'relevance' : 'newest') : query.sort;

export const interviewFilters = ['booked', 'invited'] as const;
export type InterviewFilter = (typeof interviewFilters)[number];

export const emptyWorkspaceQuery: WorkspaceQuery = {
  q: null,
  position: null,
  status: null,
  rating: null,
  from: null,
  to: null,
  source: null,
  knockedOut: false,
  interview: null,
  sort: 'best',
  page: 1,
};

const day = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null);

export function parseWorkspaceQuery(params: URLSearchParams, fixed: Partial<WorkspaceQuery> = {}): WorkspaceQuery {
  const rating = params.get('rating');
  const status = params.get('status');
  const position = params.get('position');
  const interview = params.get('interview');
  return {
    q: searchTerm(params, 'q', 200) || null,
    position: isUuid(position) ? position : null,
    status: isApplicationStatus(status) ? status : null,
    rating: rating === 'unrated' ? 'unrated' : /^[1-5]$/.test(rating ?? '') ? Number(rating) : null,
    from: day(params.get('from')),
    to: day(params.get('to')),
    source: searchTerm(params, 'source', 100).toLowerCase() || null,
    knockedOut: params.get('flag') === 'knockout',
    interview: (interviewFilters as readonly (string | null)[]).includes(interview) ? (interview as InterviewFilter) : null,
    sort: params.get('sort') === 'rating' ? 'rating' : params.get('sort') === 'newest' ? 'newest' : 'best',
    page: parsePage(params),
    ...fixed,
  };
}

/** The shortest address of a view of the list (the position's own page when the position is fixed). */
export function workspaceHref(query: WorkspaceQuery, base = '/admin/applications'): string {
  return listHref(base, {
    q: query.q ?? undefined,
    position: base === '/admin/applications' ? (query.position ?? undefined) : undefined,
    status: query.status ?? undefined,
    rating: query.rating === null ? undefined : String(query.rating),
    from: query.from ?? undefined,
    to: query.to ?? undefined,
    source: query.source ?? undefined,
    flag: query.knockedOut ? 'knockout' : undefined,
    interview: query.interview ?? undefined,
    sort: query.sort === 'best' ? undefined : query.sort,
    page: query.page,
  });
}

/** A position's applications: the list with its position fixed, at /admin/applications/{positionId}. */
export interface ApplicationsQuery {
  status: ApplicationStatus | null;
  page: number;
}

export function parseApplicationsQuery(params: URLSearchParams): ApplicationsQuery {
  const { status, page } = parseWorkspaceQuery(params);
  return { status, page };
}

export function applicationsHref(positionId: string, { status, page }: ApplicationsQuery): string {
  return listHref(`/admin/applications/${positionId}`, { status: status ?? undefined, page });
}

/**
 * An application's page, opened from a list: the list's query ("?status=pending") goes along, so
 * Previous, Next, j and k walk that list.
 */
export function applicationHref(row: { positionId: string; id: string }, listSearch: string): string {
  return `/admin/applications/${row.positionId}/${row.id}${listSearch ? `?list=${encodeURIComponent(listSearch)}` : ''}`;
}
