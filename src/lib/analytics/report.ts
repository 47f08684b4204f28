import { goalLabels, goalNames, type GoalName } from './goals.ts';

/**
 * The analytics dashboard's vocabulary (issue 57), shared by the rollup that counts, the page that
 * shows and the CSV files that export: dimensions, the careers funnel, periods and tables.
 */

export const dimensions = [
  'total',
  'page',
  'entry',
  'source',
  'campaign',
  'device',
  'goal',
  'goal_source',
  'goal_entry',
  'goal_path',
  'funnel',
] as const;
export type Dimension = (typeof dimensions)[number];

/** A visit with no source: typed in, a bookmark, an app that sends no referrer. */
export const DIRECT_SOURCE = 'direct';
/** A goal of someone who asked not to be tracked: counted, with nothing of the visit behind it. */
export const NOT_TRACKED = '(not tracked)';
/** What is past a day's most counted keys of a dimension (the rollup keeps MAX_KEYS), added up. */
export const OTHER = '(other)';

export const funnelSteps = ['landing', 'careers', 'apply', 'submitted'] as const;
export type FunnelStep = (typeof funnelSteps)[number];
export const funnelLabels: Record<FunnelStep, string> = {
  landing: 'Visited the site',
  careers: 'Saw the careers pages',
  apply: 'Opened a position',
  submitted: 'Submitted an application',
};

export const analyticsPeriods = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = 30;

export function readAnalyticsPeriod(value: string | null): AnalyticsPeriod {
  const days = Number(value);
  return (analyticsPeriods as readonly number[]).includes(days) ? (days as AnalyticsPeriod) : DEFAULT_ANALYTICS_PERIOD;
}

export interface Totals {
  visitors: number;
  visits: number;
  views: number;
  conversions: number;
}

export interface RankedRow {
  key: string;
  visitors: number;
  visits: number;
  views: number;
}

export interface GoalRow {
  goal: GoalName;
  label: string;
  conversions: number;
  visitors: number;
  /** Conversions per 100 visits of the period; null without visits. */
  rate: number | null;
}

export interface GoalDetailRow {
  goal: GoalName;
  label: string;
  /** The source, landing page or path. */
  key: string;
  conversions: number;
}

export interface AnalyticsReport {
  period: { days: AnalyticsPeriod; from: string; to: string; previousFrom: string; previousTo: string };
  totals: Totals;
  previous: Totals;
  /** Visitors and views per day of the period, every day (0 when none). */
  daily: { day: string; visitors: number; views: number }[];
  pages: RankedRow[];
  entries: RankedRow[];
  sources: RankedRow[];
  campaigns: RankedRow[];
  devices: RankedRow[];
  goals: GoalRow[];
  goalSources: GoalDetailRow[];
  goalPaths: GoalDetailRow[];
  funnel: { step: FunnelStep; label: string; visits: number }[];
  /** Visitors of the last 30 minutes, from the raw hits. */
  now: number;
}

/** The change from the period before, in percent; null when there was nothing before. */
export function change(current: number, previous: number): number | null {
  return previous === 0 ? null : ((current - previous) / previous) * 100;
}

export { goalLabels, goalNames };

/** The tables the dashboard shows, each with its CSV. */
export const analyticsTables = [
  'pages',
  'entries',
  'sources',
  'campaigns',
  'devices',
  'goals',
  'goal-sources',
  'goal-paths',
  'funnel',
  'daily',
] as const;
export type AnalyticsTable = (typeof analyticsTables)[number];
export const isAnalyticsTable = (value: unknown): value is AnalyticsTable => (analyticsTables as readonly unknown[]).includes(value);
