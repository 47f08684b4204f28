import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsHits } from '../db/schema.ts';
import { clientIp } from '../rate-limit.ts';
import { isCountableView } from '../insights/views.ts';
import { DIRECT, visitSource } from '../../lib/applications/source.ts';
import { deviceOf, viewedPagePath } from '../../lib/analytics/pages.ts';
import { OTHER } from '../../lib/analytics/report.ts';
import { companyDay } from '../../lib/format.ts';
import { refusesTracking, saltOf, visitorHash } from './visitor.ts';

/**
 * Page views counted where the server answers (issue 57): after each answer, from memory or
 * rendered, a person's view of a public page is kept in memory, alike views together (the same
 * address, browser, page and source: a reload, a flood), and every few seconds what is kept is
 * hashed (visitor.ts, once per visitor) and written in one statement per 5,000 rows. The request
 * pays a few property reads and a map lookup; the address and user agent live in memory until the
 * next write only.
 */

export interface PendingHit {
  at: Date;
  ip: string;
  userAgent: string;
  kind: 'view' | 'goal';
  name: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export interface HitCollector {
  record(hit: PendingHit): void;
  /** Writes what is kept so far (the timer does every few seconds; stop() once more); resolves with the hits written. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

export interface HitCollectorOptions {
  db: Database;
  /** SITE_URL's host: part of every hash, so two sites on one database never share visitors. */
  siteHost: string;
  intervalMs?: number;
  /**
   * The most rows kept between writes: past it (a flood of new visitors, the database away for
   * long) a view is added to its page's and source's row without its visitor (BUSY), so views stay
   * exact while what is written, hashed and rolled up stays bounded.
   */
  maxPending?: number;
  /**
   * The most visitors a write keeps whole (every 5 s: 500 is 100 new visitors a second, 8 million a
   * day, far above a company site's). Past it, one visitor in N is kept, with the weight N, chosen by a hash of
   * the visitor (the same visitors whatever N: those kept at 2N are among those kept at N); the
   * others' views are counted by page and source only. Views stay exact; visitors, visits and paths
   * are then estimates, and what is written stays about this many rows.
   */
  visitorBudget?: number;
  onWritten?: (count: number) => void;
  onError?: (error: unknown) => void;
}

interface Pending {
  hit: PendingHit;
  count: number;
  /** The visitors its visitor stands for (1; N when one in N was kept; 0: views only). */
  weight: number;
}

const CHUNK = 5000;
/** The visitor of the views a flood brings past maxPending: one a day, counted as one. */
const BUSY = '(busy)';

/** One statement per chunk: a column an array, whatever the number of rows (no parameter per value). */
async function insertHits(db: Database, rows: (typeof analyticsHits.$inferInsert)[]) {
  // One parameter per column (sql.param: an array bound whole, not spread into a list).
  const column = <K extends keyof typeof analyticsHits.$inferInsert>(key: K) =>
    sql.param(rows.map((row) => (row[key] instanceof Date ? (row[key] as Date).toISOString() : (row[key] ?? null))));
  await db.execute(sql`
    insert into analytics_hits (at, day, visitor, kind, name, source, medium, campaign, device, count, weight)
    select * from unnest(
      ${column('at')}::timestamptz[], ${column('day')}::date[], ${column('visitor')}::text[],
      ${column('kind')}::text[], ${column('name')}::text[], ${column('source')}::text[], ${column('medium')}::text[],
      ${column('campaign')}::text[], ${column('device')}::text[], ${column('count')}::int[], ${column('weight')}::int[])`);
}

/** FNV-1a of a string: a cheap, even spread of visitors into buckets (not a secret: never stored). */
function bucketOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** 1 while `visitors` is within the budget, else the power of two that brings it within. */
export function samplingOf(visitors: number, budget: number): number {
  let every = 1;
  while (visitors / every > budget) every *= 2;
  return every;
}

const keyOf = (hit: PendingHit, day: string) =>
  `${day}\0${hit.kind}\0${hit.ip}\0${hit.userAgent}\0${hit.name}\0${hit.source ?? ''}\0${hit.medium ?? ''}\0${hit.campaign ?? ''}`;

export function createHitCollector({
  db,
  siteHost,
  intervalMs = 5000,
  maxPending = 10_000,
  visitorBudget = 500,
  onWritten,
  onError,
}: HitCollectorOptions): HitCollector {
  // The request only pushes its hit; alike hits are put together when written, off its path.
  let recent: PendingHit[] = [];
  // Past maxPending, hits counted by page and source without their visitor (bounded the same way).
  let folded = new Map<string, Pending>();
  let flushing: Promise<number> = Promise.resolve(0);

  /** A view counted by its page and source only (weight 0), into `into`. */
  const fold = (hit: PendingHit, count: number, into = folded) => {
    const wide = into.size >= maxPending;
    const busy: PendingHit = wide
      ? { ...hit, ip: BUSY, userAgent: BUSY, name: OTHER, source: null, medium: null, campaign: null }
      : { ...hit, ip: BUSY, userAgent: BUSY };
    const key = keyOf(busy, companyDay(hit.at));
    const known = into.get(key);
    if (known) known.count += count;
    else into.set(key, { hit: busy, count, weight: 0 });
  };

  /** What is kept, alike hits together: one entry a row; past the budget, one visitor in N. */
  const take = (): Pending[] => {
    const entries = new Map<string, Pending>(folded);
    const byVisitor = new Map<string, PendingHit[]>();
    for (const hit of recent) {
      const who = `${companyDay(hit.at)}\0${hit.ip}\0${hit.userAgent}`;
      const hits = byVisitor.get(who);
      if (hits) hits.push(hit);
      else byVisitor.set(who, [hit]);
    }
    const every = samplingOf(byVisitor.size, visitorBudget);
    for (const [who, hits] of byVisitor) {
      const kept = every === 1 || bucketOf(who) % every === 0;
      for (const hit of hits) {
        if (!kept) {
          fold(hit, 1, entries);
          continue;
        }
        const key = keyOf(hit, companyDay(hit.at));
        const known = entries.get(key);
        if (known) known.count += 1;
        else entries.set(key, { hit, count: 1, weight: every });
      }
    }
    recent = [];
    folded = new Map();
    return [...entries.values()];
  };

  const write = async (entries: Pending[]) => {
    const salts = new Map<string, string | null>();
    for (const entry of entries) {
      const day = companyDay(entry.hit.at);
      if (!salts.has(day)) salts.set(day, await saltOf(db, day));
    }
    const visitors = new Map<string, string>();
    // A hit of a day whose salt is gone (written late, after the job ended the day) is left out.
    const rows = entries.flatMap(({ hit, count, weight }) => {
      const day = companyDay(hit.at);
      if (!salts.get(day)) return [];
      const who = `${day}\0${hit.ip}\0${hit.userAgent}`;
      let visitor = visitors.get(who);
      if (!visitor) visitors.set(who, (visitor = visitorHash(salts.get(day)!, siteHost, hit.ip, hit.userAgent)));
      return [
        {
          at: hit.at,
          day,
          visitor,
          kind: hit.kind,
          name: hit.name,
          source: hit.source,
          medium: hit.medium,
          campaign: hit.campaign,
          device: deviceOf(hit.userAgent),
          count,
          weight,
        },
      ];
    });
    for (let start = 0; start < rows.length; start += CHUNK) await insertHits(db, rows.slice(start, start + CHUNK));
  };
  const flushOnce = async () => {
    const entries = take();
    if (entries.length === 0) return 0;
    const hits = entries.reduce((sum, entry) => sum + entry.count, 0);
    try {
      await write(entries);
      onWritten?.(hits);
      return hits;
    } catch (error) {
      // Kept for the next write (a database restart loses no views), within the bound: what does
      // not fit is kept without its visitor.
      for (const entry of entries) {
        if (entry.count === 1 && entry.weight === 1 && recent.length < maxPending) recent.push(entry.hit);
        else fold(entry.hit, entry.count);
      }
      onError?.(error);
      return 0;
    }
  };
  const flush = () => {
    flushing = flushing.then(flushOnce);
    return flushing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    record(hit) {
      if (recent.length < maxPending) recent.push(hit);
      else fold(hit, 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** What of an address and a user agent is kept until the next write: a header may be 16 KB. */
export const MAX_IP = 64;
export const MAX_USER_AGENT = 256;

/**
 * `text` cut to `max` characters, as a string of its own: a slice would keep the whole header it
 * was cut from in memory. Almost every value is shorter and is kept as it is.
 */
export function boundedText(text: string, max: number): string {
  return text.length <= max ? text : Buffer.from(text.slice(0, max), 'utf8').toString('utf8');
}

/** The visit's source as the careers pages read it, or nulls for a direct visit. */
export function sourceOfView(query: string, referer: string | undefined, ownHosts: string[]) {
  if (query === '' && !referer) return { source: null, medium: null, campaign: null };
  const source = visitSource(new URLSearchParams(query), referer ?? null, ownHosts);
  return source.source === DIRECT.source ? { source: null, medium: null, campaign: null } : source;
}

/** Whether a request may be counted at all: a person's (not a bot's, a prefetch's) who did not ask not to be. */
export function mayCount(method: string | undefined, status: number, headers: IncomingHttpHeaders): boolean {
  return isCountableView(method, status, headers) && !refusesTracking(headers);
}

/**
 * The public pages this instance has answered (200), by path: the beacon counts only those, so
 * nobody fills the analytics with made-up paths. At most `max` (the site has some hundreds); past
 * it, no more are learnt.
 */
export class KnownPages {
  private readonly paths = new Set<string>();
  private readonly max: number;
  constructor(max = 5_000) {
    this.max = max;
  }
  learn(path: string) {
    if (this.paths.size < this.max) this.paths.add(path);
  }
  has(path: string) {
    return this.paths.has(path);
  }
}

/** The HTTP server's afterResponse hook: each counted view of a public page it answered. */
export function countPageViews(
  collector: Pick<HitCollector, 'record'>,
  where: { siteHost: string; trustProxy: boolean },
  known: KnownPages = new KnownPages(),
) {
  return (req: IncomingMessage, { route, path, status }: { route: string; path: string; status: number }) => {
    const page = viewedPagePath(route, path);
    if (page === null || (status !== 200 && status !== 304)) return;
    if (status === 200) known.learn(page);
    if (!mayCount(req.method, status, req.headers)) return;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    collector.record(viewOf(req, page, queryAt === -1 ? '' : url.slice(queryAt + 1), req.headers.referer, where));
  };
}

/**
 * A view of `page` by the person who sent `req` (its address and user agent, cut to their bounds),
 * with the source its query and referrer give: the server's own answers and the beacon's alike.
 */
export function viewOf(
  req: IncomingMessage,
  page: string,
  query: string,
  referer: string | undefined,
  { siteHost, trustProxy }: { siteHost: string; trustProxy: boolean },
): PendingHit {
  const hosts = req.headers.host ? [siteHost, req.headers.host] : [siteHost];
  return {
    at: new Date(),
    ip: boundedText(clientIp(req.headers, req.socket.remoteAddress, trustProxy), MAX_IP),
    userAgent: boundedText(req.headers['user-agent'] ?? '', MAX_USER_AGENT),
    kind: 'view',
    name: page,
    ...sourceOfView(query, referer, hosts),
  };
}
