import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { SelectField } from '@/components/ui/select';
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
      <FormField id="filter-q" label="Name or e-mail" className="lg:col-span-2">
        {(control) => <Input {...control} name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} autoComplete="off" />}
      </FormField>
      {positions && (
        <SelectField
          id="filter-position"
          label="Position"
          className="lg:col-span-2"
          name="position"
          defaultValue={query.position ?? ''}
          placeholder="All positions"
          options={positions.map((position) => ({ value: position.id, label: position.title }))}
        />
      )}
      <SelectField
        id="filter-rating"
        label="Rating"
        name="rating"
        defaultValue={query.rating === null ? '' : String(query.rating)}
        placeholder="Any rating"
        options={[
          ...[5, 4, 3, 2].map((stars) => ({ value: String(stars), label: stars === 5 ? '5 stars' : `${stars} stars or more` })),
          { value: 'unrated', label: 'Not rated yet' },
        ]}
      />
      <SelectField
        id="filter-sort"
        label="Order"
        name="sort"
        defaultValue={query.sort}
        options={[
          { value: 'newest', label: 'Newest first' },
          { value: 'rating', label: 'Best rated first' },
        ]}
      />
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
