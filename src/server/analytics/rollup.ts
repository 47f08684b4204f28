import { and, asc, eq, sql } from 'drizzle-orm';
import { withTransaction, type Database } from '../db/client.ts';
import type pg from 'pg';
import { analyticsDaily, analyticsHits, analyticsRollups } from '../db/schema.ts';
import { addDays, COMPANY_TIME_ZONE, companyDay } from '../../lib/format.ts';
import { funnelSteps, NOT_TRACKED, DIRECT_SOURCE, OTHER, type Dimension } from '../../lib/analytics/report.ts';
import { dropPastSalts } from './visitor.ts';

/**
 * The daily rollup of the raw hits (issue 57; decision 075): a day's hits, read in the order of
 * their visitors, become visits (a visitor's hits with no gap over 30 minutes) and then the day's
 * rows of analytics_daily, one per dimension and key: pages, sources, campaigns, devices, goals
 * with their sources, landing pages and paths, and the careers funnel. Raw hits are kept RAW_DAYS,
 * so today's and yesterday's rollups can be made again; the rows that stay grow with pages x days.
 */

export const RAW_DAYS = 2;
const VISIT_GAP_MS = 30 * 60_000;
const BATCH = 5000;
/** A goal's path lists at most this many pages before it (the first ones, then "…"). */
const PATH_PAGES = 6;
/** The most keys a dimension keeps a day; the rest are one "(other)" row. */
export const MAX_KEYS = 500;
/** The most keys a dimension is counted by while a day is rolled up (memory), before MAX_KEYS is applied. */
const MAX_TALLY_KEYS = 20_000;
/**
 * The most rows of one visitor kept together a day (their visits are worked out from them): past
 * it (a script making up pages), their rows count as views of their pages only.
 */
const MAX_VISITOR_ROWS = 5_000;

type Hit = typeof analyticsHits.$inferSelect;

interface Counts {
  visitors: number;
  visits: number;
  views: number;
}

/**
 * The day's counts by dimension and key. At most MAX_TALLY_KEYS keys a dimension are counted apart
 * (made-up campaigns or paths by the million cannot fill memory); later new keys are "(other)".
 */
class Tally {
  readonly rows = new Map<string, Counts>();
  private readonly keys = new Map<Dimension, number>();
  add(dimension: Dimension, key: string, counts: Partial<Counts>) {
    let id = `${dimension}\u0000${key}`;
    let row = this.rows.get(id);
    if (!row) {
      const known = this.keys.get(dimension) ?? 0;
      if (known >= MAX_TALLY_KEYS) {
        id = `${dimension}\u0000${OTHER}`;
        row = this.rows.get(id);
      } else this.keys.set(dimension, known + 1);
      if (!row) this.rows.set(id, (row = { visitors: 0, visits: 0, views: 0 }));
    }
    row.visitors += counts.visitors ?? 0;
    row.visits += counts.visits ?? 0;
    row.views += counts.views ?? 0;
  }
}

const sourceKey = (hit: Hit | undefined) => (hit ? (hit.source ?? DIRECT_SOURCE) : NOT_TRACKED);
const campaignKey = (hit: Hit) =>
  hit.medium || hit.campaign ? [hit.source ?? DIRECT_SOURCE, hit.medium ?? '', hit.campaign ?? ''].join(' / ') : null;
const isCareers = (path: string) => path === '/careers' || path.startsWith('/careers/');
const isApply = (path: string) => path.startsWith('/careers/apply/');

/** The pages a visit went through before a goal, a repeated page once: "/ → /solutions/cloud → /contact". */
function pathBefore(views: readonly Hit[]): string {
  const pages: string[] = [];
  for (const view of views) if (pages.at(-1) !== view.name) pages.push(view.name);
  if (pages.length === 0) return NOT_TRACKED;
  return pages.length > PATH_PAGES ? `${pages.slice(0, PATH_PAGES).join(' → ')} → …` : pages.join(' → ');
}

/** One visitor's hits of the day: their visits, counted into the tally. */
function countVisitor(unordered: Hit[], tally: Tally) {
  const hits = unordered.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
  const seen = new Set<string>();
  /** Counts the visitor once per dimension and key. */
  const once = (dimension: Dimension, key: string) => {
    const id = `${dimension}\u0000${key}`;
    if (seen.has(id)) return 0;
    seen.add(id);
    return 1;
  };
  let start = 0;
  for (let index = 1; index <= hits.length; index += 1) {
    // A visit ends after 30 minutes without a page; a goal never starts one (a long form, sent
    // 40 minutes after its page opened, belongs to that visit).
    const next = hits[index];
    if (next && (next.kind === 'goal' || next.at.getTime() - hits[index - 1]!.at.getTime() <= VISIT_GAP_MS)) continue;
    countVisit(hits.slice(start, index), tally, once);
    start = index;
  }
}

/** Views without a visitor to count (kept by page and source only): they add to the views, and nothing else. */
function countViewsOnly(hit: Hit, tally: Tally) {
  tally.add('total', '', { views: hit.count });
  tally.add('page', hit.name, { views: hit.count });
  tally.add('source', sourceKey(hit), { views: hit.count });
  const campaign = campaignKey(hit);
  if (campaign) tally.add('campaign', campaign, { views: hit.count });
  tally.add('device', hit.device, { views: hit.count });
}

/**
 * One visit, counted: its visitor (once a dimension and key a day) and the visit itself stand for
 * `weight` of them (1, or N when one visitor in N was kept); views and goals are counted as they are.
 */
function countVisit(hits: readonly Hit[], tally: Tally, once: (dimension: Dimension, key: string) => number) {
  const views = hits.filter((hit) => hit.kind === 'view');
  const viewCount = views.reduce((sum, view) => sum + view.count, 0);
  const entry = views[0];
  const weight = Math.max(1, ...views.map((view) => view.weight));
  const visitor = (dimension: Dimension, key: string) => once(dimension, key) * weight;
  if (entry) {
    tally.add('total', '', { visitors: visitor('total', ''), visits: weight, views: viewCount });
    for (const view of views) tally.add('page', view.name, { visitors: visitor('page', view.name), views: view.count });
    tally.add('entry', entry.name, { visitors: visitor('entry', entry.name), visits: weight });
    const source = sourceKey(entry);
    tally.add('source', source, { visitors: visitor('source', source), visits: weight, views: viewCount });
    const campaign = campaignKey(entry);
    if (campaign) tally.add('campaign', campaign, { visitors: visitor('campaign', campaign), visits: weight, views: viewCount });
    tally.add('device', entry.device, { visitors: visitor('device', entry.device), visits: weight, views: viewCount });
  }
  // The careers funnel, each step after the one before it within the visit.
  const careersAt = views.findIndex((view) => isCareers(view.name));
  const applyAt = careersAt === -1 ? -1 : views.findIndex((view, index) => index >= careersAt && isApply(view.name));
  const applyTime = applyAt === -1 ? null : views[applyAt]!.at.getTime();
  const submitted =
    applyTime !== null && hits.some((hit) => hit.kind === 'goal' && hit.name === 'application' && hit.at.getTime() >= applyTime);
  const reached = [Boolean(entry), careersAt !== -1, applyAt !== -1, submitted];
  funnelSteps.forEach((step, index) => {
    if (reached[index]) tally.add('funnel', step, { visitors: visitor('funnel', step), visits: weight });
  });
  for (const goal of hits) {
    if (goal.kind !== 'goal') continue;
    const before = views.filter((view) => view.at <= goal.at);
    tally.add('goal', goal.name, { visitors: once('goal', goal.name), visits: goal.count });
    tally.add('goal_source', `${goal.name}\t${sourceKey(before[0])}`, { visits: goal.count });
    tally.add('goal_entry', `${goal.name}\t${before[0]?.name ?? NOT_TRACKED}`, { visits: goal.count });
    tally.add('goal_path', `${goal.name}\t${pathBefore(before)}`, { visits: goal.count });
  }
}

/**
 * The day's rows, at most MAX_KEYS a dimension: the most counted keys, and the rest added up as
 * "(other)". Rows grow with pages x days even when someone makes up pages or campaigns by the
 * thousand (a beacon's path, a link's utm_source).
 */
function boundedRows(day: string, tally: Tally) {
  const byDimension = new Map<Dimension, { key: string; counts: Counts }[]>();
  for (const [id, counts] of tally.rows) {
    const [dimension, key] = id.split('\u0000') as [Dimension, string];
    const list = byDimension.get(dimension) ?? [];
    list.push({ key, counts });
    byDimension.set(dimension, list);
  }
  const rows: { day: string; dimension: Dimension; key: string; visitors: number; visits: number; views: number }[] = [];
  for (const [dimension, list] of byDimension) {
    list.sort((a, b) => b.counts.views + b.counts.visits - (a.counts.views + a.counts.visits) || a.key.localeCompare(b.key));
    const kept = list.slice(0, MAX_KEYS);
    const rest = list.slice(MAX_KEYS);
    const other = kept.find((row) => row.key === OTHER)?.counts ?? { visitors: 0, visits: 0, views: 0 };
    for (const row of rest) {
      other.visitors += row.counts.visitors;
      other.visits += row.counts.visits;
      other.views += row.counts.views;
    }
    for (const row of kept) if (row.key !== OTHER) rows.push({ day, dimension, key: row.key, ...row.counts });
    if (rest.length > 0 || kept.some((row) => row.key === OTHER)) rows.push({ day, dimension, key: OTHER, ...other });
  }
  return rows;
}

/**
 * Makes a day's rows again from its raw hits, in one transaction: the day's lock first (one writer
 * of a day at a time: the job, a dashboard bringing today up to date), then the reading, then the
 * old rows replaced.
 */
export async function rollUpDay(
  deps: { db: Database; pool: pg.Pool },
  day: string,
  now = new Date(),
): Promise<{ hits: number; rows: number }> {
  return withTransaction(deps.pool, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`analytics-rollup:${day}`}))`);
    const tally = new Tally();
    let hits = 0;
    let visitor: Hit[] = [];
    let after: { visitor: string; id: number } | null = null;
    for (;;) {
      const batch: Hit[] = await tx.db
        .select()
        .from(analyticsHits)
        .where(
          after
            ? and(eq(analyticsHits.day, day), sql`(${analyticsHits.visitor}, ${analyticsHits.id}) > (${after.visitor}, ${after.id})`)
            : eq(analyticsHits.day, day),
        )
        // By visitor and id (exact keys to page on); each visitor's hits are put in time order here.
        .orderBy(asc(analyticsHits.visitor), asc(analyticsHits.id))
        .limit(BATCH);
      for (const hit of batch) {
        if (visitor.length > 0 && visitor[0]!.visitor !== hit.visitor) {
          countVisitor(visitor, tally);
          visitor = [];
        }
        // Views kept without their visitor (weight 0), and past a visitor's bound: views only.
        if (hit.weight > 0 && visitor.length < MAX_VISITOR_ROWS) visitor.push(hit);
        else if (hit.kind === 'view') countViewsOnly(hit, tally);
      }
      hits += batch.length;
      if (batch.length < BATCH) break;
      const last = batch.at(-1)!;
      after = { visitor: last.visitor, id: last.id };
    }
    if (visitor.length > 0) countVisitor(visitor, tally);
    const rows = boundedRows(day, tally);
    await tx.db.delete(analyticsDaily).where(eq(analyticsDaily.day, day));
    for (let start = 0; start < rows.length; start += 1000) await tx.db.insert(analyticsDaily).values(rows.slice(start, start + 1000));
    await tx.db
      .insert(analyticsRollups)
      .values({ day, rolledAt: now })
      .onConflictDoUpdate({ target: analyticsRollups.day, set: { rolledAt: now } });
    return { hits, rows: rows.length };
  });
}

/**
 * The rollup job (every five minutes, one at a time across a fleet): today's rows, and those of
 * every earlier day with raw hits not yet rolled up after it ended (yesterday, or more after the
 * job was stopped); then the raw hits of the days before yesterday whose rollup is final, and the
 * salts of past days, are deleted.
 */
export async function rollUpAnalytics(deps: { db: Database; pool: pg.Pool }, now = new Date()) {
  const today = companyDay(now);
  const yesterday = addDays(today, -1);
  const unfinished = await deps.db.execute<{ day: string }>(sql`
    select distinct h.day::text as day from ${analyticsHits} h
    left join ${analyticsRollups} r on r.day = h.day
    where h.day < ${today} and (r.rolled_at is null or (r.rolled_at at time zone ${COMPANY_TIME_ZONE})::date <= h.day)
    order by 1`);
  const results = [];
  for (const { day } of [...unfinished.rows, { day: today }]) results.push({ day, ...(await rollUpDay(deps, day, now)) });
  await deps.db.execute(sql`
    delete from ${analyticsHits} h using ${analyticsRollups} r
    where r.day = h.day and h.day < ${yesterday} and (r.rolled_at at time zone ${COMPANY_TIME_ZONE})::date > h.day`);
  await dropPastSalts(deps.db, today);
  return results;
}

/**
 * Today's rows made again when they are older than `maxAgeMs`: the dashboard asks before it reads,
 * so today is a few seconds behind whoever looks (the job keeps it within five minutes otherwise).
 * It waits at most `waitMs` (a busy day takes longer to roll up: the page then shows the rows as
 * they were, and the rollup goes on for the next look).
 */
export async function refreshToday(
  deps: { db: Database; pool: pg.Pool },
  { now = new Date(), maxAgeMs = 15_000, waitMs = 2_000 }: { now?: Date; maxAgeMs?: number; waitMs?: number } = {},
): Promise<boolean> {
  const today = companyDay(now);
  const [last] = await deps.db.select().from(analyticsRollups).where(eq(analyticsRollups.day, today));
  if (last && now.getTime() - last.rolledAt.getTime() < maxAgeMs) return false;
  const rolled = rollUpDay(deps, today, now).then(
    () => true,
    () => false,
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
  try {
    return await Promise.race([rolled, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/** Visitors whose last view was in the last 30 minutes: the dashboard's real-time count, from the raw hits. */
export async function visitorsNow(db: Database, now = new Date()): Promise<number> {
  // Each visitor as many as they stand for (a sampled write's weight); views kept without one, none.
  const result = await db.execute<{ count: number }>(sql`
    select coalesce(sum(weight), 0)::int as count from (
      select max(${analyticsHits.weight}) as weight from ${analyticsHits}
      where ${analyticsHits.kind} = 'view' and ${analyticsHits.weight} > 0 and ${analyticsHits.at} > ${new Date(now.getTime() - VISIT_GAP_MS)}
      group by ${analyticsHits.visitor}) as visitors`);
  return result.rows[0]?.count ?? 0;
}
