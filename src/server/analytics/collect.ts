import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsHits } from '../db/schema.ts';
import { clientIp } from '../rate-limit.ts';
import { isCountableView } from '../insights/views.ts';
import { DIRECT, isOwnPageAddress, visitSource } from '../../lib/applications/source.ts';
import { deviceOf, viewedPagePath } from '../../lib/analytics/pages.ts';
import { OTHER } from '../../lib/analytics/report.ts';
import { companyDay } from '../../lib/format.ts';
import { refusesTracking, saltOf, visitorHash } from './visitor.ts';

/**
 * Page views counted where the server answers (issue 57): after each answer, from memory or
 * rendered, a person's view of a public page is counted in memory, and every few seconds what is
 * counted is hashed (visitor.ts, once per visitor) and written in one statement per 5,000 rows.
 * What is kept between writes is bounded by the visitors a write may hold, not by the views: past
 * that budget one visitor in N is kept (a hash of the visitor decides, as each view arrives), and
 * the others' views are added to their page's and source's count, so a flood of new visitors costs
 * a request a hash and a map lookup, not a record kept for seconds (which the garbage collector then
 * moves and marks: twice the cost, bench:analytics). A kept visitor's address and user agent live
 * until the next write only.
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
   * The most rows kept between writes: past it (a flood of sources, the database away for long) a
   * view is counted by its page and source without its visitor (weight 0), past twice it under
   * "(other)", so views stay exact while what is written, hashed and rolled up stays bounded.
   */
  maxPending?: number;
  /**
   * The most visitors a write keeps whole (every 5 s: 500 is 100 new visitors a second, 8 million a
   * day, far above a company site's). Past it, one visitor in N is kept, with the weight N, chosen by
   * a hash of the visitor (the same visitors whatever N: those kept at 2N are among those kept at N);
   * the others' views are counted by page and source only. Views stay exact; visitors, visits and
   * paths are then estimates.
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

/** A visitor kept whole this interval: its hash bucket, and its hits, alike ones together. */
interface KeptVisitor {
  bucket: number;
  hits: Map<string, Pending>;
}

const CHUNK = 5000;
/** The visitor of the views counted by page and source only: never a visitor of the rollup's (weight 0). */
const BUSY = '(busy)';
/** Beyond this the sampling stops doubling and every further visitor is counted by page only. */
const MAX_EVERY = 2 ** 30;

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

/** FNV-1a of the parts of a visitor: a cheap, even spread of visitors into buckets (not a secret: never stored). */
function bucketOf(...parts: string[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (let index = 0; index < part.length; index += 1) {
      hash ^= part.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193);
    }
    // A NUL between the parts ("ab" + "c" is not "a" + "bc").
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** What tells alike hits of one visitor apart (a direct visit's, most of them, made of three parts only). */
const hitKey = (hit: PendingHit) =>
  hit.source === null && hit.medium === null && hit.campaign === null
    ? `${hit.kind}\0${hit.name}`
    : `${hit.kind}\0${hit.name}\0${hit.source ?? ''}\0${hit.medium ?? ''}\0${hit.campaign ?? ''}\0`;

export function createHitCollector({
  db,
  siteHost,
  intervalMs = 5000,
  maxPending = 10_000,
  visitorBudget = 500,
  onWritten,
  onError,
}: HitCollectorOptions): HitCollector {
  // This interval's: one visitor in `every` kept whole (by day, address and user agent), the rows
  // they make counted in `keptRows`; every other view counted by page and source in `folded`; and
  // what a failed write left, written with the next.
  let every = 1;
  let kept = new Map<string, KeptVisitor>();
  let keptRows = 0;
  let folded = new Map<string, Pending>();
  let carried: Pending[] = [];
  let flushing: Promise<number> = Promise.resolve(0);

  /** A view counted by its page and source only (weight 0); past twice the bound, by kind only. */
  const fold = (hit: PendingHit, count: number, day = companyDay(hit.at)) => {
    const wide = folded.size >= maxPending;
    const key = wide ? `${day}\0${hit.kind}` : `${day}\0${hitKey(hit)}`;
    const known = folded.get(key);
    if (known) {
      known.count += count;
      return;
    }
    const busy: PendingHit = wide
      ? { ...hit, ip: BUSY, userAgent: BUSY, name: OTHER, source: null, medium: null, campaign: null }
      : { ...hit, ip: BUSY, userAgent: BUSY };
    folded.set(key, { hit: busy, count, weight: 0 });
  };

  /** Doubles `every` until the kept visitors are within the budget, counting those let go by page. */
  const thin = () => {
    while (kept.size >= visitorBudget && every < MAX_EVERY) {
      every *= 2;
      for (const [who, visitor] of kept) {
        if (visitor.bucket % every === 0) continue;
        kept.delete(who);
        for (const pending of visitor.hits.values()) fold(pending.hit, pending.count);
        keptRows -= visitor.hits.size;
      }
    }
  };

  const record = (hit: PendingHit) => {
    const day = companyDay(hit.at);
    const bucket = bucketOf(day, hit.ip, hit.userAgent);
    if (bucket % every !== 0 || keptRows >= maxPending) return fold(hit, 1, day);
    const who = `${day}\0${hit.ip}\0${hit.userAgent}`;
    let visitor = kept.get(who);
    if (!visitor) {
      thin();
      if (bucket % every !== 0 || kept.size >= visitorBudget) return fold(hit, 1, day);
      visitor = { bucket, hits: new Map() };
      kept.set(who, visitor);
    }
    const key = hitKey(hit);
    const known = visitor.hits.get(key);
    if (known) known.count += 1;
    else {
      visitor.hits.set(key, { hit, count: 1, weight: 1 });
      keptRows += 1;
    }
  };

  /** What is counted, a row each, and a fresh interval. */
  const take = (): Pending[] => {
    const entries = [...carried, ...folded.values()];
    for (const visitor of kept.values()) for (const pending of visitor.hits.values()) entries.push({ ...pending, weight: every });
    // The next interval starts at half this one's rate (a flood that goes on is not thinned again
    // from one visitor in one; one that ends is back to every visitor within a few writes).
    every = Math.max(1, every / 2);
    kept = new Map();
    keptRows = 0;
    folded = new Map();
    carried = [];
    return entries;
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
        if (entry.weight > 0 && carried.length < maxPending) carried.push(entry);
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
    record,
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

/**
 * The visit's source as the careers pages read it, or nulls for a direct visit. A link followed
 * within the site (most views: a browser sends the page it came from) is told apart without
 * parsing its address.
 */
export function sourceOfView(query: string, referer: string | undefined, ownHosts: string[]) {
  if (query === '' && (!referer || isOwnPageAddress(referer, ownHosts))) return DIRECT_VIEW;
  const source = visitSource(new URLSearchParams(query), referer ?? null, ownHosts);
  return source.source === DIRECT.source ? DIRECT_VIEW : source;
}

const DIRECT_VIEW = Object.freeze({ source: null, medium: null, campaign: null });

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
  // Each path's page as counted, once: the same few hundred paths are asked for all day, and the
  // same string each time makes every map lookup after it cheaper (its hash is kept in it).
  const pages = new Map<string, string | null>();
  const pageOf = (route: string, path: string) => {
    const key = route === 'static' ? path : `${route}\0${path}`;
    let page = pages.get(key);
    if (page === undefined) {
      page = viewedPagePath(route, path);
      if (pages.size >= MAX_PAGE_MEMO) pages.clear();
      pages.set(key, page);
    }
    return page;
  };
  return (req: IncomingMessage, { route, path, status }: { route: string; path: string; status: number }) => {
    if (status !== 200 && status !== 304) return;
    const page = pageOf(route, path);
    if (page === null) return;
    if (status === 200) known.learn(page);
    if (!mayCount(req.method, status, req.headers)) return;
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    collector.record(viewOf(req, page, queryAt === -1 ? '' : url.slice(queryAt + 1), req.headers.referer, where));
  };
}

/** Paths whose counted page is remembered (the site's are some hundreds; anybody may ask for any). */
const MAX_PAGE_MEMO = 5_000;

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
  const host = req.headers.host;
  const { source, medium, campaign } = sourceOfView(query, referer, host && host !== siteHost ? [siteHost, host] : [siteHost]);
  return {
    at: new Date(),
    ip: boundedText(clientIp(req.headers, req.socket.remoteAddress, trustProxy), MAX_IP),
    userAgent: boundedText(req.headers['user-agent'] ?? '', MAX_USER_AGENT),
    kind: 'view',
    name: page,
    source,
    medium,
    campaign,
  };
}
