import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { Database } from '../db/client.ts';
import { pageViews } from '../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { companyDay } from '../../lib/format.ts';
import { FNV_OFFSET, fnv } from '../../lib/fnv.ts';

/**
 * Views of the job board and of each position's page, counted on the server per day (issue 18):
 * no cookie, no address, no user agent stored, only a number per page per day. Known bots,
 * prefetches and anything but a page answered 200 are not counted. Views are added up in memory
 * and written in one statement every few seconds, so a burst of views costs one insert per flush,
 * not one per view; a flush that fails keeps its counts for the next one.
 */

/** null: the job board (/careers); otherwise the position whose page was seen. */
export type ViewedPage = string | null;

/** The page a finished request showed, when it is one whose views are counted. */
export function viewedPage(route: string, path: string): ViewedPage | undefined {
  if (route === '/careers') return null;
  if (route === '/careers/apply/[id]') {
    const id = path.slice(path.lastIndexOf('/') + 1);
    return isUuid(id) ? id.toLowerCase() : undefined;
  }
  return undefined;
}

/**
 * A user agent as the counting sees it: whether it is a bot's, and its FNV hash (the analytics'
 * sampling of visitors hashes the address and this, never the user agent's characters again).
 */
export interface Agent {
  bot: boolean;
  hash: number;
}

/** User agents already seen; emptied when full (anybody may send any). */
const agents = new Map<string, Agent>();
const MAX_AGENTS = 500;

/**
 * isbot's test is one regular expression of a few thousand characters: 7 µs of a careers page
 * answered from memory in about 60 (issue 52). Visitors send a few hundred user agents, so each
 * one's answer is kept, with its hash: one lookup a view (bench:analytics).
 */
export function agentOf(userAgent: string): Agent {
  let agent = agents.get(userAgent);
  if (agent === undefined) {
    agent = { bot: isbot(userAgent), hash: fnv(FNV_OFFSET, userAgent) };
    if (agents.size >= MAX_AGENTS) agents.clear();
    agents.set(userAgent, agent);
  }
  return agent;
}

/** A person's view: a page load (a 304 is a reload of a page the browser kept), not a bot, a prefetch or a preview. */
export function isCountableView(method: string | undefined, status: number, headers: IncomingHttpHeaders): boolean {
  return viewingAgent(method, status, headers) !== null;
}

/** isCountableView's rule, answering with the person's user agent (as agentOf keeps it) when the view counts, or null. */
export function viewingAgent(method: string | undefined, status: number, headers: IncomingHttpHeaders): Agent | null {
  const userAgent = viewerUserAgent(method, status, headers);
  if (userAgent === null) return null;
  const agent = agentOf(userAgent);
  return agent.bot ? null : agent;
}

/**
 * isCountableView's rule but its bot test: the user agent of a page load (not a prefetch), or null.
 * The analytics' hook asks this on the request's path and leaves the bot test to its drain.
 */
export function viewerUserAgent(method: string | undefined, status: number, headers: IncomingHttpHeaders): string | null {
  if (method !== 'GET' || (status !== 200 && status !== 304)) return null;
  const userAgent = headers['user-agent'];
  return userAgent && !isPrefetch(headers) ? userAgent : null;
}

/** A page asked for ahead of the person (a prefetch, a prerender), who may never see it. */
function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const asked = headers['sec-purpose'] ?? headers['purpose'] ?? headers['x-moz'];
  // Most requests have none of these: nothing made for them.
  if (asked === undefined) return false;
  const purpose = String(asked).toLowerCase();
  return purpose.includes('prefetch') || purpose.includes('prerender');
}

/** The reports' days (src/lib/format.ts): who counts views asks here. */
export { companyDay };

export interface ViewRow {
  positionId: string | null;
  day: string;
  views: number;
}

/** One statement for every page and day of a flush: added to what the day already has. */
export async function writeViews(db: Database, rows: ViewRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(pageViews)
    .values(rows)
    .onConflictDoUpdate({ target: [pageViews.positionId, pageViews.day], set: { views: sql`${pageViews.views} + excluded.views` } });
}

/** The HTTP server's afterResponse hook (http/server.ts): every counted view of a finished response, from memory or rendered. */
export function countViews(counter: Pick<ViewCounter, 'record'>) {
  return (req: IncomingMessage, { route, path, status }: { route: string; path: string; status: number }) => {
    const page = viewedPage(route, path);
    if (page !== undefined && isCountableView(req.method, status, req.headers)) counter.record(page);
  };
}

export interface ViewCounter {
  record(page: ViewedPage, at?: Date): void;
  /** Writes what is counted so far (the timer does this every few seconds; stop() once more). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export interface ViewCounterOptions {
  write: (rows: ViewRow[]) => Promise<void>;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

export function createViewCounter({ write, intervalMs = 5000, onError }: ViewCounterOptions): ViewCounter {
  // By day, then by page ('' the job board): a view finds its row with no key made for it (a
  // careers page from memory is answered in some 40 µs; issue 52), and today's rows with no lookup.
  let pending = new Map<string, Map<string, ViewRow>>();
  let today = '';
  let todays = new Map<string, ViewRow>();
  let flushing: Promise<void> = Promise.resolve();

  const flushOnce = async () => {
    if (pending.size === 0) return;
    const rows = [...pending.values()].flatMap((byPage) => [...byPage.values()]);
    pending = new Map();
    today = '';
    try {
      await write(rows);
    } catch (error) {
      // Kept for the next flush: a database restart must not lose the counts.
      for (const row of rows) add(row.positionId, row.day, row.views);
      onError?.(error);
    }
  };
  const flush = () => {
    // One flush at a time: two overlapping writes could both re-add after a failure.
    flushing = flushing.then(flushOnce);
    return flushing;
  };
  const add = (positionId: string | null, day: string, views: number) => {
    if (day !== today) {
      let byPage = pending.get(day);
      if (byPage === undefined) pending.set(day, (byPage = new Map()));
      today = day;
      todays = byPage;
    }
    const row = todays.get(positionId ?? '');
    if (row) row.views += views;
    else todays.set(positionId ?? '', { positionId, day, views });
  };

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    record(page, at) {
      add(page, companyDay(at ?? Date.now()), 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
