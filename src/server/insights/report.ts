import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { can, canAll, positionsInScope, type Who } from '../access/permissions.ts';
import { addDays, COMPANY_TIME_ZONE } from '../../lib/format.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';
import {
  DEFAULT_PERIOD,
  insightPeriods,
  percentOf,
  timedStatuses,
  type FunnelStage,
  type InsightPeriod,
  type Insights,
  type InsightsQuery,
  type OfferInsightRow,
  type TimedStatus,
} from '../../lib/insights/report.ts';

/** A position without a department, in the offers report. */
const NO_DEPARTMENT = 'No department';

/**
 * The hiring reports of /admin/insights (issue 18), for the last 30, 90 or 365 days and for every
 * position or one: views, applications and conversion, applications per source and per "How did
 * you hear about us?" answer, the pipeline funnel and the median time to each status. Each report
 * is one query; the page and the CSV exports read the same numbers.
 */

/** ?period=30|90|365 and ?position=<uuid>; anything else is the default (30 days, all positions). */
export function parseInsightsQuery(params: URLSearchParams): InsightsQuery {
  const period = Number(params.get('period'));
  const position = params.get('position');
  return {
    periodDays: (insightPeriods as readonly number[]).includes(period) ? (period as InsightPeriod) : DEFAULT_PERIOD,
    positionId: isUuid(position) ? position.toLowerCase() : null,
  };
}

/** The query string of a report's address (the page, its CSV files). */
export function insightsSearch(query: InsightsQuery): string {
  const params = new URLSearchParams({ period: String(query.periodDays) });
  if (query.positionId) params.set('position', query.positionId);
  return `?${params.toString()}`;
}

/**
 * Where a request for the reports should go instead, so each view has one address (the form's
 * "All positions" sends an empty ?position=, an old link a bad value); null when it is that
 * address already, or has no query at all (the defaults).
 */
export function insightsRedirect(url: URL, query: InsightsQuery): string | null {
  if (url.search === '') return null;
  const canonical = insightsSearch(query);
  return url.search === canonical ? null : `/admin/insights${canonical}`;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export interface InsightsOptions {
  periodDays: InsightPeriod;
  positionId: string | null;
  /** The last day of the period, in the company's time zone (YYYY-MM-DD). */
  today: string;
  /** Whose reports: a hiring manager's count only their positions, and the job board's views are left out. */
  who: Who;
}

/** Every report for the period and position; the queries run side by side. */
export async function loadInsights(db: Database, { periodDays, positionId, today, who }: InsightsOptions): Promise<Insights> {
  const from = addDays(today, -(periodDays - 1));
  // Days are the company's: an application belongs to the day it was sent in Chicago. Bounds on
  // created_at itself (not on its day) let the index on (position_id, created_at) serve.
  const applied = sql`a.created_at >= (${from}::date::timestamp at time zone ${COMPANY_TIME_ZONE})
    and a.created_at < ((${today}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE})`;
  const inReach = positionsInScope(who, 'insights.read', sql`a.position_id`);
  const ofPosition: SQL = positionId ? sql`and a.position_id = ${positionId} and ${inReach}` : sql`and ${inReach}`;
  const viewed = sql`v.day between ${from}::date and ${today}::date`;

  // Interviews (issue 32) that ended within the period, by the company's days.
  const ended = sql`b.ends_at >= (${from}::date::timestamp at time zone ${COMPANY_TIME_ZONE})
    and b.ends_at < ((${today}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE})`;
  // Rejections (issue 32) made within the period, by the company's days.
  const rejectedIn = sql`latest.created_at >= (${from}::date::timestamp at time zone ${COMPANY_TIME_ZONE})
    and latest.created_at < ((${today}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE})`;
  // Offers (issue 54) sent within the period, by the company's days: of the positions whose offers the person may read.
  const sentIn = sql`o.sent_at >= (${from}::date::timestamp at time zone ${COMPANY_TIME_ZONE})
    and o.sent_at < ((${today}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE})`;
  const offerCounts = sql`count(*)::int as sent,
      count(*) filter (where o.status = 'accepted')::int as accepted,
      count(*) filter (where o.status = 'declined')::int as declined,
      count(*) filter (where o.status in ('expired', 'withdrawn', 'replaced'))::int as closed,
      count(*) filter (where o.status = 'sent')::int as open,
      (extract(epoch from percentile_cont(0.5) within group (order by o.answered_at - o.sent_at) filter (where o.answered_at is not null)) / 86400)::float8
        as median_days`;
  const offersFrom = sql`from offers o join applications a on a.id = o.application_id join positions p on p.id = o.position_id
      left join departments d on d.id = p.department_id
      where ${sentIn} ${positionId ? sql`and o.position_id = ${positionId}` : sql``} and ${positionsInScope(who, 'offers.read', sql`o.position_id`)}`;
  type OfferCountRow = {
    position: string | null;
    department: string | null;
    sent: number;
    accepted: number;
    declined: number;
    closed: number;
    open: number;
    median_days: number | null;
  };
  const readsOffers = can(who, 'offers.read');
  const noRows = Promise.resolve({ rows: [] as never[] });
  const [board, positionRows, sources, heardAbout, milestones, scorecardTime, rejections, offerPositions, offerDepartments, offerDeclines] =
    await Promise.all([
      db.execute<{ views: number }>(
        sql`select coalesce(sum(v.views), 0)::int as views from page_views v where v.position_id is null and ${viewed}`,
      ),
      db.execute<{ id: string; title: string; is_active: boolean; views: number; applications: number }>(sql`
      select p.id, p.title, p.is_active, coalesce(pv.views, 0)::int as views, coalesce(pa.applications, 0)::int as applications
      from positions p
      left join (select v.position_id, sum(v.views) as views from page_views v where v.position_id is not null and ${viewed} group by v.position_id) pv
        on pv.position_id = p.id
      left join (select a.position_id, count(*) as applications from applications a where ${applied} group by a.position_id) pa
        on pa.position_id = p.id
      where ${positionsInScope(who, 'insights.read', sql`p.id`)}
        and ${positionId ? sql`p.id = ${positionId}` : sql`(p.is_active or pv.views > 0 or pa.applications > 0)`}
      order by applications desc, views desc, p.title, p.id`),
      db.execute<{ source: string; applications: number }>(sql`
      select a.source, count(*)::int as applications from applications a where ${applied} ${ofPosition}
      group by a.source order by applications desc, a.source`),
      db.execute<{ answer: string | null; applications: number }>(sql`
      select a.heard_about as answer, count(*)::int as applications from applications a where ${applied} ${ofPosition}
      group by a.heard_about order by a.heard_about is null, applications desc, a.heard_about`),
      // The furthest stage each application reached (rejection is not a stage: it is counted apart),
      // and from its created_at (its pending row is only a back-filled copy for older applications)
      // to the first time it reached each status (moved back and forth, it counts once): one pass
      // over the period's applications in application_milestones, the history unread (decision 065).
      db.execute<
        { applied: number; rejected: number } & Record<FunnelStage, number> &
          Record<`${TimedStatus}_n`, number> &
          Record<`${TimedStatus}_median`, number | null>
      >(sql`
      select count(*)::int as applied,
        count(coalesce(a.reviewing_at, a.interview_at, a.offer_at, a.hired_at))::int as reviewing,
        count(coalesce(a.interview_at, a.offer_at, a.hired_at))::int as interview,
        count(coalesce(a.offer_at, a.hired_at))::int as offer,
        count(a.hired_at)::int as hired,
        count(a.rejected_at)::int as rejected,
        ${sql.join(
          timedStatuses.map(
            (status) => sql`count(${sql.identifier(`${status}_at`)})::int as ${sql.identifier(`${status}_n`)},
        (extract(epoch from percentile_cont(0.5) within group (order by ${sql.identifier(`${status}_at`)} - a.created_at)) / 86400)::float8
          as ${sql.identifier(`${status}_median`)}`,
          ),
          sql`, `,
        )}
      from application_milestones a
      where ${applied} ${ofPosition}`),
      // From a booked interview's end to each interviewer's scorecard for it (for its stage, when it
      // has one): the median per interviewer, over the interviews they scored.
      db.execute<{ interviewer: string; n: number; median: number }>(sql`
      select u.name as interviewer, count(*)::int as n, percentile_cont(0.5) within group (order by hours) as median
      from (
        select h.user_id, greatest(0, extract(epoch from min(s.submitted_at) - b.ends_at) / 3600)::float8 as hours
        from bookings b
        join booking_hosts h on h.booking_id = b.id
        join applications a on a.id = b.application_id
        left join interview_requests r on r.booking_id = b.id
        join scorecards s on s.application_id = b.application_id and s.author_user_id = h.user_id and s.status = 'submitted'
          and s.submitted_at >= b.starts_at and (r.stage_id is null or s.stage_id = r.stage_id)
        where b.kind = 'interview' and b.status = 'confirmed' and ${ended} ${ofPosition}
        group by b.id, b.ends_at, h.user_id
      ) scored
      join users u on u.id = scored.user_id
      group by u.id, u.name
      order by median, u.name`),
      // The applications rejected within the period and still rejected (an undone rejection is not
      // counted), by their latest rejection's reason and the status they were rejected from. From the
      // period's rejections (not every rejected application's latest: 64 ms at 12,000 of them, 2 ms so).
      db.execute<{ position: string; reason: string; from_status: ApplicationStatus; n: number }>(sql`
      select p.title as position, latest.reason_label as reason, latest.from_status, count(*)::int as n
      from application_rejections latest
      join applications a on a.id = latest.application_id
      join positions p on p.id = a.position_id
      where a.status = 'rejected' and ${rejectedIn} ${ofPosition}
        and not exists (
          select 1 from application_rejections later
          where later.application_id = latest.application_id and (later.created_at, later.id) > (latest.created_at, latest.id))
      group by p.id, p.title, latest.reason_label, latest.from_status
      order by n desc, p.title, latest.reason_label, latest.from_status`),
      readsOffers
        ? db.execute<OfferCountRow>(sql`select p.title as position, d.name as department, ${offerCounts} ${offersFrom}
          group by p.id, p.title, d.name order by sent desc, p.title, p.id`)
        : noRows,
      readsOffers
        ? db.execute<OfferCountRow>(sql`select null as position, d.name as department, ${offerCounts} ${offersFrom}
          group by d.name order by sent desc, d.name nulls last`)
        : noRows,
      readsOffers
        ? db.execute<{ position: string; department: string | null; reason: string; declined_on: string }>(sql`
          select p.title as position, d.name as department, o.decline_reason as reason,
            to_char(o.answered_at at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM-DD') as declined_on
          ${offersFrom} and o.status = 'declined' and o.decline_reason is not null
          order by o.answered_at desc limit 100`)
        : noRows,
    ]);
  const offerRow = (row: OfferCountRow): OfferInsightRow => ({
    position: row.position,
    department: row.department ?? NO_DEPARTMENT,
    sent: row.sent,
    accepted: row.accepted,
    declined: row.declined,
    closed: row.closed,
    open: row.open,
    medianDaysToAnswer: row.median_days === null ? null : oneDecimal(row.median_days),
    acceptance: percentOf(row.accepted, row.accepted + row.declined),
  });

  const positions = positionRows.rows.map((row) => ({
    id: row.id,
    title: row.title,
    isActive: row.is_active,
    views: row.views,
    applications: row.applications,
    conversion: percentOf(row.applications, row.views),
  }));
  // Every position with views or applications is a row, so the rows add up to the whole.
  const positionViews = positions.reduce((total, row) => total + row.views, 0);
  const applications = positions.reduce((total, row) => total + row.applications, 0);
  const reached = milestones.rows[0]!;
  return {
    period: { days: periodDays, from, to: today },
    positionId,
    summary: {
      // The job board's own views are everyone's: shown to those who see every position.
      boardViews: positionId || !canAll(who, 'insights.read') ? null : board.rows[0]!.views,
      positionViews,
      applications,
      conversion: percentOf(applications, positionViews),
    },
    positions,
    sources: sources.rows,
    heardAbout: heardAbout.rows,
    funnel: {
      applied: reached.applied,
      reviewing: reached.reviewing,
      interview: reached.interview,
      offer: reached.offer,
      hired: reached.hired,
      rejected: reached.rejected,
    },
    timeToStage: timedStatuses.map((status) => {
      const median = reached[`${status}_median`];
      return { status, n: reached[`${status}_n`], medianDays: median === null ? null : oneDecimal(median) };
    }),
    scorecardTime: scorecardTime.rows.map((row) => ({ interviewer: row.interviewer, n: row.n, medianHours: oneDecimal(row.median) })),
    rejections: rejections.rows.map((row) => ({ position: row.position, reason: row.reason, stage: row.from_status, n: row.n })),
    offers: readsOffers
      ? {
          byPosition: offerPositions.rows.map(offerRow),
          byDepartment: offerDepartments.rows.map(offerRow),
          declines: offerDeclines.rows.map((row) => ({
            position: row.position,
            department: row.department ?? NO_DEPARTMENT,
            reason: row.reason,
            declinedOn: row.declined_on,
          })),
        }
      : null,
  };
}

/** Every position the person may report on, open or closed, for the report's position choice. */
export async function listReportPositions(db: Database, who: Who) {
  const { rows } = await db.execute<{ id: string; title: string; is_active: boolean }>(
    sql`select id, title, is_active from positions where ${positionsInScope(who, 'insights.read', sql`id`)} order by is_active desc, title, id`,
  );
  return rows.map((row) => ({ id: row.id, title: row.title, isActive: row.is_active }));
}

/**
 * The report a request asks for: its period and position read from the URL, the position checked
 * against the positions that exist and the person may see (another one is all of theirs), and the
 * choices of the form.
 */
export async function readInsightsRequest(db: Database, params: URLSearchParams, who: Who) {
  const positions = await listReportPositions(db, who);
  const parsed = parseInsightsQuery(params);
  const position = positions.find((candidate) => candidate.id === parsed.positionId) ?? null;
  return { query: { ...parsed, positionId: position?.id ?? null } satisfies InsightsQuery, position, positions };
}
