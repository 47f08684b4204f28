import { ChevronDown, Search, SlidersHorizontal, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectField } from '@/components/ui/select';
import { activeFilters, interviewChoices, moreFiltersActive, orderChoices, ratingChoices } from '@/lib/applications/filters';
import type { WorkspaceQuery } from '@/lib/applications/query';
import { searchHint } from '@/lib/applications/search';

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The list's filters as a plain GET form: every view has its own address, can be shared, and works
 * without JavaScript. One line (issue 30): the search, the position and the button; under it the
 * other filters folded into "More filters" (a <details>, so it opens without a script) and one
 * chip per filter that narrows the view, each removing it. The status is chosen by the counts'
 * links and kept here.
 */
export function WorkspaceFilters({
  query,
  positions,
  base,
  sources = [],
  summary,
  scoped = false,
}: {
  query: WorkspaceQuery;
  /** Where applicants came from (UTM source, referring site or "direct"), most frequent first. */
  sources?: readonly string[];
  /** Offered as a filter; left out on a position's own page. */
  positions: ReadonlyArray<{ id: string; title: string }> | null;
  base: string;
  /** What the view shows, in a sentence: beside the chips, so it takes no line of its own. */
  summary: ReactNode;
  /** Only the viewer's team's positions are offered (a hiring manager). */
  scoped?: boolean;
}) {
  const chips = activeFilters(query, base, positions);
  const more = moreFiltersActive(query);
  return (
    <form method="get" action={base} role="search" aria-label="Filter applications" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-[12rem] flex-1">
          <label htmlFor="filter-q" className="sr-only">
            Search applicants
          </label>
          {/* How to search, for screen readers at the field (sighted people read it under More filters, or hover). */}
          <span id="filter-q-hint" className="sr-only">
            {searchHint}
          </span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="filter-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            maxLength={200}
            autoComplete="off"
            placeholder="Name, e-mail or words in the resume"
            aria-describedby="filter-q-hint"
            title={searchHint}
            className="pl-9"
          />
        </div>
        {positions && (
          <div className="w-full max-sm:order-last sm:w-60">
            <label htmlFor="filter-position" className="sr-only">
              Position
            </label>
            <Select
              id="filter-position"
              name="position"
              defaultValue={query.position ?? ''}
              placeholder={scoped ? 'All your positions' : 'All positions'}
              options={positions.map((position) => ({ value: position.id, label: position.title }))}
            />
          </div>
        )}
        <Button type="submit">Apply filters</Button>
      </div>
      {/* The filters used less often, folded; open when one of them narrows the view (issue 30). */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <details className="group open:w-full" open={more > 0}>
          <summary
            className={`inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-white px-3 text-sm font-semibold hover:bg-muted [&::-webkit-details-marker]:hidden ${focusRing}`}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            More filters
            {more > 0 && (
              <span className="rounded-full bg-primary px-1.5 py-0.5 text-xs leading-none text-primary-foreground tabular-nums">
                {more}
                <span className="sr-only"> in use</span>
              </span>
            )}
            <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <div className="mt-2 grid gap-4 rounded-xl border border-border bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
            <p className="text-sm text-muted-foreground sm:col-span-2 lg:col-span-3 xl:col-span-6">{searchHint}</p>
            <SelectField
              id="filter-rating"
              label="Rating"
              name="rating"
              defaultValue={query.rating === null ? '' : String(query.rating)}
              placeholder="Any rating"
              options={ratingChoices}
            />
            <SelectField id="filter-sort" label="Order" name="sort" defaultValue={query.sort} options={[...orderChoices]} />
            <FormField id="filter-from" label="Applied from">
              {(control) => <Input {...control} name="from" type="date" defaultValue={query.from ?? ''} />}
            </FormField>
            <FormField id="filter-to" label="Applied to">
              {(control) => <Input {...control} name="to" type="date" defaultValue={query.to ?? ''} />}
            </FormField>
            <SelectField
              id="filter-source"
              label="Source"
              name="source"
              defaultValue={query.source ?? ''}
              placeholder="Any source"
              options={sources.map((source) => ({ value: source, label: source }))}
            />
            <SelectField
              id="filter-interview"
              label="Interview"
              name="interview"
              defaultValue={query.interview ?? ''}
              placeholder="Any"
              options={[...interviewChoices]}
            />
            <div className="flex items-end">
              <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  name="flag"
                  value="knockout"
                  defaultChecked={query.knockedOut}
                  className={`size-4 accent-primary ${focusRing}`}
                />
                Knock-out answers only
              </label>
            </div>
          </div>
        </details>
        {query.status && <input type="hidden" name="status" value={query.status} />}
        {chips.length > 0 && (
          <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.label}>
                <a
                  href={chip.removeHref}
                  className={`inline-flex min-h-8 items-center gap-1.5 rounded-full border border-border bg-white py-1 pr-2 pl-3 text-sm font-medium hover:bg-muted ${focusRing}`}
                >
                  {chip.label}
                  <X aria-hidden="true" className="size-4 text-muted-foreground" />
                  <span className="sr-only">(remove this filter)</span>
                </a>
              </li>
            ))}
            <li>
              <a
                href={base}
                className={`inline-flex min-h-8 items-center rounded px-2 text-sm font-medium text-primary underline underline-offset-4 ${focusRing}`}
              >
                Clear all
              </a>
            </li>
          </ul>
        )}
        <p className="text-sm text-muted-foreground sm:ml-auto">{summary}</p>
      </div>
    </form>
  );
}
