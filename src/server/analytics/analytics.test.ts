import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsHits, analyticsSalts, domainEvents } from '../db/schema';
import { recordEvent, type StoredEvent } from '../events/record';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { runInVisit } from '../visit-context';
import { BEACON_PATH } from '../../lib/analytics/beacon';
import { companyDay } from '../../lib/format';
import { withViewBeacon } from './beacon-route';
import { countPageViews, createHitCollector, KnownPages, sourceOfView, type HitCollector } from './collect';
import { recordGoal } from './goals';
import { requestVisitor } from './visitor';
import { agentOf } from '../insights/views';
import { loadAnalytics } from './report';
import { rollUpAnalytics, rollUpDay } from './rollup';
import { analyticsModule } from './module';
import { getMetrics } from '../metrics';
import type { Runtime } from '../runtime';

/*
 * Issue 57's analytics on a real PostgreSQL and a real HTTP server: views counted after answers,
 * one visit with its goal and path, bots and visitors who refuse tracking left out, the beacon of
 * pages a cache served, and a visitor's hash that changes every day with no address kept.
 */

const SITE_HOST = 'www.helixpoint.test';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let database: TestDatabase;
let collector: HitCollector;
let server: Server;
let base: string;

/** A site whose every path is a page built ahead (route "static"), answered 200, counted as the real server counts. */
beforeAll(async () => {
  database = await startTestDatabase();
  collector = createHitCollector({ db: database.db, siteHost: SITE_HOST, intervalMs: 60_000 });
  const known = new KnownPages();
  const count = countPageViews(collector, { siteHost: SITE_HOST, trustProxy: true }, known);
  const handler = withViewBeacon(
    (_req, res) => {
      res.writeHead(404).end();
    },
    collector,
    { siteHost: SITE_HOST, trustProxy: true },
    known,
  );
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'POST') return void handler(req, res, () => {});
    res.once('finish', () => count(req, { route: 'static', path, status: res.statusCode }));
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>page</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await collector?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await database?.destroy();
}, 60_000);

beforeEach(async () => {
  await database.db.delete(analyticsHits);
  await database.db.delete(analyticsDaily);
});

function visit(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: { 'User-Agent': BROWSER, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A goal made by a request of this visitor, as the site makes it: the event recorded, then read by the goals' reader. */
async function goal(kind: 'contact.received' | 'application.received', headers: Record<string, string>) {
  const visitor = requestVisitor(database.db, {
    ip: headers['X-Forwarded-For']!,
    headers: new Headers({ 'user-agent': BROWSER, ...headers }),
    siteHost: SITE_HOST,
  });
  const id = await runInVisit({ visitor }, () =>
    database.db.transaction((tx) =>
      recordEvent(
        tx,
        kind === 'contact.received' ? { kind, data: { reason: 'project' } } : { kind, data: { candidateName: 'A', positionTitle: 'B' } },
      ),
    ),
  );
  const [event] = await database.db.select().from(domainEvents).where(eq(domainEvents.id, id));
  expect(await recordGoal(database.db, event as StoredEvent)).toBe(true);
  // Handed twice (the dispatcher's readers are at-least-once): still one goal.
  expect(await recordGoal(database.db, event as StoredEvent)).toBe(false);
}

const today = () => companyDay(new Date());
async function daily(dimension: string) {
  const rows = await database.db.select().from(analyticsDaily).where(eq(analyticsDaily.dimension, dimension));
  return Object.fromEntries(rows.map((row) => [row.key, { visitors: row.visitors, visits: row.visits, views: row.views }]));
}

describe('a visit and its goal', () => {
  it('counts home → a solution page → contact → sent as one visitor, one visit, with its source, goal and path', async () => {
    const person = { 'X-Forwarded-For': '203.0.113.7' };
    expect(
      await visit('/?utm_source=newsletter&utm_medium=email&utm_campaign=november', { ...person, Referer: 'https://mail.example/' }),
    ).toBe(200);
    await visit('/solutions/cloud', { ...person, Referer: `https://${SITE_HOST}/` });
    await visit('/contact/', { ...person, Referer: `https://${SITE_HOST}/solutions/cloud` });
    // Someone else, on a phone, from a search engine.
    await visit('/about', { 'X-Forwarded-For': '198.51.100.2', 'User-Agent': PHONE, Referer: 'https://www.google.com/' });
    expect(await collector.flush()).toBe(4);
    await goal('contact.received', person);

    await rollUpDay(database, today());
    expect((await daily('total'))['']).toEqual({ visitors: 2, visits: 2, views: 4 });
    expect(await daily('page')).toMatchObject({
      '/': { views: 1 },
      '/solutions/cloud': { views: 1 },
      '/contact': { views: 1 },
      '/about': { views: 1 },
    });
    expect(await daily('source')).toMatchObject({ newsletter: { visits: 1, views: 3 }, 'google.com': { visits: 1, views: 1 } });
    expect(await daily('campaign')).toMatchObject({ 'newsletter / email / november': { visits: 1 } });
    expect(await daily('device')).toMatchObject({ desktop: { visitors: 1 }, mobile: { visitors: 1 } });
    expect(await daily('goal')).toEqual({ contact: { visitors: 1, visits: 1, views: 0 } });
    expect(Object.keys(await daily('goal_path'))).toEqual(['contact\t/ → /solutions/cloud → /contact']);
    expect(Object.keys(await daily('goal_source'))).toEqual(['contact\tnewsletter']);
    expect(Object.keys(await daily('goal_entry'))).toEqual(['contact\t/']);

    const report = await loadAnalytics(database.db, { days: 7, today: today() });
    expect(report.totals).toEqual({ visitors: 2, visits: 2, views: 4, conversions: 1 });
    expect(report.goals.find((row) => row.goal === 'contact')).toMatchObject({ conversions: 1, rate: 50 });
    expect(report.now).toBe(2);
  });

  it('follows a visit through the careers funnel: landing, careers, a position, an application', async () => {
    const person = { 'X-Forwarded-For': '203.0.113.8' };
    for (const path of ['/blog/kubernetes-costs', '/careers', '/careers/apply/0b6a1f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b'])
      await visit(path, person);
    await visit('/careers', { 'X-Forwarded-For': '203.0.113.9' });
    await collector.flush();
    await goal('application.received', person);
    await rollUpDay(database, today());
    expect(await daily('funnel')).toMatchObject({
      landing: { visits: 2 },
      careers: { visits: 2 },
      apply: { visits: 1 },
      submitted: { visits: 1 },
    });
  });
});

describe('a reload flood', () => {
  it('keeps 1,000 alike views of one visitor as one row counting 1,000, and the rollup counts them all', async () => {
    for (let n = 0; n < 1000; n += 1)
      collector.record({
        at: new Date(),
        ip: '203.0.113.50',
        userAgent: BROWSER,
        kind: 'view',
        name: '/',
        source: null,
        medium: null,
        campaign: null,
      });
    expect(await collector.flush()).toBe(1000);
    expect((await database.db.select().from(analyticsHits)).map((hit) => hit.count)).toEqual([1000]);
    await rollUpDay(database, today());
    expect((await daily('total'))['']).toEqual({ visitors: 1, visits: 1, views: 1000 });
  });
});

describe('bounds', () => {
  it('keeps views exact past the rows a write may hold, without the visitors past it', async () => {
    const small = createHitCollector({ db: database.db, siteHost: SITE_HOST, intervalMs: 60_000, maxPending: 3 });
    try {
      for (let n = 0; n < 20; n += 1)
        small.record({
          at: new Date(),
          ip: `198.51.100.${n}`,
          userAgent: BROWSER,
          kind: 'view',
          name: n < 10 ? '/' : `/made-up-${n}`,
          source: null,
          medium: null,
          campaign: null,
        });
      expect(await small.flush()).toBe(20);
      const rows = await database.db.select().from(analyticsHits);
      // Three visitors, then their pages without visitors, then past twice the bound "(other)".
      expect(rows.length).toBeLessThanOrEqual(7);
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(20);
    } finally {
      await small.stop();
    }
  });

  it('keeps one visitor in N past the visitors a write may hold, each standing for N, with every view counted', async () => {
    const sampled = createHitCollector({ db: database.db, siteHost: SITE_HOST, intervalMs: 60_000, visitorBudget: 10 });
    const view = { at: new Date(), userAgent: BROWSER, kind: 'view' as const, source: null, medium: null, campaign: null };
    try {
      for (let n = 0; n < 100; n += 1)
        for (const name of ['/', '/about'])
          sampled.record({
            at: new Date(),
            ip: `198.51.100.${n}`,
            userAgent: BROWSER,
            kind: 'view',
            name,
            source: null,
            medium: null,
            campaign: null,
          });
      expect(await sampled.flush()).toBe(200);
      const rows = await database.db.select().from(analyticsHits);
      // 100 visitors for a budget of 10: one in N kept (N a power of two, about 100/10), with both
      // their pages, each standing for N; the others' views counted by page.
      const kept = rows.filter((row) => row.weight > 0);
      const weights = new Set(kept.map((row) => row.weight));
      expect(weights.size).toBe(1);
      const [weight] = weights;
      expect([8, 16, 32]).toContain(weight);
      expect(kept.length % 2).toBe(0);
      expect(kept.length / 2).toBeGreaterThan(0);
      expect(kept.length / 2).toBeLessThanOrEqual(10);
      expect(
        rows
          .filter((row) => row.weight === 0)
          .map((row) => row.name)
          .sort(),
      ).toEqual(['/', '/about']);
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(200);
      await rollUpDay(database, today());
      const total = (await daily('total'))['']!;
      expect(total.views).toBe(200);
      expect(total.visitors).toBe((kept.length / 2) * weight!);
      expect(total.visits).toBe(total.visitors);

      // Once the flood is over, a few quiet writes and every visitor is kept again (N halves at each
      // write that kept under half the budget).
      for (let quiet = 0; quiet < 6; quiet += 1) await sampled.flush();
      await database.db.delete(analyticsHits);
      sampled.record({ ...view, ip: '198.51.102.1', name: '/' });
      await sampled.flush();
      expect((await database.db.select().from(analyticsHits)).map((row) => row.weight)).toEqual([1]);
    } finally {
      await sampled.stop();
    }
  });

  it('hashes the user agent as it is kept: two alike in their first 256 characters are one visitor, in one bucket', () => {
    const views: Parameters<HitCollector['view']>[] = [];
    const count = countPageViews({ view: (...args) => void views.push(args) }, { siteHost: SITE_HOST, trustProxy: true });
    const long = `${BROWSER} ${'x'.repeat(300)}`;
    for (const ending of ['1', '2'])
      count(
        {
          method: 'GET',
          url: '/',
          headers: { 'user-agent': long + ending, 'x-forwarded-for': '198.51.104.1' },
          socket: {},
        } as unknown as IncomingMessage,
        { route: 'static', path: '/', status: 200 },
      );
    count.drain();
    const [[, ip, userAgent, hash], [, otherIp, otherUserAgent, otherHash]] = views as [(typeof views)[0], (typeof views)[0]];
    expect([otherIp, otherUserAgent, otherHash]).toEqual([ip, userAgent, hash]);
    expect(userAgent).toHaveLength(256);
    // The sampling's hash is that of the kept characters (the collector's buckets then agree with its visitors).
    expect(hash).toBe(agentOf(userAgent).hash);
  });

  it('keeps at most 500 keys a dimension a day, the rest added up as "(other)"', async () => {
    for (let n = 0; n < 600; n += 1)
      collector.record({
        at: new Date(),
        ip: '203.0.113.60',
        userAgent: BROWSER,
        kind: 'view',
        name: `/made-up-${n}`,
        source: null,
        medium: null,
        campaign: null,
      });
    await collector.flush();
    await rollUpDay(database, today());
    const pages = await daily('page');
    expect(Object.keys(pages)).toHaveLength(501);
    expect(pages['(other)']!.views).toBe(100);
    expect(Object.values(pages).reduce((sum, row) => sum + row.views, 0)).toBe(600);
  });
});

describe('the queue of views the hook keeps', () => {
  const answer = { route: 'static', path: '/about', status: 200 };
  const person = (n: number) =>
    ({
      method: 'GET',
      url: '/about?utm_source=news',
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': `198.51.105.${n}`, host: SITE_HOST },
      socket: {},
    }) as unknown as IncomingMessage;

  it('counts the views answers leave within moments, together, each with its own time', async () => {
    const views: Parameters<HitCollector['view']>[] = [];
    let counted: () => void = () => {};
    const all = new Promise<void>((resolve) => (counted = resolve));
    const count = countPageViews(
      {
        view: (...args) => {
          views.push(args);
          if (views.length === 3) counted();
        },
      },
      { siteHost: SITE_HOST, trustProxy: true },
    );
    const before = Date.now();
    for (let n = 1; n <= 3; n += 1) count(person(n), answer);
    // Nothing is counted on the request's own path.
    expect(views).toHaveLength(0);
    await all;
    expect(views.map(([, ip]) => ip)).toEqual(['198.51.105.1', '198.51.105.2', '198.51.105.3']);
    for (const [at] of views) expect(at).toBeGreaterThanOrEqual(before);
    expect(views[2]![0]).toBeGreaterThanOrEqual(views[0]![0]);
    expect(views[0]![5]).toEqual({ source: 'news', medium: null, campaign: null });
  });

  it('holds 1,000 views at most: the next answer counts them at once', () => {
    const views: unknown[] = [];
    const count = countPageViews({ view: () => void views.push(1) }, { siteHost: SITE_HOST, trustProxy: true });
    for (let n = 0; n < 999; n += 1) count(person(n % 250), answer);
    expect(views).toHaveLength(0);
    count(person(1), answer);
    expect(views).toHaveLength(1_000);
    count.drain();
    expect(views).toHaveLength(1_000);
  });

  it('is taken in by a write, and by the beacon asking for a page answered a moment ago', async () => {
    const known = new KnownPages();
    const own = createHitCollector({ db: database.db, siteHost: SITE_HOST, intervalMs: 3_600_000 });
    try {
      const count = countPageViews(own, { siteHost: SITE_HOST, trustProxy: true }, known, { delayMs: 3_600_000 });
      count(person(7), { route: 'static', path: '/careers/jobs', status: 200 });
      expect(known.has('/careers/jobs')).toBe(true);
      count(person(8), answer);
      expect(await own.flush()).toBe(2);
      expect((await database.db.select().from(analyticsHits)).map((hit) => hit.name).sort()).toEqual(['/about', '/careers/jobs']);
    } finally {
      await own.stop();
    }
  });

  it('drops a view that cannot be counted without failing the answer or the others', () => {
    const views: string[] = [];
    const count = countPageViews(
      {
        view: (_at, ip) => {
          if (ip === '198.51.105.2') throw new Error('cannot count');
          views.push(ip);
        },
      },
      { siteHost: SITE_HOST, trustProxy: true },
    );
    for (let n = 1; n <= 3; n += 1) count(person(n), answer);
    expect(() => count.drain()).not.toThrow();
    expect(views).toEqual(['198.51.105.1', '198.51.105.3']);
    count.drain();
    expect(views).toHaveLength(2);
  });

  it('queues no asset, staff page or API call: none of their headers is read, nothing is held for them', () => {
    const drains: number[] = [];
    const count = countPageViews({ view: () => {} }, { siteHost: SITE_HOST, trustProxy: true }, new KnownPages(), {
      timed: (seconds) => void drains.push(seconds),
    });
    let reads = 0;
    const watched = person(4);
    const headers = watched.headers;
    Object.defineProperty(watched, 'headers', {
      get: () => {
        reads += 1;
        return headers;
      },
    });
    const others = [
      { route: 'static', path: '/_astro/app.B1x9.js' },
      { route: 'static', path: '/robots.txt' },
      { route: 'static', path: '/favicon.ico' },
      { route: 'static', path: '/fonts/inter.woff2' },
      { route: '/admin/applications', path: '/admin/applications' },
      { route: '/api/positions', path: '/api/positions' },
      { route: 'unmatched', path: '/no-such-page' },
    ];
    for (const other of others) count(watched, { ...other, status: 200 });
    expect(reads).toBe(0);
    count.drain();
    // A drain with nothing queued is not even timed.
    expect(drains).toHaveLength(0);
    count(watched, answer);
    expect(reads).toBeGreaterThan(0);
    count.drain();
    expect(drains).toHaveLength(1);
  });

  it('leaves out a bot, a refusal, a prefetch, a HEAD and an error, and still learns the page from the bot', () => {
    const views: unknown[] = [];
    const known = new KnownPages();
    const count = countPageViews({ view: () => void views.push(1) }, { siteHost: SITE_HOST, trustProxy: true }, known);
    const asked = (headers: Record<string, string>, method = 'GET') =>
      ({ method, url: '/team', headers: { 'x-forwarded-for': '198.51.105.9', ...headers }, socket: {} }) as unknown as IncomingMessage;
    const team = { route: 'static', path: '/team', status: 200 };
    count(asked({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }), team);
    count(asked({ 'user-agent': BROWSER, 'sec-gpc': '1' }), team);
    count(asked({ 'user-agent': BROWSER, dnt: '1' }), team);
    count(asked({ 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' }), team);
    count(asked({ 'user-agent': BROWSER }, 'HEAD'), team);
    count(asked({ 'user-agent': BROWSER }), { ...team, status: 500 });
    count(asked({}), team);
    count.drain();
    expect(views).toHaveLength(0);
    expect(known.has('/team')).toBe(true);
    count(asked({ 'user-agent': BROWSER }), team);
    count.drain();
    expect(views).toHaveLength(1);
  });
});

describe("counting's own time", () => {
  it('is published as helixpoint_analytics_counting_seconds_total, and grows with the views the module counts', async () => {
    const seconds = async () =>
      Number(/^helixpoint_analytics_counting_seconds_total (\S+)$/m.exec(await getMetrics().registry.metrics())?.[1] ?? Number.NaN);
    const runtime = {
      database,
      config: { siteUrl: `https://${SITE_HOST}`, trustProxy: true, analytics: true },
      logger: { info: () => {}, warn: () => {} },
    } as unknown as Runtime;
    const started = await analyticsModule.start!(runtime);
    try {
      const before = await seconds();
      expect(before).toBeGreaterThanOrEqual(0);
      const person = {
        method: 'GET',
        url: '/about',
        headers: { 'user-agent': BROWSER, 'x-forwarded-for': '192.0.2.40' },
      } as unknown as IncomingMessage;
      for (let view = 0; view < 2_000; view += 1) started.afterResponse!(person, { route: 'static', path: '/about', status: 200 });
      expect(await seconds()).toBeGreaterThan(before);
    } finally {
      await started.stop!();
    }
  });
});

describe('the source of a view', () => {
  it('tells a link within the site from another site whose name begins alike, without parsing the first', () => {
    const hosts = [SITE_HOST];
    expect(sourceOfView('', `https://${SITE_HOST}/about`, hosts).source).toBeNull();
    expect(sourceOfView('', `http://${SITE_HOST}`, hosts).source).toBeNull();
    expect(sourceOfView('', `https://${SITE_HOST}.evil.example/`, hosts).source).toBe('helixpoint.test.evil.example');
    expect(sourceOfView('', 'https://news.example/story', hosts).source).toBe('news.example');
    expect(sourceOfView('utm_source=newsletter&utm_medium=email', `https://${SITE_HOST}/`, hosts)).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: null,
    });
  });
});

describe('who is not counted', () => {
  it('leaves out bots, Do Not Track, Global Privacy Control, prefetches and pages that are not public', async () => {
    await visit('/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit('/', { DNT: '1' });
    await visit('/', { 'Sec-GPC': '1' });
    await visit('/', { 'Sec-Purpose': 'prefetch' });
    await visit('/admin/applications', {});
    await visit('/_astro/app.js', {});
    await visit('/bookings/secret-token', {});
    expect(await collector.flush()).toBe(0);
    await visit('/', {});
    expect(await collector.flush()).toBe(1);
  });

  it('counts a goal of a visitor who refuses tracking, with no visit behind it', async () => {
    await goal('contact.received', { 'X-Forwarded-For': '203.0.113.10', 'Sec-GPC': '1' });
    const [hit] = await database.db.select().from(analyticsHits);
    expect(hit!.visitor).toMatch(/^event:\d+$/);
    await rollUpDay(database, today());
    expect(Object.keys(await daily('goal_source'))).toEqual(['contact\t(not tracked)']);
  });
});

describe('the beacon of a page a cache served', () => {
  it('counts the page and its source, and nothing for a bot, a refusal, a private or made-up path or a body too large', async () => {
    // The page was answered by the server once (by a bot: not counted, but the page is known).
    await visit('/services/cloud', { 'User-Agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' });
    const beacon = (body: string, headers: Record<string, string> = {}) =>
      visit(BEACON_PATH, { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': '203.0.113.11', ...headers }, 'POST', body);
    expect(await beacon(JSON.stringify({ p: '/services/cloud?ref=partner.example', r: '' }))).toBe(204);
    expect(await beacon(JSON.stringify({ p: '/', r: 'https://news.example/' }), { 'Sec-GPC': '1' })).toBe(204);
    expect(await beacon(JSON.stringify({ p: '/', r: '' }), { 'User-Agent': 'curl/8.5.0' })).toBe(204);
    expect(await beacon(JSON.stringify({ p: '/admin', r: '' }))).toBe(204);
    expect(await beacon(JSON.stringify({ p: '/made-up-page-0001', r: '' }))).toBe(204);
    expect(await beacon(JSON.stringify({ p: '/', r: 'x'.repeat(2000) }))).toBe(204);
    expect(await beacon('not json')).toBe(204);
    expect(await collector.flush()).toBe(1);
    const [hit] = await database.db.select().from(analyticsHits);
    expect(hit).toMatchObject({ name: '/services/cloud', source: 'partner.example', kind: 'view' });
  });
});

describe('the visitor hash', () => {
  it('changes every day, keeps no address or user agent, and its salt is gone once the day is over', async () => {
    const day1 = new Date();
    const day2 = new Date(day1.getTime() + 86_400_000);
    for (const at of [day1, day1, day2])
      collector.record({ at, ip: '203.0.113.77', userAgent: BROWSER, kind: 'view', name: '/', source: null, medium: null, campaign: null });
    await collector.flush();
    const hits = await database.db.select().from(analyticsHits);
    const byDay = Object.groupBy(hits, (hit) => hit.day);
    const [first, second] = [companyDay(day1), companyDay(day2)];
    // The two alike views of the first day are one row counting two.
    expect(byDay[first]!.map((hit) => hit.count)).toEqual([2]);
    expect(byDay[first]![0]!.visitor).not.toBe(byDay[second]![0]!.visitor);
    expect(byDay[second]![0]!.visitor).toMatch(/^[0-9a-f]{32}$/);
    const stored = JSON.stringify(await database.db.execute(sql`select * from analytics_hits`));
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toContain('Macintosh');

    // The job, the day after the second: both salts are gone, and so are the first day's raw hits.
    await rollUpAnalytics(database, new Date(day2.getTime() + 86_400_000));
    const salts = (await database.db.select().from(analyticsSalts)).map((row) => row.day);
    expect(salts).not.toContain(first);
    expect(salts).not.toContain(second);
    expect((await database.db.select().from(analyticsHits)).map((hit) => hit.day)).toEqual([second]);
    // Both days were rolled up before their raw hits went.
    expect(
      (await database.db.select().from(analyticsDaily))
        .filter((row) => row.dimension === 'total')
        .map((row) => row.day)
        .sort(),
    ).toEqual([first, second]);

    // A late view of a past day whose salt is gone is never given a new one: it is left out.
    await database.db.delete(analyticsHits);
    const past = new Date(Date.now() - 2 * 86_400_000);
    collector.record({
      at: past,
      ip: '203.0.113.78',
      userAgent: BROWSER,
      kind: 'view',
      name: '/',
      source: null,
      medium: null,
      campaign: null,
    });
    await collector.flush();
    expect(await database.db.select().from(analyticsHits)).toEqual([]);
    expect((await database.db.select().from(analyticsSalts)).map((row) => row.day)).not.toContain(companyDay(past));
  });
});
