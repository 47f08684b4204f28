import { Download } from 'lucide-react';
import { FilterLinks } from '@/components/ui/filter-links';
import { LinkButton } from '@/components/ui/link-button';
import { Pagination } from '@/components/ui/pagination';
import { effectiveSort, workspaceHref, type WorkspaceQuery } from '@/lib/applications/query';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { countOf } from '@/lib/format';
import { WorkspaceFilters } from './WorkspaceFilters';

export interface WorkspaceViewProps {
  query: WorkspaceQuery;
  /** The list's address: /admin/applications, or a position's own page. */
  base: string;
  counts: { all: number; total: number; pages: number; byStatus: Partial<Record<ApplicationStatus, number>> };
  positions: ReadonlyArray<{ id: string; title: string }> | null;
  /** The source filter's choices. */
  sources?: readonly string[];
  /** The export of the view; null for a person who may not export. */
  csvHref: string | null;
  /** A sentence about the position, on its own page. */
  note?: string;
  /** The position's calibration view (issue 32), for those who read everyone's scorecards. */
  calibrationHref?: string | null;
  /** The viewer sees their team's positions only: the position filter says "All your positions". */
  scoped?: boolean;
}

const orderLabels = { relevance: 'best match first', newest: 'newest first', rating: 'best rated first' } as const;

/**
 * The frame of a list of applications (the workspace, a position's list): the page places in it
 * WorkspaceView, the list (an island of its own) and WorkspacePages. The list is not passed through
 * this server-only component: a slot given to React is a string it copies into its output, which
 * Astro then scans whole for slot tags, some 200 KB on a search's page at every request (issue 52).
 */
export const workspaceFrameClass = 'mx-auto flex max-w-7xl flex-col gap-3 px-4 pt-4 pb-8 sm:px-6 lg:px-8';

/** Above the list: its filters, the count of each status and the export. */
export function WorkspaceView({
  query,
  base,
  counts,
  positions,
  sources,
  csvHref,
  note,
  calibrationHref,
  scoped = false,
}: WorkspaceViewProps) {
  const href = (changes: Partial<WorkspaceQuery>) => workspaceHref({ ...query, page: 1, ...changes }, base);
  return (
    <>
      <WorkspaceFilters
        query={query}
        positions={positions}
        scoped={scoped}
        base={base}
        sources={sources}
        summary={
          <>
            {countOf(counts.all, 'application')}
            {counts.total !== counts.all && `, ${counts.total} shown`}, {orderLabels[effectiveSort(query)]}.{note && ` ${note}`}
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {counts.all > 0 && (
          <FilterLinks
            label="Show applications"
            options={[
              { label: 'All', count: counts.all, href: href({ status: null }), active: query.status === null },
              ...applicationStatuses.map((step) => ({
                label: statusLabels[step],
                count: counts.byStatus[step] ?? 0,
                href: href({ status: step }),
                active: query.status === step,
              })),
            ]}
          />
        )}
        {calibrationHref && (
          <LinkButton href={calibrationHref} variant="outline" size="sm" className="ml-auto">
            Compare candidates
          </LinkButton>
        )}
        {counts.total > 0 && csvHref && (
          <LinkButton href={csvHref} variant="outline" size="sm" download className={calibrationHref ? '' : 'ml-auto'}>
            <Download aria-hidden="true" />
            Export CSV
          </LinkButton>
        )}
      </div>
    </>
  );
}

/** Below the list: its pages. */
export function WorkspacePages({ query, base, pages }: { query: WorkspaceQuery; base: string; pages: number }) {
  return <Pagination page={query.page} pages={pages} href={(page) => workspaceHref({ ...query, page }, base)} label="Applications pages" />;
}
