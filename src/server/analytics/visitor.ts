import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { analyticsSalts } from '../db/schema.ts';
import { isCountableView } from '../insights/views.ts';
import { companyDay } from '../../lib/format.ts';

/**
 * Who a visitor is, without anything stored on their device (issue 57; decision 075): the SHA-256
 * of the day's random salt, the site's host, the address and the user agent, cut to 128 bits. The
 * salt is one a day for the whole fleet (made by whoever needs it first) and deleted once its day
 * is over: yesterday's visitors can no longer be told from anybody, and no address is ever kept.
 */

type SaltDb = Pick<Database, 'insert' | 'select'>;

const KEY = Symbol.for('helixpoint.analytics-salts');
const holder = globalThis as unknown as Record<typeof KEY, Map<string, string> | undefined>;
/** The salts of the days seen: one or two entries. */
const salts = (holder[KEY] ??= new Map<string, string>());

/**
 * The salt of `day`, made by whoever asks first on that day. A past day's is only read: once the
 * job has deleted it, it is never made again (a late hit of that day is then not written), so a
 * visitor never has two hashes of one day. Null when there is none.
 */
export async function saltOf(db: SaltDb, day: string, today = companyDay(new Date())): Promise<string | null> {
  const known = salts.get(day);
  if (known) return known;
  if (day >= today)
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('base64') })
      .onConflictDoNothing();
  const [row] = await db
    .select({ salt: analyticsSalts.salt })
    .from(analyticsSalts)
    .where(sql`${analyticsSalts.day} = ${day}`);
  if (!row) return null;
  if (salts.size > 2) salts.clear();
  salts.set(day, row.salt);
  return row.salt;
}

export function visitorHash(salt: string, host: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\0${host}\0${ip}\0${userAgent}`).digest('hex').slice(0, 32);
}

/** Deletes the salts of past days (the rollup job, daily): their hashes can never be made again. */
export async function dropPastSalts(db: Database, today: string): Promise<void> {
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
  for (const day of salts.keys()) if (day < today) salts.delete(day);
}

/** Do Not Track or Global Privacy Control: the visitor asked not to be counted. */
export function refusesTracking(headers: IncomingHttpHeaders): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/**
 * The visitor of a request that may make a goal (the middleware's, src/server/visit-context.ts):
 * null for a bot and for whoever asked not to be tracked (their goal is still counted, with no visit
 * behind it), and when the salt cannot be read: analytics never fail the request. Made once, with
 * the database's salt (never a transaction's: a salt made in one that rolls back would be kept
 * here and nowhere else).
 */
export function requestVisitor(db: Database, request: { ip: string; headers: Headers; siteHost: string }, at = new Date()) {
  let made: Promise<string | null> | undefined;
  return () =>
    (made ??= (async () => {
      const headers = Object.fromEntries(request.headers) as IncomingHttpHeaders;
      if (!isCountableView('GET', 200, headers) || refusesTracking(headers)) return null;
      const salt = await saltOf(db, companyDay(at));
      return salt === null ? null : visitorHash(salt, request.siteHost, request.ip, headers['user-agent'] ?? '');
    })().catch(() => null));
}
