import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, applicationStatusHistory, pageViews } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, everyone } from '../testing/fixtures';
import type { ApplicationStatus } from '@/lib/applications/status';
import { insightsCsv, insightsFileName, isInsightReport } from './report-csv';
import { percentOf } from '@/lib/insights/report';
import { addDays } from '../../lib/format';
import { insightsRedirect, loadInsights, parseInsightsQuery, readInsightsRequest } from './report';

/*
 * Every number of the reports on a data set small enough to count by hand. "Today" is Friday
 * 2026-11-20 in Chicago (CST, UTC-6, since Sunday November 1); the 30 days are October 22 (CDT,
 * UTC-5) to November 20, both counted; the 90 days start on August 23.
 */

let database: TestDatabase;
const today = '2026-11-20';
const ids = {} as Record<'cloud' | 'data' | 'old' | 'quiet' | 'closedQuiet', string>;

const DAY = 86_400_000;
const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY);

beforeAll(async () => {
  database = await startTestDatabase();
  const { db } = database;
  ids.cloud = await addPosition(db, { title: 'Cloud Engineer' });
  ids.data = await addPosition(db, { title: 'Data Engineer' });
  ids.old = await addPosition(db, { title: 'Old Role', isActive: false });
  ids.quiet = await addPosition(db, { title: 'Quiet Role' });
  ids.closedQuiet = await addPosition(db, { title: 'Closed Quiet Role', isActive: false });

  await db.insert(pageViews).values([
    // The job board: 150 in the 30 days; October 21 only in the 90; November 21 is tomorrow.
    { positionId: null, day: '2026-11-20', views: 100 },
    { positionId: null, day: '2026-10-22', views: 50 },
    { positionId: null, day: '2026-10-21', views: 1000 },
    { positionId: null, day: '2026-11-21', views: 7 },
    // Cloud Engineer: 60 in the 30 days, 500 more in the 90.
    { positionId: ids.cloud, day: '2026-11-10', views: 40 },
    { positionId: ids.cloud, day: '2026-11-01', views: 20 },
    { positionId: ids.cloud, day: '2026-09-01', views: 500 },
    { positionId: ids.cloud, day: '2026-11-21', views: 9 },
    // Data Engineer: 30; Old Role: 10, only in the 90 days; Quiet Role: none.
    { positionId: ids.data, day: '2026-11-15', views: 30 },
    { positionId: ids.old, day: '2026-09-10', views: 10 },
  ]);

  /** An application sent at `createdAt`, with its pending row (as a submit writes) and the statuses it reached `days` later. */
  const apply = async (
    name: string,
    positionId: string,
    createdAt: Date,
    values: { source: string; heardAbout?: string | null },
    reached: ReadonlyArray<readonly [ApplicationStatus, number]> = [],
  ) => {
    const id = await addApplication(database.db, positionId, {
      fullName: `${name} Applicant`,
      email: `${name}@insights.test`,
      createdAt,
      source: values.source,
      heardAbout: values.heardAbout ?? null,
      status: reached.at(-1)?.[0] ?? 'pending',
    });
    await database.db
      .insert(applicationStatusHistory)
      .values([
        { applicationId: id, status: 'pending', reachedAt: createdAt },
        ...reached.map(([status, days]) => ({ applicationId: id, status, reachedAt: later(createdAt, days) })),
      ]);
  };

  const injection = '=HYPERLINK("x")';
  // Cloud Engineer, in the 30 days: a1, a2, a3, a4, a7.
  await apply('a1', ids.cloud, new Date('2026-11-02T15:00:00Z'), { source: 'linkedin.com', heardAbout: 'LinkedIn' }, [
    ['reviewing', 1],
    ['interview', 3],
    ['offer', 6],
    ['hired', 10],
  ]);
  await apply('a2', ids.cloud, new Date('2026-11-05T15:00:00Z'), { source: 'linkedin.com' }, [
    ['reviewing', 2],
    ['rejected', 4],
  ]);
  // Back and forth: each status counts from its first arrival (reviewing 3, interview 5).
  await apply('a3', ids.cloud, new Date('2026-11-10T15:00:00Z'), { source: 'newsletter', heardAbout: 'LinkedIn' }, [
    ['reviewing', 3],
    ['interview', 5],
    ['reviewing', 6],
    ['interview', 8],
  ]);
  // 23:30 on November 20 in Chicago: today. a5 at 00:30 on the 21st is tomorrow there.
  await apply('a4', ids.cloud, new Date('2026-11-21T05:30:00Z'), { source: injection, heardAbout: 'Friend or colleague' });
  await apply('a5', ids.cloud, new Date('2026-11-21T06:30:00Z'), { source: 'tomorrow' }, [['reviewing', 0.1]]);
  // 23:30 on October 21 in Chicago (CDT): a day before the 30 days; a7 at 00:30 on the 22nd is their first day.
  await apply('a6', ids.cloud, new Date('2026-10-22T04:30:00Z'), { source: 'direct' }, [['reviewing', 1]]);
  await apply('a7', ids.cloud, new Date('2026-10-22T05:30:00Z'), { source: 'newsletter' }, [
    ['reviewing', 4],
    ['interview', 8],
  ]);
  // Data Engineer: b1, b2 (rejected at once, after a day and a half).
  await apply('b1', ids.data, new Date('2026-11-15T18:00:00Z'), { source: 'linkedin.com', heardAbout: 'Job board' }, [
    ['reviewing', 5],
    ['interview', 7],
  ]);
  await apply('b2', ids.data, new Date('2026-11-16T18:00:00Z'), { source: 'linkedin.com' }, [['rejected', 1.5]]);
  // Old Role (inactive): one application, in the 90 days only.
  await apply('c1', ids.old, new Date('2026-09-15T18:00:00Z'), { source: 'direct' });
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe('when each application first reached each stage (application_milestones)', () => {
  /** The milestones as migration 0036 computes them from the history: what the triggers must keep. */
  const fromHistory = sql`
    select a.id, a.position_id, a.created_at,
      min(h.reached_at) filter (where h.status = 'reviewing') as reviewing_at,
      min(h.reached_at) filter (where h.status = 'interview') as interview_at,
      min(h.reached_at) filter (where h.status = 'offer') as offer_at,
      min(h.reached_at) filter (where h.status = 'hired') as hired_at,
      min(h.reached_at) filter (where h.status = 'rejected') as rejected_at
    from applications a left join application_status_history h on h.application_id = a.id
    group by a.id order by a.id`;
  const kept = sql`
    select application_id as id, position_id, created_at, reviewing_at, interview_at, offer_at, hired_at, rejected_at
    from application_milestones order by application_id`;

  it('are kept by the triggers as the history says, an earlier time written late and a move to another position included', async () => {
    const { db } = database;
    const id = await addApplication(db, ids.quiet, {
      fullName: 'Milo Milestone',
      email: 'milo@insights.test',
      createdAt: new Date('2026-11-01T12:00:00Z'),
    });
    await db
      .insert(applicationStatusHistory)
      .values({ applicationId: id, status: 'interview', reachedAt: new Date('2026-11-05T12:00:00Z') });
    // A restore or an import writes an older time afterwards: the first time is the earliest.
    await db
      .insert(applicationStatusHistory)
      .values({ applicationId: id, status: 'interview', reachedAt: new Date('2026-11-03T12:00:00Z') });
    await db
      .insert(applicationStatusHistory)
      .values({ applicationId: id, status: 'withdrawn', reachedAt: new Date('2026-11-06T12:00:00Z') });
    await db.update(applications).set({ positionId: ids.data }).where(eq(applications.id, id));
    const [row] = (
      await db.execute<{ position_id: string; interview_at: Date; reviewing_at: Date | null }>(
        sql`select position_id, interview_at, reviewing_at from application_milestones where application_id = ${id}`,
      )
    ).rows;
    expect(row).toMatchObject({ position_id: ids.data, reviewing_at: null });
    expect(new Date(row!.interview_at).toISOString()).toBe('2026-11-03T12:00:00.000Z');
    // Every application of the reports: the same as computed from the whole history.
    expect((await db.execute(kept)).rows).toEqual((await db.execute(fromHistory)).rows);
    await db.delete(applications).where(eq(applications.id, id));
    const gone = await db.execute(sql`select 1 from application_milestones where application_id = ${id}`);
    expect(gone.rows).toEqual([]);
  });
});

describe('the query in the URL', () => {
  it('reads the period (30, 90 or 365 days) and a position id; anything else is 30 days, all positions', () => {
    const id = '0b0e2a6c-5f3c-4b38-9a4e-2f1d3c4b5a69';
    expect(parseInsightsQuery(new URLSearchParams(`period=90&position=${id.toUpperCase()}`))).toEqual({ periodDays: 90, positionId: id });
    expect(parseInsightsQuery(new URLSearchParams('period=365'))).toEqual({ periodDays: 365, positionId: null });
    expect(parseInsightsQuery(new URLSearchParams(''))).toEqual({ periodDays: 30, positionId: null });
    for (const bad of ['period=7', 'period=abc', 'period=90days', 'period=', 'period=-30', 'position=nope', 'position=', `position=${id}x`])
      expect(parseInsightsQuery(new URLSearchParams(bad)), bad).toEqual({ periodDays: 30, positionId: null });
  });

  it('gives each view one address: period first, then the position; none for the defaults without a query', () => {
    const id = '0b0e2a6c-5f3c-4b38-9a4e-2f1d3c4b5a69';
    const redirect = (search: string) => {
      const url = new URL(`https://www.helixpoint.test/admin/insights${search}`);
      return insightsRedirect(url, parseInsightsQuery(url.searchParams));
    };
    expect(redirect('')).toBeNull();
    expect(redirect('?period=30')).toBeNull();
    expect(redirect(`?period=90&position=${id}`)).toBeNull();
    expect(redirect(`?position=${id}&period=90`)).toBe(`/admin/insights?period=90&position=${id}`);
    expect(redirect('?period=90&position=')).toBe('/admin/insights?period=90');
    expect(redirect('?period=7&utm_source=x')).toBe('/admin/insights?period=30');
  });

  it('falls back to all positions for an id that is no position, and lists every position, inactive too', async () => {
    const unknown = await readInsightsRequest(
      database.db,
      new URLSearchParams('period=90&position=0b0e2a6c-5f3c-4b38-9a4e-2f1d3c4b5a69'),
      everyone,
    );
    expect(unknown.query).toEqual({ periodDays: 90, positionId: null });
    expect(unknown.position).toBeNull();
    expect(unknown.positions.map((position) => `${position.title}${position.isActive ? '' : ' (inactive)'}`)).toEqual([
      'Cloud Engineer',
      'Data Engineer',
      'Quiet Role',
      'Closed Quiet Role (inactive)',
      'Old Role (inactive)',
    ]);
    const known = await readInsightsRequest(database.db, new URLSearchParams(`position=${ids.old}`), everyone);
    expect(known.query).toEqual({ periodDays: 30, positionId: ids.old });
    expect(known.position?.title).toBe('Old Role');
  });

  it('counts days on the calendar and percentages to one decimal', () => {
    expect(addDays('2026-11-20', -29)).toBe('2026-10-22');
    expect(addDays('2026-11-20', -89)).toBe('2026-08-23');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(percentOf(7, 90)).toBe(7.8);
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(3, 0)).toBeNull();
  });
});

describe('the last 30 days, every position', () => {
  it('counts views, applications and conversion; the job board apart, tomorrow and before the period left out', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: null, today, who: everyone });
    expect(report.period).toEqual({ days: 30, from: '2026-10-22', to: '2026-11-20' });
    // Board 100 + 50; positions 60 + 30; applications a1 a2 a3 a4 a7 b1 b2; 7 / 90 = 7.78 %.
    expect(report.summary).toEqual({ boardViews: 150, positionViews: 90, applications: 7, conversion: 7.8 });
    // Active positions, and others with activity: Old Role has none in these 30 days.
    expect(report.positions).toEqual([
      { id: ids.cloud, title: 'Cloud Engineer', isActive: true, views: 60, applications: 5, conversion: 8.3 },
      { id: ids.data, title: 'Data Engineer', isActive: true, views: 30, applications: 2, conversion: 6.7 },
      { id: ids.quiet, title: 'Quiet Role', isActive: true, views: 0, applications: 0, conversion: null },
    ]);
  });

  it('counts applications per source and per answer to "How did you hear about us?", most first, unanswered last', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: null, today, who: everyone });
    expect(report.sources).toEqual([
      { source: 'linkedin.com', applications: 4 },
      { source: 'newsletter', applications: 2 },
      { source: '=HYPERLINK("x")', applications: 1 },
    ]);
    expect(report.heardAbout).toEqual([
      { answer: 'LinkedIn', applications: 2 },
      { answer: 'Friend or colleague', applications: 1 },
      { answer: 'Job board', applications: 1 },
      { answer: null, applications: 3 },
    ]);
  });

  it('counts how many reached each stage or one after it, rejections apart', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: null, today, who: everyone });
    // Furthest: a1 hired, a2 reviewing, a3 interview, a4 none, a7 interview, b1 interview, b2 none;
    // rejected: a2, b2.
    expect(report.funnel).toEqual({ applied: 7, reviewing: 5, interview: 4, offer: 1, hired: 1, rejected: 2 });
  });

  it('takes the median days from the application to the first arrival at each status', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: null, today, who: everyone });
    expect(report.timeToStage).toEqual([
      // 1, 2, 3, 4, 5
      { status: 'reviewing', n: 5, medianDays: 3 },
      // 3, 5, 7, 8: an even n, the mean of the middle two
      { status: 'interview', n: 4, medianDays: 6 },
      { status: 'offer', n: 1, medianDays: 6 },
      { status: 'hired', n: 1, medianDays: 10 },
      // 1.5 and 4: 2.75, one decimal
      { status: 'rejected', n: 2, medianDays: 2.8 },
    ]);
  });
});

describe('one position', () => {
  it('narrows every report to it, without the job board', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: ids.cloud, today, who: everyone });
    expect(report.summary).toEqual({ boardViews: null, positionViews: 60, applications: 5, conversion: 8.3 });
    expect(report.positions.map((row) => row.title)).toEqual(['Cloud Engineer']);
    expect(report.sources).toEqual([
      { source: 'linkedin.com', applications: 2 },
      { source: 'newsletter', applications: 2 },
      { source: '=HYPERLINK("x")', applications: 1 },
    ]);
    expect(report.heardAbout).toEqual([
      { answer: 'LinkedIn', applications: 2 },
      { answer: 'Friend or colleague', applications: 1 },
      { answer: null, applications: 2 },
    ]);
    expect(report.funnel).toEqual({ applied: 5, reviewing: 4, interview: 3, offer: 1, hired: 1, rejected: 1 });
    expect(report.timeToStage).toEqual([
      { status: 'reviewing', n: 4, medianDays: 2.5 },
      { status: 'interview', n: 3, medianDays: 5 },
      { status: 'offer', n: 1, medianDays: 6 },
      { status: 'hired', n: 1, medianDays: 10 },
      { status: 'rejected', n: 1, medianDays: 4 },
    ]);
  });

  it('shows an inactive position with nothing in the period as zeros, not as nothing', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: ids.old, today, who: everyone });
    expect(report.summary).toEqual({ boardViews: null, positionViews: 0, applications: 0, conversion: null });
    expect(report.positions).toEqual([{ id: ids.old, title: 'Old Role', isActive: false, views: 0, applications: 0, conversion: null }]);
    expect(report.sources).toEqual([]);
    expect(report.heardAbout).toEqual([]);
    expect(report.funnel).toEqual({ applied: 0, reviewing: 0, interview: 0, offer: 0, hired: 0, rejected: 0 });
    expect(report.timeToStage.every((row) => row.n === 0 && row.medianDays === null)).toBe(true);
  });
});

describe('the last 90 days', () => {
  it('takes in August 23 to November 20: the inactive position with activity joins the table', async () => {
    const report = await loadInsights(database.db, { periodDays: 90, positionId: null, today, who: everyone });
    expect(report.period).toEqual({ days: 90, from: '2026-08-23', to: '2026-11-20' });
    // Board 150 + 1000; positions 560 + 30 + 10; applications 7 + a6 + c1; 9 / 600 = 1.5 %.
    expect(report.summary).toEqual({ boardViews: 1150, positionViews: 600, applications: 9, conversion: 1.5 });
    expect(report.positions.map((row) => [row.title, row.views, row.applications, row.conversion])).toEqual([
      ['Cloud Engineer', 560, 6, 1.1],
      ['Data Engineer', 30, 2, 6.7],
      ['Old Role', 10, 1, 10],
      ['Quiet Role', 0, 0, null],
    ]);
    expect(report.sources).toEqual([
      { source: 'linkedin.com', applications: 4 },
      { source: 'direct', applications: 2 },
      { source: 'newsletter', applications: 2 },
      { source: '=HYPERLINK("x")', applications: 1 },
    ]);
    // a6 reached reviewing after a day: reviewing 1, 1, 2, 3, 4, 5.
    expect(report.funnel).toEqual({ applied: 9, reviewing: 6, interview: 4, offer: 1, hired: 1, rejected: 2 });
    expect(report.timeToStage[0]).toEqual({ status: 'reviewing', n: 6, medianDays: 2.5 });
  });
});

describe('the CSV files', () => {
  it('hold the numbers of each report, formula-like cells defused', async () => {
    const report = await loadInsights(database.db, { periodDays: 30, positionId: null, today, who: everyone });
    expect(insightsCsv('summary', report, null)).toBe(
      'Measure,Value\r\nFrom,2026-10-22\r\nTo,2026-11-20\r\nPosition,All positions\r\nJob board views,150\r\n' +
        'Position page views,90\r\nApplications,7\r\nConversion (%),7.8\r\n',
    );
    expect(insightsCsv('positions', report, null)).toBe(
      'Position,Active,Page views,Applications,Conversion (%)\r\nCloud Engineer,yes,60,5,8.3\r\nData Engineer,yes,30,2,6.7\r\n' +
        'Quiet Role,yes,0,0,\r\n',
    );
    expect(insightsCsv('sources', report, null)).toBe(
      `Source,Applications\r\nlinkedin.com,4\r\nnewsletter,2\r\n"'=HYPERLINK(""x"")",1\r\n`,
    );
    expect(insightsCsv('heard-about', report, null)).toBe(
      'Heard about us,Applications\r\nLinkedIn,2\r\nFriend or colleague,1\r\nJob board,1\r\nNot answered,3\r\n',
    );
    expect(insightsCsv('funnel', report, null)).toBe(
      'Stage,Applications,Share of applied (%)\r\nApplied,7,100\r\nReviewing,5,71.4\r\nInterview,4,57.1\r\nOffer,1,14.3\r\n' +
        'Hired,1,14.3\r\nRejected,2,28.6\r\n',
    );
    expect(insightsCsv('time-to-stage', report, null)).toBe(
      'Status,Median days,Applications (n)\r\nReviewing,3,5\r\nInterview,6,4\r\nOffer,6,1\r\nHired,10,1\r\nRejected,2.8,2\r\n',
    );
    const one = await loadInsights(database.db, { periodDays: 30, positionId: ids.cloud, today, who: everyone });
    expect(insightsCsv('summary', one, 'Cloud Engineer')).toBe(
      'Measure,Value\r\nFrom,2026-10-22\r\nTo,2026-11-20\r\nPosition,Cloud Engineer\r\nPosition page views,60\r\nApplications,5\r\n' +
        'Conversion (%),8.3\r\n',
    );
    expect(insightsFileName('time-to-stage', one, 'Cloud Engineer (AWS)')).toBe(
      'insights-time-to-stage-cloud-engineer-aws-30-days-2026-11-20.csv',
    );
    expect(insightsFileName('sources', report, null)).toBe('insights-sources-30-days-2026-11-20.csv');
  });

  it('names only the six reports', () => {
    expect(['summary', 'positions', 'sources', 'heard-about', 'funnel', 'time-to-stage'].every(isInsightReport)).toBe(true);
    expect(isInsightReport('users')).toBe(false);
    expect(isInsightReport(undefined)).toBe(false);
  });
});
