import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { Select } from '@/components/ui/select';
import type { WorkspaceQuery } from '@/lib/applications/query';

/**
 * The list's filters as a plain GET form: every view has its own address, can be shared, and works
 * without JavaScript. The status is chosen by the counts' links and kept here.
 */
export function WorkspaceFilters({
  query,
  positions,
  base,
  sources = [],
}: {
  query: WorkspaceQuery;
  /** Where applicants came from (UTM source, referring site or "direct"), most frequent first. */
  sources?: readonly string[];
  /** Offered as a filter; left out on a position's own page. */
  positions: ReadonlyArray<{ id: string; title: string }> | null;
  base: string;
}) {
  return (
    <form
      method="get"
      action={base}
      role="search"
      aria-label="Filter applications"
      className="grid gap-4 rounded-xl border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="flex flex-col gap-1.5 lg:col-span-2">
        <label htmlFor="filter-q" className="text-sm font-medium">
          Name or e-mail
        </label>
        <Input id="filter-q" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} autoComplete="off" />
      </div>
      {positions && (
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <label htmlFor="filter-position" className="text-sm font-medium">
            Position
          </label>
          <Select
            id="filter-position"
            name="position"
            defaultValue={query.position ?? ''}
            placeholder="All positions"
            options={positions.map((position) => ({ value: position.id, label: position.title }))}
          />
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="filter-rating" className="text-sm font-medium">
          Rating
        </label>
        <Select
          id="filter-rating"
          name="rating"
          defaultValue={query.rating === null ? '' : String(query.rating)}
          placeholder="Any rating"
          options={[
            ...[5, 4, 3, 2].map((stars) => ({ value: String(stars), label: stars === 5 ? '5 stars' : `${stars} stars or more` })),
            { value: 'unrated', label: 'Not rated yet' },
          ]}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="filter-sort" className="text-sm font-medium">
          Order
        </label>
        <Select
          id="filter-sort"
          name="sort"
          defaultValue={query.sort}
          options={[
            { value: 'newest', label: 'Newest first' },
            { value: 'rating', label: 'Best rated first' },
          ]}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="filter-from" className="text-sm font-medium">
          Applied from
        </label>
        <Input id="filter-from" name="from" type="date" defaultValue={query.from ?? ''} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="filter-to" className="text-sm font-medium">
          Applied to
        </label>
        <Input id="filter-to" name="to" type="date" defaultValue={query.to ?? ''} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="filter-source" className="text-sm font-medium">
          Source
        </label>
        <Select
          id="filter-source"
          name="source"
          defaultValue={query.source ?? ''}
          placeholder="Any source"
          options={sources.map((source) => ({ value: source, label: source }))}
        />
      </div>
      <div className="flex items-end">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="flag"
            value="knockout"
            defaultChecked={query.knockedOut}
            className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          Knock-out answers only
        </label>
      </div>
      {query.status && <input type="hidden" name="status" value={query.status} />}
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        <LinkButton href={base} variant="outline">
          Clear
        </LinkButton>
      </div>
    </form>
  );
}
