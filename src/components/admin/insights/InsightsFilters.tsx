import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { insightPeriods, type InsightsQuery } from '@/lib/insights/report';

/** The period and position as a plain GET form: the report's address says what it shows, and it works without JavaScript. */
export function InsightsFilters({
  query,
  positions,
  scoped = false,
}: {
  query: InsightsQuery;
  positions: ReadonlyArray<{ id: string; title: string; isActive: boolean }>;
  /** Only the viewer's team's positions are offered (a hiring manager). */
  scoped?: boolean;
}) {
  return (
    <form
      method="get"
      action="/admin/insights"
      aria-label="Choose the reports"
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <SelectField
        id="insights-period"
        label="Period"
        className="sm:w-48"
        name="period"
        defaultValue={String(query.periodDays)}
        options={insightPeriods.map((days) => ({ value: String(days), label: `Last ${days} days` }))}
      />
      <SelectField
        id="insights-position"
        label="Position"
        className="sm:w-80"
        name="position"
        defaultValue={query.positionId ?? ''}
        placeholder={scoped ? 'All your positions' : 'All positions'}
        options={positions.map((position) => ({
          value: position.id,
          label: position.isActive ? position.title : `${position.title} (inactive)`,
        }))}
      />
      <Button type="submit" className="sm:self-end">
        Show reports
      </Button>
    </form>
  );
}
