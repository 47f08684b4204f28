import { csvFile as csv } from '../csv.ts';
import { statusLabels } from '../../lib/applications/status.ts';
import { funnelStages, percentOf, stageLabels, type Insights } from '../../lib/insights/report.ts';

/** Each report of /admin/insights as a CSV file for a spreadsheet: the numbers the page shows. */

export const insightReports = [
  'summary',
  'positions',
  'sources',
  'heard-about',
  'funnel',
  'time-to-stage',
  'scorecard-time',
  'rejections',
  'offers',
  'offer-declines',
] as const;
export type InsightReport = (typeof insightReports)[number];

export function isInsightReport(value: string | undefined): value is InsightReport {
  return (insightReports as readonly (string | undefined)[]).includes(value);
}

export function insightsCsv(report: InsightReport, insights: Insights, positionTitle: string | null): string {
  const { summary, period } = insights;
  switch (report) {
    case 'summary':
      return csv([
        ['Measure', 'Value'],
        ['From', period.from],
        ['To', period.to],
        ['Position', positionTitle ?? 'All positions'],
        ...(summary.boardViews === null ? [] : [['Job board views', summary.boardViews]]),
        ['Position page views', summary.positionViews],
        ['Applications', summary.applications],
        ['Conversion (%)', summary.conversion],
      ]);
    case 'positions':
      return csv([
        ['Position', 'Active', 'Page views', 'Applications', 'Conversion (%)'],
        ...insights.positions.map((row) => [row.title, row.isActive ? 'yes' : 'no', row.views, row.applications, row.conversion]),
      ]);
    case 'sources':
      return csv([['Source', 'Applications'], ...insights.sources.map((row) => [row.source, row.applications])]);
    case 'heard-about':
      return csv([
        ['Heard about us', 'Applications'],
        ...insights.heardAbout.map((row) => [row.answer ?? 'Not answered', row.applications]),
      ]);
    case 'funnel': {
      const { funnel } = insights;
      const share = (count: number) => percentOf(count, funnel.applied);
      return csv([
        ['Stage', 'Applications', 'Share of applied (%)'],
        [stageLabels.applied, funnel.applied, share(funnel.applied)],
        ...funnelStages.map((stage) => [stageLabels[stage], funnel[stage], share(funnel[stage])]),
        ['Rejected', funnel.rejected, share(funnel.rejected)],
      ]);
    }
    case 'time-to-stage':
      return csv([
        ['Status', 'Median days', 'Applications (n)'],
        ...insights.timeToStage.map((row) => [stageLabels[row.status], row.medianDays, row.n]),
      ]);
    case 'scorecard-time':
      return csv([
        ['Interviewer', 'Median hours to scorecard', 'Interviews (n)'],
        ...insights.scorecardTime.map((row) => [row.interviewer, row.medianHours, row.n]),
      ]);
    case 'offers': {
      // Each position with its department, then each department's totals (issue 54).
      const rows = insights.offers ? [...insights.offers.byPosition, ...insights.offers.byDepartment] : [];
      return csv([
        [
          'Position',
          'Department',
          'Offers sent',
          'Accepted',
          'Declined',
          'Expired, withdrawn or replaced',
          'Open',
          'Acceptance (%)',
          'Median days to answer',
        ],
        ...rows.map((row) => [
          row.position ?? 'All positions of the department',
          row.department,
          row.sent,
          row.accepted,
          row.declined,
          row.closed,
          row.open,
          row.acceptance ?? '',
          row.medianDaysToAnswer ?? '',
        ]),
      ]);
    }
    case 'offer-declines':
      return csv([
        ['Declined on', 'Position', 'Department', 'Reason'],
        ...(insights.offers?.declines ?? []).map((row) => [row.declinedOn, row.position, row.department, row.reason]),
      ]);
    case 'rejections':
      return csv([
        ['Position', 'Reason', 'Rejected at', 'Rejections'],
        ...insights.rejections.map((row) => [row.position, row.reason, statusLabels[row.stage], row.n]),
      ]);
  }
}

/** "insights-sources-90-days-2026-11-23.csv", with the position's name when there is one. */
export function insightsFileName(report: InsightReport, insights: Insights, positionTitle: string | null): string {
  const slug = positionTitle
    ?.toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `insights-${report}${slug ? `-${slug}` : ''}-${insights.period.days}-days-${insights.period.to}.csv`;
}
