import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsHits } from '../db/schema.ts';
import { addressOf } from '../rate-limit.ts';
import { agentOf, viewerUserAgent, viewingAgent, type Agent } from '../insights/views.ts';
import { FNV_OFFSET, fnv } from '../../lib/fnv.ts';
import { DIRECT, isOwnPageAddress, visitSource } from '../../lib/applications/source.ts';
import { deviceOf, mayBeViewedPage, viewedPagePath } from '../../lib/analytics/pages.ts';
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

/** Where a view came from: nulls for a direct visit (most views: DIRECT_VIEW, one object for all). */
export interface ViewSource {
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export interface HitCollector {
  record(hit: PendingHit): void;
  /**
   * A view of `page` at `at` (milliseconds), as the server's hook and the beacon count it, its user
   * agent's hash as agentOf keeps it: nothing is made for it but what is kept (most views add one to
   * a count already there).
   */
  view(at: number, ip: string, userAgent: string, agentHash: number, page: string, source: ViewSource): void;
  /**
   * Writes what is kept so far (the timer does every few seconds; stop() once more); resolves with
   * the hits written. It first empties the queues given to drainFirst.
   */
  flush(): Promise<number>;
  /** A queue of views not yet counted (countPageViews's), emptied at the start of every flush. */
  drainFirst(drain: () => void): void;
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
   * The most visitors a write keeps whole (every 5 s: 200 is 40 new visitors a second, 3.5 million
   * a day, far above a company site's). Past it, one visitor in N is kept, with the weight N, chosen by
   * a hash of the visitor (the same visitors whatever N: those kept at 2N are among those kept at N);
   * the others' views are counted by page and source only. Views stay exact; visitors, visits and
   * paths are then estimates (from some 40 visitors a second still). Each kept visitor is a row to
   * hash and write: the budget bounds what a flood costs the server and the database.
   */
  visitorBudget?: number;
  onWritten?: (count: number) => void;
  /** Told the seconds each write's own work took on this thread (its rows taken, hashed and made; not the database's). */
  timed?: (seconds: number) => void;
  onError?: (error: unknown) => void;
}

interface Pending {
  hit: PendingHit;
  count: number;
  /** The visitors its visitor stands for (1; N when one in N was kept; 0: views only). */
  weight: number;
}

/**
 * Rows alike but for their count, of one visitor (or of none: the views counted by page and source
 * only). A direct view (most) is found by its page alone, every other by a key of its kind, page
 * and source: nothing is made to count a view already seen.
 */
class Rows {
  private readonly direct = new Map<string, Pending>();
  /** The rows of views with a source, and of goals; and the "(other)" rows past the bound, by kind. */
  readonly other = new Map<string, Pending>();
  find(kind: PendingHit['kind'], name: string, source: ViewSource): Pending | undefined {
    return isDirect(kind, source) ? this.direct.get(name) : this.other.get(hitKey(kind, name, source));
  }
  put(pending: Pending) {
    const { hit } = pending;
    if (isDirect(hit.kind, hit)) this.direct.set(hit.name, pending);
    else this.other.set(hitKey(hit.kind, hit.name, hit), pending);
  }
  get size() {
    return this.direct.size + this.other.size;
  }
  *[Symbol.iterator]() {
    yield* this.direct.values();
    yield* this.other.values();
  }
}

/** A visitor kept whole this interval: its hash bucket, and its rows. */
interface KeptVisitor {
  bucket: number;
  rows: Rows;
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

/**
 * A visitor's bucket: a cheap, even spread of visitors (not a secret: never stored). The day's part
 * is hashed once a day and the user agent's once (agentOf keeps it): a view hashes its address only.
 */
let hashedDay = { day: '', hash: 0 };
function bucketOf(day: string, ip: string, agentHash: number): number {
  if (hashedDay.day !== day) hashedDay = { day, hash: fnv(FNV_OFFSET, day) };
  // murmur3's finish, so that the low bits (one in 2^k is kept by them) depend on every input bit.
  let hash = fnv(hashedDay.hash, ip) ^ agentHash;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

function isDirect(kind: PendingHit['kind'], source: ViewSource): boolean {
  return kind === 'view' && source.source === null && source.medium === null && source.campaign === null;
}

/** What tells alike hits apart but for the page of a direct view. */
function hitKey(kind: PendingHit['kind'], name: string, source: ViewSource): string {
  return `${kind}\0${name}\0${source.source ?? ''}\0${source.medium ?? ''}\0${source.campaign ?? ''}`;
}

/** A row's hit, first seen at `at` (a visitor's, or BUSY's for the views counted by page and source only). */
function pendingHit(at: number, ip: string, userAgent: string, kind: PendingHit['kind'], name: string, source: ViewSource): PendingHit {
  return { at: new Date(at), ip, userAgent, kind, name, source: source.source, medium: source.medium, campaign: source.campaign };
}

/** The value of a map within a map, made when missing. */
function within<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = make()));
  return value;
}

export function createHitCollector({
  db,
  siteHost,
  intervalMs = 5000,
  maxPending = 10_000,
  visitorBudget = 200,
  onWritten,
  timed,
  onError,
}: HitCollectorOptions): HitCollector {
  // This interval's: one visitor in `every` kept whole (by day, address and user agent: maps within
  // maps, so finding one makes no key), the rows they make counted in `keptRows`; every other view
  // counted by page and source in `folded` (by day); and what a failed write left, written with the next.
  let every = 1;
  let kept = new Map<string, Map<string, Map<string, KeptVisitor>>>();
  let keptVisitors = 0;
  let keptRows = 0;
  let folded = new Map<string, Rows>();
  let foldedRows = 0;
  let carried: Pending[] = [];
  let flushing: Promise<number> = Promise.resolve(0);
  const queues: (() => void)[] = [];

  const newRows = () => new Rows();

  // Today's folded rows, found without a lookup (the day is companyDay's string of the minute).
  let foldedDay = '';
  let foldedToday = new Rows();

  /** A view counted by its page and source only (weight 0); past the bound, by kind only. */
  const fold = (day: string, kind: PendingHit['kind'], name: string, source: ViewSource, at: number, count: number) => {
    if (day !== foldedDay) {
      foldedToday = within(folded, day, newRows);
      foldedDay = day;
    }
    const rows = foldedToday;
    const known = rows.find(kind, name, source);
    if (known) {
      known.count += count;
      return;
    }
    if (foldedRows >= maxPending) {
      const wide = within(rows.other, kind, () => {
        foldedRows += 1;
        return { hit: pendingHit(at, BUSY, BUSY, kind, OTHER, DIRECT_VIEW), count: 0, weight: 0 };
      });
      wide.count += count;
      return;
    }
    rows.put({ hit: pendingHit(at, BUSY, BUSY, kind, name, source), count, weight: 0 });
    foldedRows += 1;
  };

  /** A row of a visitor let go (or not written) counted again by its page and source. */
  const refold = ({ hit, count }: Pending) => fold(companyDay(hit.at), hit.kind, hit.name, hit, hit.at.getTime(), count);

  /** Doubles `every` until the kept visitors are within the budget, counting those let go by page. */
  const thin = () => {
    while (keptVisitors >= visitorBudget && every < MAX_EVERY) {
      every *= 2;
      for (const byAddress of kept.values())
        for (const [ip, byAgent] of byAddress) {
          for (const [userAgent, visitor] of byAgent) {
            if (visitor.bucket % every === 0) continue;
            byAgent.delete(userAgent);
            keptVisitors -= 1;
            keptRows -= visitor.rows.size;
            for (const pending of visitor.rows) refold(pending);
          }
          if (byAgent.size === 0) byAddress.delete(ip);
        }
    }
  };

  const add = (
    at: number,
    ip: string,
    userAgent: string,
    agentHash: number,
    kind: PendingHit['kind'],
    name: string,
    source: ViewSource,
  ) => {
    const day = companyDay(at);
    const bucket = bucketOf(day, ip, agentHash);
    if (bucket % every !== 0 || keptRows >= maxPending) return fold(day, kind, name, source, at, 1);
    let visitor = kept.get(day)?.get(ip)?.get(userAgent);
    if (!visitor) {
      thin();
      if (bucket % every !== 0 || keptVisitors >= visitorBudget) return fold(day, kind, name, source, at, 1);
      visitor = { bucket, rows: new Rows() };
      within(
        within(kept, day, () => new Map()),
        ip,
        () => new Map(),
      ).set(userAgent, visitor);
      keptVisitors += 1;
    }
    const known = visitor.rows.find(kind, name, source);
    if (known) known.count += 1;
    else {
      visitor.rows.put({ hit: pendingHit(at, ip, userAgent, kind, name, source), count: 1, weight: 1 });
      keptRows += 1;
    }
  };

  /** What is counted, a row each, and a fresh interval. */
  const take = (): Pending[] => {
    const entries = carried;
    for (const rows of folded.values()) for (const pending of rows) entries.push(pending);
    for (const byAddress of kept.values())
      for (const byAgent of byAddress.values())
        for (const visitor of byAgent.values()) for (const pending of visitor.rows) entries.push({ ...pending, weight: every });
    // A flood that goes on keeps its rate (its visitors are not kept and let go again each
    // interval); the rate doubles back (N halves) once twice this interval's visitors would fit,
    // so a flood that ends is back to every visitor within a few writes.
    if (keptVisitors < visitorBudget / 2) every = Math.max(1, every / 2);
    kept = new Map();
    keptVisitors = 0;
    keptRows = 0;
    folded = new Map();
    foldedDay = '';
    foldedRows = 0;
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
    const began = timed ? performance.now() : 0;
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
    timed?.((performance.now() - began) / 1000);
    for (let start = 0; start < rows.length; start += CHUNK) await insertHits(db, rows.slice(start, start + CHUNK));
  };
  const flushOnce = async () => {
    for (const drain of queues) drain();
    const began = timed ? performance.now() : 0;
    const entries = take();
    timed?.((performance.now() - began) / 1000);
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
        else refold(entry);
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
    record: (hit) => add(hit.at.getTime(), hit.ip, hit.userAgent, agentOf(hit.userAgent).hash, hit.kind, hit.name, hit),
    view: (at, ip, userAgent, agentHash, page, source) => add(at, ip, userAgent, agentHash, 'view', page, source),
    flush,
    drainFirst: (drain) => void queues.push(drain),
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
export function sourceOfView(query: string, referer: string | undefined, ownHosts: string[]): ViewSource {
  if (query === '' && (!referer || isOwnPageAddress(referer, ownHosts))) return DIRECT_VIEW;
  const source = visitSource(new URLSearchParams(query), referer ?? null, ownHosts);
  return source.source === DIRECT.source ? DIRECT_VIEW : source;
}

const DIRECT_VIEW: ViewSource = Object.freeze({ source: null, medium: null, campaign: null });

/**
 * Whether a request may be counted at all: a person's (not a bot's, a prefetch's) who did not ask
 * not to be. Their user agent as agentOf keeps it (its hash samples visitors), or null.
 */
export function countingAgent(method: string | undefined, status: number, headers: IncomingHttpHeaders): Agent | null {
  const agent = viewingAgent(method, status, headers);
  return agent === null || refusesTracking(headers) ? null : agent;
}

/**
 * The public pages this instance has answered (200), by path: the beacon counts only those, so
 * nobody fills the analytics with made-up paths. At most `max` (the site has some hundreds); past
 * it, no more are learnt.
 */
export class KnownPages {
  private readonly paths = new Set<string>();
  private readonly max: number;
  /** countPageViews's queue: a page answered a moment ago is learnt when it is counted. */
  private drain: () => void = () => {};
  constructor(max = 5_000) {
    this.max = max;
  }
  learn(path: string) {
    if (this.paths.size < this.max) this.paths.add(path);
  }
  has(path: string) {
    if (this.paths.has(path)) return true;
    this.drain();
    return this.paths.has(path);
  }
  drainFirst(drain: () => void) {
    this.drain = drain;
  }
}

/**
 * The HTTP server's afterResponse hook: each counted view of a public page it answered. It runs
 * after every answer (a page from memory costs some 40 µs here), so it only reads the request's few
 * headers while they are at hand and queues them; every DRAIN_DELAY_MS the queue is counted in one
 * go (`drain`), its pages, user agents and counts found in maps that stay in the CPU's caches from
 * one view to the next. Counted one at a time, each view found them evicted by the answer it
 * followed: a median of 2.1 µs a view against 1.7 queued, both loaded at once on one CPU, where
 * the queue's instance used 6% less CPU a request (decision 075). The queue holds MAX_QUEUED views
 * at most (then it is counted at once).
 */
export function countPageViews(
  collector: Pick<HitCollector, 'view'> & Partial<Pick<HitCollector, 'drainFirst'>>,
  where: { siteHost: string; trustProxy: boolean },
  known: KnownPages = new KnownPages(),
  /** `timed`: told the seconds each drain took (the module's running sum of counting's time). */
  { delayMs = DRAIN_DELAY_MS, timed }: { delayMs?: number; timed?: (seconds: number) => void } = {},
) {
  // Each path's page as counted, once, and whether the beacon knows it yet: the same few hundred
  // paths are asked for all day, so a view costs one lookup here (the route is one of the server's
  // own strings: compared, not looked up).
  let pages = new Map<string, { route: string; page: string | null; learnt: boolean }>();
  const pageOf = (route: string, path: string) => {
    let entry = pages.get(path);
    if (entry === undefined || entry.route !== route) {
      if (pages.size >= MAX_PAGE_MEMO) pages = new Map();
      pages.set(path, (entry = { route, page: viewedPagePath(route, path), learnt: false }));
    }
    return entry;
  };
  const { siteHost, trustProxy } = where;
  // QUEUED values a view, in one flat list (no object a view): route, path, status, then for a view
  // that may count its user agent, address, query, referrer, Host and time (undefined for one that may not).
  // Made once, whole: its backing store is not grown and dropped every batch.
  const queue = new Array<string | number | undefined>(MAX_QUEUED * QUEUED).fill(undefined);
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  /** The queued view at `at`, counted when it may be. */
  const countQueued = (at: number) => {
    const entry = pageOf(queue[at] as string, queue[at + 1] as string);
    const page = entry.page;
    if (page === null) return;
    // Learnt from any answer of the page (a bot's too): the beacon's pages are those answered.
    if (queue[at + 2] === 200 && !entry.learnt) {
      known.learn(page);
      entry.learnt = true;
    }
    const userAgent = queue[at + 3] as string | undefined;
    if (userAgent === undefined) return;
    const agent = agentOf(userAgent);
    if (agent.bot) return;
    const query = queue[at + 5] as string;
    const referer = queue[at + 6] as string | undefined;
    const host = queue[at + 7] as string | undefined;
    countViewBy(collector, queue[at + 8] as number, queue[at + 4] as string, userAgent, agent, page, query, referer, host, siteHost);
  };
  const drain = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (queued === 0) return;
    const began = timed ? performance.now() : 0;
    for (let at = 0; at < queued; at += QUEUED) {
      try {
        countQueued(at);
      } catch {
        // Not counted: counting never fails an answer, nor (from its timer) the process.
      }
    }
    // Emptied, so that it keeps no header past its moment.
    queue.fill(undefined, 0, queued);
    queued = 0;
    if (timed) timed((performance.now() - began) / 1000);
  };
  collector.drainFirst?.(drain);
  known.drainFirst(drain);
  const hook = (req: IncomingMessage, { route, path, status }: { route: string; path: string; status: number }) => {
    // An asset, a staff page or an API call (most answers) is never queued: nothing read, nothing held.
    if ((status !== 200 && status !== 304) || req.method !== 'GET' || !mayBeViewedPage(route, path)) return;
    if (queued === 0) {
      timer = setTimeout(drain, delayMs);
      timer.unref();
    }
    const at = queued;
    queued += QUEUED;
    queue[at] = route;
    queue[at + 1] = path;
    queue[at + 2] = status;
    const headers = req.headers;
    const userAgent = viewerUserAgent(req.method, status, headers);
    // The rest only for a view that may count (undefined, as the queue was left, for any other).
    if (userAgent !== null && !refusesTracking(headers)) {
      const url = req.url ?? '';
      const queryAt = url.indexOf('?');
      queue[at + 3] = userAgent;
      queue[at + 4] = addressOf(headers['x-forwarded-for'], req.socket, trustProxy);
      queue[at + 5] = queryAt === -1 ? '' : url.slice(queryAt + 1);
      queue[at + 6] = headers.referer;
      queue[at + 7] = headers.host;
      // Its own time: a visit's pages are told apart by it (its landing page, its path).
      queue[at + 8] = Date.now();
    }
    if (queued === queue.length) drain();
  };
  return Object.assign(hook, { drain });
}

/** Values a queued view takes (countPageViews). */
const QUEUED = 9;
/**
 * Views queued at most, counted in about half a millisecond: their few header values are held for
 * 25 ms at the most (some 200 KB for browsers'; 16 MB if each sent Node's largest headers).
 */
const MAX_QUEUED = 1_000;
/** How long a view may wait to be counted: at 3,000 views a second, 75 counted together. */
const DRAIN_DELAY_MS = 25;

/** Paths whose counted page is remembered (the site's are some hundreds; anybody may ask for any). */
const MAX_PAGE_MEMO = 5_000;

/**
 * Counts a view of `page` by the person who sent `req`, with the source its query and referrer
 * give (the beacon's views; the server's own answers are queued by countPageViews).
 */
export function countView(
  collector: Pick<HitCollector, 'view'>,
  req: IncomingMessage,
  page: string,
  query: string,
  referer: string | undefined,
  { siteHost, trustProxy }: { siteHost: string; trustProxy: boolean },
  agent: Agent,
): void {
  const headers = req.headers;
  const ip = addressOf(headers['x-forwarded-for'], req.socket, trustProxy);
  countViewBy(collector, Date.now(), ip, headers['user-agent'] ?? '', agent, page, query, referer, headers.host, siteHost);
}

/**
 * Counts a view of `page` at `at` by the visitor of this address and user agent (as sent: cut here
 * to their bounds), with the source its query, referrer and Host give: the beacon's views and the
 * hook's queued ones alike. Values, not an object, as the drain reads them from its queue.
 */
function countViewBy(
  collector: Pick<HitCollector, 'view'>,
  at: number,
  ip: string,
  userAgent: string,
  agent: Agent,
  page: string,
  query: string,
  referer: string | undefined,
  host: string | undefined,
  siteHost: string,
): void {
  // The hosts of this site's own pages only when a referrer must be told apart (no list made for a direct view).
  const source =
    query === '' && !referer ? DIRECT_VIEW : sourceOfView(query, referer, host && host !== siteHost ? [siteHost, host] : [siteHost]);
  // The user agent as it is kept, and its hash of the same characters (a visitor is one user agent
  // as kept: two that differ past 256 characters are one, in one bucket).
  const keptAgent = boundedText(userAgent, MAX_USER_AGENT);
  const hash = keptAgent === userAgent ? agent.hash : agentOf(keptAgent).hash;
  collector.view(at, boundedText(ip, MAX_IP), keptAgent, hash, page, source);
}
