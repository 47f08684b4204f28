import { workspaceHref, type WorkspaceQuery } from './query.ts';

/**
 * The workspace's filters as people read them: the choices of the filter form and the chips that
 * show, above the list, what narrows the view (each chip a link to the view without it). One place
 * for both, so a chip always says what its choice said.
 */

export const ratingChoices = [
  ...[5, 4, 3, 2].map((stars) => ({ value: String(stars), label: stars === 5 ? '5 stars' : `${stars} stars or more` })),
  { value: 'unrated', label: 'Not rated yet' },
];

export const orderChoices = [
  { value: 'best', label: 'Best match first' },
  { value: 'newest', label: 'Newest first' },
  { value: 'rating', label: 'Best rated first' },
] as const;

export const interviewChoices = [
  { value: 'booked', label: 'Interview booked' },
  { value: 'invited', label: 'Invited, no time chosen yet' },
] as const satisfies ReadonlyArray<{ value: NonNullable<WorkspaceQuery['interview']>; label: string }>;

export interface FilterChip {
  /** What it filters on and by what: "Rating: 4 stars or more". */
  label: string;
  /** The same view without this filter (back to its first page). */
  removeHref: string;
}

/** The filters the "More filters" panel holds (the search and the position stay in the bar). */
const moreKeys = ['rating', 'from', 'to', 'source', 'interview', 'knockedOut', 'sort'] as const;

/** How many of the panel's filters narrow or order the view: the panel's button says so while folded. */
export function moreFiltersActive(query: WorkspaceQuery): number {
  return moreKeys.filter((key) => (key === 'sort' ? query.sort !== 'best' : key === 'knockedOut' ? query.knockedOut : query[key] !== null))
    .length;
}

export function activeFilters(
  query: WorkspaceQuery,
  base: string,
  positions: ReadonlyArray<{ id: string; title: string }> | null,
): FilterChip[] {
  const without = (changes: Partial<WorkspaceQuery>) => workspaceHref({ ...query, page: 1, ...changes }, base);
  const chips: FilterChip[] = [];
  if (query.q) chips.push({ label: `Search: ${query.q}`, removeHref: without({ q: null }) });
  // On a position's own page the position is the page, not a filter.
  if (query.position && positions) {
    const title = positions.find((position) => position.id === query.position)?.title ?? 'a removed position';
    chips.push({ label: `Position: ${title}`, removeHref: without({ position: null }) });
  }
  if (query.rating !== null)
    chips.push({
      label: `Rating: ${ratingChoices.find((choice) => choice.value === String(query.rating))?.label ?? query.rating}`,
      removeHref: without({ rating: null }),
    });
  if (query.from) chips.push({ label: `Applied from ${query.from}`, removeHref: without({ from: null }) });
  if (query.to) chips.push({ label: `Applied to ${query.to}`, removeHref: without({ to: null }) });
  if (query.source) chips.push({ label: `Source: ${query.source}`, removeHref: without({ source: null }) });
  if (query.interview)
    chips.push({
      label: interviewChoices.find((choice) => choice.value === query.interview)!.label,
      removeHref: without({ interview: null }),
    });
  if (query.knockedOut) chips.push({ label: 'Knock-out answers only', removeHref: without({ knockedOut: false }) });
  if (query.sort !== 'best')
    chips.push({ label: orderChoices.find((choice) => choice.value === query.sort)!.label, removeHref: without({ sort: 'best' }) });
  return chips;
}
