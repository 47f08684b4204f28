import { LoaderCircle, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select';
import { filtersToQuery, MAX_QUERY_LENGTH, type JobCardData, type JobFilters } from '@/lib/positions/filters';
import { jobBoardTexts } from '@/lib/positions/texts';
import { JobCard } from './JobCard';

export interface JobBoardProps {
  positions: JobCardData[];
  departments: { id: string; name: string }[];
  locations: string[];
  filters: JobFilters;
  /** Where the visit came from (utm_… or ref), carried on to the apply links and kept in the address. */
  sourceParams?: [string, string][];
}

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DEBOUNCE_MS = 250;

function countText(count: number): string {
  return count === 1 ? '1 position' : `${count} positions`;
}

/**
 * The job board's filters and list. Rendered on the server as a plain GET form (it works without
 * JavaScript and every filtered list has a URL); once hydrated, the list follows the controls as
 * you type, and the address bar keeps up so the view can still be shared.
 */
export function JobBoard({
  positions: initialPositions,
  departments,
  locations,
  filters: initialFilters,
  sourceParams = [],
}: JobBoardProps) {
  const [filters, setFilters] = useState<JobFilters>(initialFilters);
  const [positions, setPositions] = useState(initialPositions);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const firstRender = useRef(true);
  const headingId = useId();

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const query = filtersToQuery(filters);
    const source = new URLSearchParams(sourceParams).toString();
    window.history.replaceState(null, '', `/careers${query}${source ? `${query ? '&' : '?'}${source}` : ''}`);
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      setLoading(true);
      setFailed(false);
      try {
        const response = await fetch(`/api/positions${query}`, { signal: controller.signal, headers: { Accept: 'application/json' } });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { positions: JobCardData[] };
        setPositions(body.positions);
        setLoading(false);
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        setFailed(true);
        setLoading(false);
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [filters, sourceParams]);

  const hasFilters = Boolean(filters.q || filters.department || filters.location);

  return (
    <div className="flex flex-col gap-8">
      <form
        role="search"
        aria-label="Filter positions"
        method="get"
        action="/careers"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-card sm:p-6 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end"
      >
        {sourceParams.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormField id="job-search" label="Search positions">
          {(control) => (
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                {...control}
                name="q"
                type="search"
                placeholder="Title or keyword"
                maxLength={MAX_QUERY_LENGTH}
                value={filters.q ?? ''}
                onChange={(event) => setFilters((current) => ({ ...current, q: event.target.value }))}
                className="pl-9"
              />
            </div>
          )}
        </FormField>
        <SelectField
          id="job-department"
          label="Department"
          name="department"
          value={filters.department ?? ''}
          onChange={(event) => setFilters((current) => ({ ...current, department: event.target.value || undefined }))}
          options={[
            { value: '', label: 'All Departments' },
            ...departments.map((department) => ({ value: department.id, label: department.name })),
          ]}
        />
        <SelectField
          id="job-location"
          label="Location"
          name="location"
          value={filters.location ?? ''}
          onChange={(event) => setFilters((current) => ({ ...current, location: event.target.value || undefined }))}
          options={[{ value: '', label: 'All Locations' }, ...locations.map((location) => ({ value: location, label: location }))]}
        />
        <div className="flex gap-2">
          {/* Without JavaScript this submits the GET form; with it, the list already follows the controls. */}
          <noscript>
            <Button type="submit">Search</Button>
          </noscript>
          {hasFilters && (
            <a
              href="/careers"
              onClick={(event) => {
                event.preventDefault();
                setFilters({});
              }}
              className="inline-flex h-11 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-primary hover:bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-4" />
              Clear filters
            </a>
          )}
        </div>
      </form>

      <section aria-labelledby={headingId} aria-busy={loading}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-2xl font-bold tracking-tight">
            Open Positions
          </h2>
          <p role="status" className="text-sm text-muted-foreground">
            {loading ? (
              <span className="inline-flex items-center gap-2">
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                {jobBoardTexts.loading}
              </span>
            ) : failed ? (
              'The list could not be updated. Please try again.'
            ) : (
              `Showing ${countText(positions.length)}`
            )}
          </p>
        </div>
        {positions.length === 0 && !loading ? (
          <p className="mt-6 rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center text-muted-foreground">
            {jobBoardTexts.empty}
          </p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {positions.map((position) => (
              <li key={position.id}>
                <JobCard position={position} sourceQuery={sourceParams.length ? `?${new URLSearchParams(sourceParams)}` : ''} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
