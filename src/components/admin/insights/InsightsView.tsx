import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';
import { statusLabels } from '@/lib/applications/status';
import { formatDate } from '@/lib/format';
import { funnelStages, percentOf, stageLabels, type Insights, type InsightsQuery, type OfferInsightRow } from '@/lib/insights/report';
import { AdminEmpty, AdminTable, PhoneLabel } from '../AdminTable';
import type { Bar } from './BarChart';
import { InsightsFilters } from './InsightsFilters';
import { ReportChart } from './ReportChart';

export interface InsightsViewProps {
  insights: Insights;
  positions: ReadonlyArray<{ id: string; title: string; isActive: boolean }>;
  /** The chosen position, when the reports are narrowed to one. */
  position: { id: string; title: string } | null;
  /** The query string of every CSV link (?period=…&position=…). */
  search: string;
  /** Reports of other things (job alert subscribers), after these, in the same column. */
  children?: ReactNode;
  /** Whether the person may edit the answers of “How did you hear about us?” (the link is shown then). */
  canConfigure?: boolean;
  /** The person sees their team's positions only: "All your positions". */
  scoped?: boolean;
}

const number = new Intl.NumberFormat('en-US');
const count = (value: number) => number.format(value);
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
const days = (value: number | null) => (value === null ? '—' : value.toFixed(1));
const day = (value: string) => formatDate(new Date(`${value}T00:00:00Z`));
/** The most bars a chart draws; its table lists every row. */
const MAX_BARS = 10;

/** What a chart shows, in words: its name for assistive technology. */
const listed = (bars: readonly Bar[]) =>
  bars
    .slice(0, MAX_BARS)
    .map((bar) => `${bar.label} ${bar.valueText}`)
    .join(', ') + (bars.length > MAX_BARS ? ` and ${bars.length - MAX_BARS} more` : '');

export function ReportSection({
  id,
  title,
  csv,
  definition,
  children,
}: {
  id: string;
  title: string;
  /** The CSV link: its address and what it holds (for its accessible name). */
  csv: { href: string; of: string };
  definition: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        <LinkButton href={csv.href} variant="outline" size="sm" download>
          <Download aria-hidden="true" />
          Download CSV<span className="sr-only"> of {csv.of}</span>
        </LinkButton>
      </div>
      <div className="text-sm text-muted-foreground">{definition}</div>
      {children}
    </section>
  );
}

const noApplications = <p className="text-sm">No applications in this period.</p>;

/**
 * Applications counted per answer, most first: the largest MAX_BARS as bars (saying when there
 * are more), every row in the table.
 */
function RankedChart({ caption, label, bars }: { caption: string; label: string; bars: readonly Bar[] }) {
  return (
    <ReportChart
      summary={`${caption}, most first: ${listed(bars)}.`}
      bars={bars.slice(0, MAX_BARS)}
      note={bars.length > MAX_BARS ? `The chart shows the ${MAX_BARS} largest of ${bars.length}; the numbers list them all.` : undefined}
      table={{ caption, columns: [label, 'Applications'], rows: bars.map((bar) => [bar.label, bar.valueText]) }}
    />
  );
}

/** Offers sent per position, as bars: "Data Engineer: 4 sent, 3 accepted". */
const offerBars = (rows: readonly OfferInsightRow[]): Bar[] =>
  rows.map((row) => ({
    label: row.position ?? row.department,
    value: row.sent,
    valueText: `${count(row.sent)} sent, ${count(row.accepted)} accepted`,
  }));

/** The hiring reports: the period and position form, the headline numbers, then a chart and its numbers per report. */
export function InsightsView({ insights, positions, position, search, canConfigure = true, scoped = false, children }: InsightsViewProps) {
  const { summary, funnel, period } = insights;
  const query: InsightsQuery = { periodDays: period.days, positionId: insights.positionId };
  const csv = (report: string, of: string) => ({ href: `/api/admin/insights/${report}.csv${search}`, of });
  const empty = summary.applications === 0;

  const sourceBars = insights.sources.map((row) => ({ label: row.source, value: row.applications, valueText: count(row.applications) }));
  const heardBars = insights.heardAbout.map((row) => ({
    label: row.answer ?? 'Not answered',
    value: row.applications,
    valueText: count(row.applications),
  }));
  const funnelRows = [
    { label: stageLabels.applied, value: funnel.applied },
    ...funnelStages.map((stage) => ({ label: stageLabels[stage], value: funnel[stage] })),
  ];
  const funnelBars = funnelRows.map((row) => ({
    ...row,
    valueText:
      row.label === stageLabels.applied ? count(row.value) : `${count(row.value)} (${percent(percentOf(row.value, funnel.applied))})`,
  }));
  const scorecardBars = insights.scorecardTime.map((row) => ({
    label: `${row.interviewer} (n = ${row.n})`,
    value: row.medianHours,
    valueText: `${days(row.medianHours)} hours`,
  }));
  // Per reason, whatever the position and stage; the table has each position and stage.
  const byReason = new Map<string, number>();
  for (const row of insights.rejections) byReason.set(row.reason, (byReason.get(row.reason) ?? 0) + row.n);
  const rejectionBars = [...byReason]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, n]) => ({ label: reason, value: n, valueText: count(n) }));
  // All positions: by reason and stage, the positions added up; the CSV has each position's. A
  // table per position, reason and stage of every position was 399 rows (137 KB of a 225 KB page)
  // at 50,000 applications, and one position's are a choice of the position above (decision 065).
  const byReasonAndStage = new Map<string, { reason: string; stage: (typeof insights.rejections)[number]['stage']; n: number }>();
  for (const row of insights.rejections) {
    const key = `${row.reason}\u0000${row.stage}`;
    const entry = byReasonAndStage.get(key) ?? { reason: row.reason, stage: row.stage, n: 0 };
    entry.n += row.n;
    byReasonAndStage.set(key, entry);
  }
  const rejectionTable = insights.positionId
    ? {
        caption: 'Rejections per position, reason and stage',
        columns: ['Position', 'Reason', 'Rejected at', 'Rejections'],
        rows: insights.rejections.map((row) => [row.position, row.reason, statusLabels[row.stage], count(row.n)]),
      }
    : {
        caption: 'Rejections per reason and stage, all positions',
        columns: ['Reason', 'Rejected at', 'Rejections'],
        rows: [...byReasonAndStage.values()]
          .sort((a, b) => b.n - a.n || a.reason.localeCompare(b.reason) || a.stage.localeCompare(b.stage))
          .map((row) => [row.reason, statusLabels[row.stage], count(row.n)]),
      };
  const timedBars = insights.timeToStage.map((row) => ({
    label: `${stageLabels[row.status]} (n = ${row.n})`,
    value: row.medianDays ?? 0,
    valueText: row.medianDays === null ? '—' : `${days(row.medianDays)} days`,
  }));

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <InsightsFilters query={query} positions={positions} scoped={scoped} />

      <p className="text-muted-foreground">
        <span className="font-semibold text-foreground">{position ? position.title : scoped ? 'All your positions' : 'All positions'}</span>
        , the last {period.days} days: {day(period.from)} to {day(period.to)}, both included, in US Central time.
      </p>

      <ReportSection
        id="summary"
        title="Views and applications"
        csv={csv('summary', 'views and applications')}
        definition={
          <ul className="flex list-disc flex-col gap-1 pl-5">
            <li>
              Views: each time a person (not a bot) opened the page, counted per day on our server;{' '}
              {position ? 'this position’s page' : 'the job board (/careers) apart from the positions’ pages'}.
            </li>
            <li>Applications: the applications sent in the period.</li>
            <li>
              Conversion: applications ÷ {position ? 'the page’s views' : 'views of the positions’ pages'}, as a percentage; “—” without
              views.
            </li>
          </ul>
        }
      >
        <dl aria-label="Totals" className={`grid grid-cols-2 gap-4 ${position ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}>
          {[
            ...(summary.boardViews === null ? [] : [['Job board views', count(summary.boardViews)] as const]),
            [position ? 'Page views' : 'Position page views', count(summary.positionViews)] as const,
            ['Applications', count(summary.applications)] as const,
            ['Conversion', percent(summary.conversion)] as const,
          ].map(([label, value]) => (
            <div key={label} className="flex flex-col gap-1 rounded-lg bg-surface p-4">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </ReportSection>

      {!position && (
        <ReportSection
          id="positions"
          title="By position"
          csv={csv('positions', 'views and applications by position')}
          definition="Every open position, and any closed one with views or applications in the period; most applications first."
        >
          {insights.positions.length === 0 ? (
            <AdminEmpty>No open positions, and none with views or applications in this period.</AdminEmpty>
          ) : (
            <AdminTable
              caption="Views, applications and conversion by position"
              columns={[{ label: 'Position' }, { label: 'Page views' }, { label: 'Applications' }, { label: 'Conversion' }]}
              tableClassName="sm:min-w-[36rem]"
              stackOnPhones
            >
              {insights.positions.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-3">
                    <a
                      href={`/admin/insights?period=${period.days}&position=${row.id}`}
                      className="text-primary underline underline-offset-4"
                    >
                      {row.title}
                    </a>
                    {!row.isActive && <span className="text-muted-foreground"> (inactive)</span>}
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    <PhoneLabel>Page views</PhoneLabel>
                    {count(row.views)}
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    <PhoneLabel>Applications</PhoneLabel>
                    {count(row.applications)}
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    <PhoneLabel>Conversion</PhoneLabel>
                    {percent(row.conversion)}
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </ReportSection>
      )}

      <div className="grid gap-8 lg:grid-cols-2">
        <ReportSection
          id="sources"
          title="Applications per source"
          csv={csv('sources', 'applications per source')}
          definition="Source: the UTM source of the link the applicant came by, else the site that linked to us, else “direct”."
        >
          {empty ? noApplications : <RankedChart caption="Applications per source" label="Source" bars={sourceBars} />}
        </ReportSection>

        <ReportSection
          id="heard-about"
          title="How did you hear about us?"
          csv={csv('heard-about', 'answers to How did you hear about us?')}
          definition={
            <p>
              The applicants’ answers to the apply form’s optional question.{' '}
              {canConfigure && (
                <a href="/admin/insights/heard-about" className="text-primary underline underline-offset-4">
                  Edit the “How did you hear about us?” answers
                </a>
              )}
            </p>
          }
        >
          {empty ? noApplications : <RankedChart caption="Answers to “How did you hear about us?”" label="Answer" bars={heardBars} />}
        </ReportSection>

        <ReportSection
          id="funnel"
          title="Pipeline funnel"
          csv={csv('funnel', 'the pipeline funnel')}
          definition="Of the applications sent in the period, how many reached each stage or one after it; rejections are counted apart."
        >
          {empty ? (
            noApplications
          ) : (
            <ReportChart
              summary={`Pipeline funnel: ${listed(funnelBars)}; rejected ${count(funnel.rejected)}.`}
              bars={funnelBars}
              note={`Rejected: ${count(funnel.rejected)} (${percent(percentOf(funnel.rejected, funnel.applied))} of applied).`}
              table={{
                caption: 'Pipeline funnel',
                columns: ['Stage', 'Applications', 'Share of applied'],
                rows: [...funnelRows, { label: stageLabels.rejected, value: funnel.rejected }].map((row) => [
                  row.label,
                  count(row.value),
                  percent(percentOf(row.value, funnel.applied)),
                ]),
              }}
            />
          )}
        </ReportSection>

        <ReportSection
          id="time-to-stage"
          title="Time to each status"
          csv={csv('time-to-stage', 'the time to each status')}
          definition="Median days from the application to the first time it reached each status, over the period’s applications that reached it (n)."
        >
          {empty ? (
            noApplications
          ) : (
            <ReportChart
              summary={`Median days to each status: ${listed(timedBars)}.`}
              bars={timedBars}
              table={{
                caption: 'Median days to each status',
                columns: ['Status', 'Median days', 'Applications (n)'],
                rows: insights.timeToStage.map((row) => [stageLabels[row.status], days(row.medianDays), count(row.n)]),
              }}
            />
          )}
        </ReportSection>

        <ReportSection
          id="scorecard-time"
          title="Time to scorecard"
          csv={csv('scorecard-time', 'the time to scorecard per interviewer')}
          definition="Median hours from the end of a booked interview to the interviewer’s submitted scorecard, per interviewer, over the interviews of the period they scored (n)."
        >
          {scorecardBars.length === 0 ? (
            <p className="text-sm text-muted-foreground">No booked interview of this period has a scorecard yet.</p>
          ) : (
            <ReportChart
              summary={`Median hours to scorecard: ${listed(scorecardBars)}.`}
              bars={scorecardBars}
              table={{
                caption: 'Median hours to scorecard per interviewer',
                columns: ['Interviewer', 'Median hours', 'Interviews (n)'],
                rows: insights.scorecardTime.map((row) => [row.interviewer, days(row.medianHours), count(row.n)]),
              }}
            />
          )}
        </ReportSection>

        {insights.offers && (
          <ReportSection
            id="offers"
            title="Offers"
            csv={csv('offers', 'the offers per position and department')}
            definition="Offers sent in the period, per position and department, each version counted (a new version replaces the one before): accepted, declined, closed without an answer (expired, withdrawn or replaced) and still open; acceptance is accepted per 100 answered; the median days from sending to the answer, over the answered ones."
          >
            {insights.offers.byPosition.length === 0 ? (
              <p className="text-sm text-muted-foreground">No offer was sent in this period.</p>
            ) : (
              <ReportChart
                summary={`Offers sent per position: ${listed(offerBars(insights.offers.byPosition))}.`}
                bars={offerBars(insights.offers.byPosition).slice(0, MAX_BARS)}
                table={{
                  caption: 'Offers per position and department',
                  columns: [
                    'Position',
                    'Department',
                    'Sent',
                    'Accepted',
                    'Declined',
                    'Closed',
                    'Open',
                    'Acceptance',
                    'Median days to answer',
                  ],
                  rows: [...insights.offers.byPosition, ...insights.offers.byDepartment].map((row) => [
                    row.position ?? 'All of the department',
                    row.department,
                    count(row.sent),
                    count(row.accepted),
                    count(row.declined),
                    count(row.closed),
                    count(row.open),
                    percent(row.acceptance),
                    days(row.medianDaysToAnswer),
                  ]),
                }}
              />
            )}
            {insights.offers.declines.length > 0 && (
              <details className="rounded-lg border border-border bg-surface">
                <summary className="cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold text-primary">
                  Why candidates declined ({count(insights.offers.declines.length)})
                </summary>
                <ul className="flex flex-col gap-2 rounded-b-lg border-t border-border bg-card px-4 py-3 text-sm">
                  {insights.offers.declines.map((row, index) => (
                    <li key={index}>
                      <span className="text-muted-foreground">
                        {day(row.declinedOn)} · {row.position}:
                      </span>{' '}
                      <span className="break-words whitespace-pre-wrap">{row.reason}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}
            <p className="text-sm">
              <a href={csv('offer-declines', '').href} className="font-medium text-primary underline-offset-4 hover:underline" download>
                Download the reasons for declining (CSV)
              </a>
            </p>
          </ReportSection>
        )}

        <ReportSection
          id="rejections"
          title="Rejections by reason"
          csv={csv('rejections', 'the rejections per position, reason and stage')}
          definition="Applications rejected in the period and still rejected, by the reason given and the status they were rejected from; per position when one is chosen above, and in the CSV."
        >
          {rejectionBars.length === 0 ? (
            <p className="text-sm text-muted-foreground">No application was rejected in this period.</p>
          ) : (
            <ReportChart summary={`Rejections per reason: ${listed(rejectionBars)}.`} bars={rejectionBars} table={rejectionTable} />
          )}
        </ReportSection>
      </div>
      {children}
    </div>
  );
}
