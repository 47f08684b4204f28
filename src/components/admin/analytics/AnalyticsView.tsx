import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { formatDate } from '@/lib/format';
import { analyticsPeriods, change, type AnalyticsReport, type AnalyticsTable, type Totals } from '@/lib/analytics/report';
import { analyticsTable } from '@/lib/analytics/tables';
import { ReportSection } from '../insights/InsightsView';
import { ReportChart } from '../insights/ReportChart';
import { DailyChart } from './DailyChart';

const number = new Intl.NumberFormat('en-US');
const day = (value: string) => formatDate(new Date(`${value}T00:00:00Z`));
/** The most bars a chart draws; the numbers under it list every row. */
const MAX_BARS = 10;

/** "+12.5% on the 30 days before", "no visits the 30 days before". */
function changeText(current: number, previous: number, days: number): string {
  const value = change(current, previous);
  if (value === null) return current === 0 ? `None the ${days} days before either` : `None the ${days} days before`;
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  return `${sign}${Math.abs(value).toFixed(1)}% on the ${days} days before (${number.format(previous)})`;
}

const totals: ReadonlyArray<readonly [keyof Totals, string]> = [
  ['visitors', 'Visitors'],
  ['visits', 'Visits'],
  ['views', 'Page views'],
  ['conversions', 'Conversions'],
];

/** The tables after the daily chart, in the page's order. */
const sections: readonly AnalyticsTable[] = [
  'pages',
  'sources',
  'entries',
  'campaigns',
  'devices',
  'goals',
  'goal-sources',
  'goal-paths',
  'funnel',
];

/**
 * The site's analytics (issue 57): the period against the one before, visitors per day, then each
 * table as a chart of its first number with every row under it and its CSV. Rendered on the
 * server; the period is a plain GET form.
 */
export function AnalyticsView({ report }: { report: AnalyticsReport }) {
  const { period } = report;
  const csv = (table: AnalyticsTable, of: string) => ({ href: `/api/admin/analytics/${table}.csv?period=${period.days}`, of });
  const daily = analyticsTable(report, 'daily');
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <form
          method="get"
          action="/admin/analytics"
          aria-label="Choose the period"
          className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:flex-row sm:items-end"
        >
          <SelectField
            id="analytics-period"
            label="Period"
            className="sm:w-48"
            name="period"
            defaultValue={String(period.days)}
            options={analyticsPeriods.map((days) => ({ value: String(days), label: `Last ${days} days` }))}
          />
          <Button type="submit">Show</Button>
        </form>
        <p className="rounded-xl border border-border bg-card p-4 text-sm shadow-card" aria-live="off">
          <span className="text-2xl font-bold tabular-nums">{number.format(report.now)}</span> {report.now === 1 ? 'visitor' : 'visitors'}{' '}
          in the last 30 minutes
        </p>
      </div>

      <p className="text-muted-foreground">
        The last {period.days} days: {day(period.from)} to {day(period.to)}, both included, in US Central time, against{' '}
        {day(period.previousFrom)} to {day(period.previousTo)}. Counted on our own server, without cookies; visitors who ask not to be
        tracked and bots are left out. Today’s numbers are brought up to date when this page is opened.
      </p>

      <dl aria-label="Totals" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {totals.map(([key, label]) => (
          <div key={key} className="flex flex-col gap-1 rounded-xl border border-border bg-card p-4 shadow-card">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="flex flex-col gap-1">
              <span className="text-2xl font-bold tabular-nums">{number.format(report.totals[key])}</span>
              <span className="text-xs text-muted-foreground">{changeText(report.totals[key], report.previous[key], period.days)}</span>
            </dd>
          </div>
        ))}
      </dl>

      <ReportSection id="daily" title={daily.title} csv={csv('daily', 'visitors per day')} definition={daily.definition}>
        <DailyChart days={report.daily} />
      </ReportSection>

      <div className="grid gap-8 lg:grid-cols-2">
        {sections.map((table) => {
          const data = analyticsTable(report, table);
          const keys = data.keyColumns ?? 1;
          const bars = data.rows.map((row) => ({
            label: row.slice(0, keys).join(': '),
            value: Number(row[keys]),
            valueText: number.format(Number(row[keys])),
          }));
          return (
            <ReportSection
              key={table}
              id={table}
              title={data.title}
              csv={csv(table, data.title.toLowerCase())}
              definition={data.definition}
            >
              {data.rows.length === 0 ? (
                <p className="text-sm">Nothing counted in this period.</p>
              ) : (
                <ReportChart
                  summary={`${data.title}, by ${data.columns[keys]!.toLowerCase()}: ${bars
                    .slice(0, MAX_BARS)
                    .map((bar) => `${bar.label} ${bar.valueText}`)
                    .join(', ')}.`}
                  bars={bars.slice(0, MAX_BARS)}
                  note={
                    bars.length > MAX_BARS
                      ? `The chart shows the first ${MAX_BARS} of ${bars.length}; the numbers list them all.`
                      : undefined
                  }
                  table={{
                    caption: data.title,
                    columns: data.columns,
                    rows: data.rows.map((row) => row.map((cell) => (typeof cell === 'number' ? number.format(cell) : cell))),
                  }}
                />
              )}
            </ReportSection>
          );
        })}
      </div>
    </div>
  );
}
