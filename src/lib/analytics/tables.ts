import type { AnalyticsReport, AnalyticsTable } from './report.ts';

/**
 * Each table of the analytics dashboard as rows: the page shows them (a chart of the first number
 * and the numbers under it) and the CSV files hold the same rows, so the two never disagree.
 */

export interface AnalyticsTableData {
  title: string;
  /** What the table counts, in one sentence under its title. */
  definition: string;
  columns: string[];
  rows: (string | number)[][];
  /** How many first columns name a row (a goal and its source: 2); the number charted is the next. */
  keyColumns?: number;
}

const percent = (value: number | null) => (value === null ? '' : `${value.toFixed(1)}%`);

export function analyticsTable(report: AnalyticsReport, table: AnalyticsTable): AnalyticsTableData {
  const ranked = (rows: AnalyticsReport['pages'], pick: (row: AnalyticsReport['pages'][number]) => (string | number)[]) => rows.map(pick);
  switch (table) {
    case 'pages':
      return {
        title: 'Top pages',
        definition: 'Views of each page, and the visitors who saw it.',
        columns: ['Page', 'Views', 'Visitors'],
        rows: ranked(report.pages, (row) => [row.key, row.views, row.visitors]),
      };
    case 'entries':
      return {
        title: 'Landing pages',
        definition: 'The first page of each visit.',
        columns: ['Page', 'Visits', 'Visitors'],
        rows: ranked(report.entries, (row) => [row.key, row.visits, row.visitors]),
      };
    case 'sources':
      return {
        title: 'Sources',
        definition: 'Where visits came from: the campaign’s utm_source, a ref, else the site that linked; “direct” when none.',
        columns: ['Source', 'Visits', 'Visitors', 'Views'],
        rows: ranked(report.sources, (row) => [row.key, row.visits, row.visitors, row.views]),
      };
    case 'campaigns':
      return {
        title: 'UTM campaigns',
        definition: 'Visits from links with a utm_medium or utm_campaign: source / medium / campaign.',
        columns: ['Campaign', 'Visits', 'Visitors', 'Views'],
        rows: ranked(report.campaigns, (row) => [row.key, row.visits, row.visitors, row.views]),
      };
    case 'devices':
      return {
        title: 'Devices',
        definition: 'Visitors by the kind of device their browser says it is.',
        columns: ['Device', 'Visitors', 'Visits'],
        rows: ranked(report.devices, (row) => [row.key.charAt(0).toUpperCase() + row.key.slice(1), row.visitors, row.visits]),
      };
    case 'goals':
      return {
        title: 'Goals',
        definition: 'Conversions in the period, and conversions per 100 visits.',
        columns: ['Goal', 'Conversions', 'Visitors', 'Conversion rate'],
        rows: report.goals.map((row) => [row.label, row.conversions, row.visitors, percent(row.rate)]),
      };
    case 'goal-sources':
      return {
        title: 'What led to each goal',
        definition: 'The source of the visit each conversion was made in; “(not tracked)” for visitors who ask not to be.',
        columns: ['Goal', 'Source', 'Conversions'],
        rows: report.goalSources.map((row) => [row.label, row.key, row.conversions]),
        keyColumns: 2,
      };
    case 'goal-paths':
      return {
        title: 'Paths to each goal',
        definition: 'The pages of the visit before each conversion, from its landing page.',
        columns: ['Goal', 'Path', 'Conversions'],
        rows: report.goalPaths.map((row) => [row.label, row.key, row.conversions]),
        keyColumns: 2,
      };
    case 'funnel':
      return {
        title: 'Careers funnel',
        definition: 'Visits that reached each step, each after the one before it.',
        columns: ['Step', 'Visits', 'Of the first step'],
        rows: report.funnel.map((row) => [
          row.label,
          row.visits,
          percent(report.funnel[0]!.visits === 0 ? null : (row.visits / report.funnel[0]!.visits) * 100),
        ]),
      };
    case 'daily':
      return {
        title: 'Visitors per day',
        definition: 'Visitors and views of each day of the period.',
        columns: ['Day', 'Visitors', 'Views'],
        rows: report.daily.map((row) => [row.day, row.visitors, row.views]),
      };
  }
}
