import { ArrowRight } from 'lucide-react';
import { sourceFromForm, sourceParams, type sourceFormFields } from '@/lib/applications/source';
import type { JobCardData } from '@/lib/positions/filters';
import { JobCard } from './JobCard';

export const relatedPositionsTexts = {
  heading: 'More open positions',
  seeAll: 'See all open positions',
} as const;

/**
 * Up to three other open positions under a position's form (issue 19), rendered on the server
 * only: plain links, no island, so the apply page's JavaScript budget is untouched. Nothing at all
 * when no other position is open.
 */
export function RelatedPositions({
  positions,
  source,
}: {
  positions: readonly JobCardData[];
  /** Where the visit came from, carried on to these apply links as the job board does. */
  source?: ReturnType<typeof sourceFormFields> | undefined;
}) {
  if (positions.length === 0) return null;
  const params = source ? sourceParams(sourceFromForm(source)) : [];
  const sourceQuery = params.length ? `?${new URLSearchParams(params)}` : '';
  return (
    <section aria-labelledby="related-positions-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="related-positions-heading" className="text-2xl font-bold tracking-tight">
          {relatedPositionsTexts.heading}
        </h2>
        <a
          href="/careers"
          className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {relatedPositionsTexts.seeAll}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {positions.map((position) => (
          <li key={position.id}>
            <JobCard position={position} sourceQuery={sourceQuery} />
          </li>
        ))}
      </ul>
    </section>
  );
}
