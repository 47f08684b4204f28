import { recommendationLabels, type Recommendation } from '@/lib/interviews/plan';
import { AdminEmpty } from './AdminTable';

export interface CalibrationStage {
  stageId: string;
  stageName: string;
  attributes: Array<{ id: string; name: string }>;
  candidates: Array<{
    applicationId: string;
    fullName: string;
    scorecards: number;
    averages: Array<number | null>;
    overall: number | null;
    recommendations: Recommendation[];
  }>;
  /** How many candidates the stage has: more than `candidates` when only the best are shown. */
  total: number;
}

const average = (value: number | null) => (value === null ? '—' : value.toFixed(1));

/** How many of each recommendation, strongest first: "Strong yes 1 · Yes 2". */
function tally(values: Recommendation[]): string {
  return (['strong_yes', 'yes', 'no', 'strong_no'] as const)
    .map((value) => [value, values.filter((each) => each === value).length] as const)
    .filter(([, count]) => count > 0)
    .map(([value, count]) => `${recommendationLabels[value]} ${count}`)
    .join(' · ');
}

/**
 * A position's candidates compared attribute by attribute (issue 32), one table per stage: each
 * attribute's average over the submitted scorecards (1 to 4), the number of scorecards and the
 * recommendations; the best average first. Server-rendered.
 */
export function CalibrationView({
  stages,
  applicationHref,
  allHref,
}: {
  stages: CalibrationStage[];
  applicationHref: (id: string) => string;
  /** The same view with every candidate of every stage. */
  allHref: string;
}) {
  if (stages.length === 0) return <AdminEmpty>No scorecard has been submitted for this position yet.</AdminEmpty>;
  return (
    <div className="flex flex-col gap-10">
      {stages.map((stage) => (
        <section key={stage.stageId} aria-labelledby={`stage-${stage.stageId}`} className="flex min-w-0 flex-col gap-3">
          <h2 id={`stage-${stage.stageId}`} className="text-xl font-bold tracking-tight">
            {stage.stageName}
          </h2>
          <div
            role="region"
            aria-label={`${stage.stageName}: candidates compared`}
            // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-border bg-card shadow-card focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {/* The cells' padding and figures set once on the table: a position's table can have a thousand rows, each class repeated in every cell. */}
            <table className="w-full min-w-[40rem] text-left text-sm [&_tbody_tr]:border-t [&_tbody_tr]:border-border [&_td]:px-4 [&_td]:py-3 [&_td]:tabular-nums [&_th]:px-4 [&_th]:py-3">
              <caption className="sr-only">{`${stage.stageName}: each candidate's average score per attribute (1 to 4), best first`}</caption>
              <thead className="bg-surface">
                <tr>
                  <th scope="col" className="font-semibold">
                    Candidate
                  </th>
                  {stage.attributes.map((attribute) => (
                    <th key={attribute.id} scope="col" className="font-semibold">
                      {attribute.name}
                    </th>
                  ))}
                  <th scope="col" className="font-semibold">
                    Average
                  </th>
                  <th scope="col" className="font-semibold">
                    Recommendations
                  </th>
                </tr>
              </thead>
              <tbody>
                {stage.candidates.map((candidate) => (
                  <tr key={candidate.applicationId}>
                    <th scope="row" className="font-medium">
                      <a href={applicationHref(candidate.applicationId)} className="text-primary underline-offset-4 hover:underline">
                        {candidate.fullName}
                      </a>
                      <div className="font-normal text-muted-foreground">
                        {candidate.scorecards === 1 ? '1 scorecard' : `${candidate.scorecards} scorecards`}
                      </div>
                    </th>
                    {candidate.averages.map((value, index) => (
                      <td key={stage.attributes[index]!.id}>{average(value)}</td>
                    ))}
                    <td className="font-semibold">{average(candidate.overall)}</td>
                    <td>{tally(candidate.recommendations)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {stage.total > stage.candidates.length && (
            <p className="text-sm text-muted-foreground">
              {`The best ${stage.candidates.length} of ${stage.total} candidates. `}
              <a href={allHref} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
                Show all {stage.total} candidates
              </a>
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
