import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsDaily } from '../db/schema.ts';
import {
  funnelLabels,
  funnelSteps,
  goalLabels,
  goalNames,
  type AnalyticsPeriod,
  type AnalyticsReport,
  type Dimension,
  type GoalDetailRow,
  type RankedRow,
  type Totals,
} from '../../lib/analytics/report.ts';
import type { GoalName } from '../../lib/analytics/goals.ts';
import { addDays } from '../../lib/format.ts';
import { visitorsNow } from './rollup.ts';

/**
 * The dashboard's numbers (issue 57) from the daily rollup: a period of whole days ending today
 * against the one before it, and the last 30 minutes from the raw hits. A visitor is counted once
 * a day (their hash changes daily, decision 075): a period's visitors are the sum of its days'.
 */

type Sums = Map<Dimension, RankedRow[]>;

async function sums(db: Database, from: string, to: string): Promise<Sums> {
  const rows = await db
    .select({
      dimension: analyticsDaily.dimension,
      key: analyticsDaily.key,
      visitors: sql<number>`sum(${analyticsDaily.visitors})::int`,
      visits: sql<number>`sum(${analyticsDaily.visits})::int`,
      views: sql<number>`sum(${analyticsDaily.views})::int`,
    })
    .from(analyticsDaily)
    .where(between(analyticsDaily.day, from, to))
    .groupBy(analyticsDaily.dimension, analyticsDaily.key);
  const byDimension: Sums = new Map();
  for (const row of rows) {
    const list = byDimension.get(row.dimension as Dimension) ?? [];
    list.push({ key: row.key, visitors: row.visitors, visits: row.visits, views: row.views });
    byDimension.set(row.dimension as Dimension, list);
  }
  for (const list of byDimension.values()) list.sort((a, b) => b.visits + b.views - (a.visits + a.views) || a.key.localeCompare(b.key));
  return byDimension;
}

const ranked = (all: Sums, dimension: Dimension, by: 'visitors' | 'views' | 'visits' = 'visitors') =>
  [...(all.get(dimension) ?? [])].sort((a, b) => b[by] - a[by] || a.key.localeCompare(b.key));

function totalsOf(all: Sums): Totals {
  const total = all.get('total')?.[0];
  const conversions = (all.get('goal') ?? []).reduce((sum, row) => sum + row.visits, 0);
  return { visitors: total?.visitors ?? 0, visits: total?.visits ?? 0, views: total?.views ?? 0, conversions };
}

const isGoal = (value: string): value is GoalName => (goalNames as readonly string[]).includes(value);

function goalDetails(all: Sums, dimension: Dimension): GoalDetailRow[] {
  return ranked(all, dimension, 'visits').flatMap((row) => {
    const [goal, key] = row.key.split('\t') as [string, string];
    return isGoal(goal) ? [{ goal, label: goalLabels[goal], key, conversions: row.visits }] : [];
  });
}

export async function loadAnalytics(
  db: Database,
  { days, today, now = new Date() }: { days: AnalyticsPeriod; today: string; now?: Date },
): Promise<AnalyticsReport> {
  const from = addDays(today, -(days - 1));
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -(days - 1));
  const [current, before, dailyRows, realtime] = await Promise.all([
    sums(db, from, today),
    sums(db, previousFrom, previousTo),
    db
      .select({ day: analyticsDaily.day, visitors: analyticsDaily.visitors, views: analyticsDaily.views })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.dimension, 'total'), between(analyticsDaily.day, from, today))),
    visitorsNow(db, now),
  ]);
  const byDay = new Map(dailyRows.map((row) => [row.day, row]));
  const totals = totalsOf(current);
  const goals = goalNames.map((goal) => {
    const row = current.get('goal')?.find((candidate) => candidate.key === goal);
    const conversions = row?.visits ?? 0;
    return {
      goal,
      label: goalLabels[goal],
      conversions,
      visitors: row?.visitors ?? 0,
      rate: totals.visits === 0 ? null : (conversions / totals.visits) * 100,
    };
  });
  return {
    period: { days, from, to: today, previousFrom, previousTo },
    totals,
    previous: totalsOf(before),
    daily: Array.from({ length: days }, (_, index) => {
      const day = addDays(from, index);
      return { day, visitors: byDay.get(day)?.visitors ?? 0, views: byDay.get(day)?.views ?? 0 };
    }),
    pages: ranked(current, 'page', 'views'),
    entries: ranked(current, 'entry', 'visits'),
    sources: ranked(current, 'source', 'visits'),
    campaigns: ranked(current, 'campaign', 'visits'),
    devices: ranked(current, 'device', 'visitors'),
    goals,
    goalSources: goalDetails(current, 'goal_source'),
    goalPaths: goalDetails(current, 'goal_path'),
    funnel: funnelSteps.map((step) => ({
      step,
      label: funnelLabels[step],
      visits: current.get('funnel')?.find((row) => row.key === step)?.visits ?? 0,
    })),
    now: realtime,
  };
}
