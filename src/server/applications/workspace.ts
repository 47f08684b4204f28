import { and, count, desc, eq, getTableName, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { applicationsInScope, type Permission, type Who } from '../access/permissions.ts';
import { containsPattern } from '../db/like.ts';
import { applications, applicationRatingTotals as totals, bookings, interviewRequests, positions } from '../db/schema.ts';
import { effectiveSort, emptyWorkspaceQuery, type WorkspaceQuery } from '../../lib/applications/query.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';
import { pageCount } from '../../lib/list-query.ts';
import { rememberedSearch, rememberedSnippets } from './search-cache.ts';
import { searchSnippets } from './search-snippets.ts';
import { talliedSources, talliedStatuses } from './tally.ts';

/**
 * The recruiter's workspace: every application, across positions, filtered as the URL says (name
 * or e-mail, position, status, rating, days applied), newest first or best rated first, 50 a page,
 * with the count of each status under the other filters.
 */

export const APPLICATIONS_PER_PAGE = 50;

/**
 * The average of the reviewers' ratings (null when unrated) and their number, as the ratings'
 * totals hold them (schema.ts, applicationRatingTotals): one row by its key for each row shown.
 */
const averageRating = sql<
  number | null
>`(select case when ${totals.ratingCount} > 0 then ${totals.rank} end from ${totals} where ${totals.applicationId} = ${applications.id})`;
const ratingCount = sql<number>`(select ${totals.ratingCount} from ${totals} where ${totals.applicationId} = ${applications.id})`;
/** The applications rated at least `rating` on average, or not rated yet: the totals' index answers either. */
const ratedAtLeast = (rating: number) =>
  sql`${applications.id} in (select ${totals.applicationId} from ${totals} where ${totals.rank} >= ${rating})`;
const unrated = sql`${applications.id} in (select ${totals.applicationId} from ${totals} where ${totals.rank} = 0)`;
/** How many other applications the same person (candidate: one address, or merged) has sent, of those the viewer may see. */
const otherApplications = (reach: Reach) =>
  sql<number>`(select count(*)::int - 1 from ${applications} as same where same.candidate_id = ${applications.candidateId} and ${applicationsInScope(
    reach.who,
    reach.permission,
    { id: sql`same.id`, positionId: sql`same.position_id` },
  )})`;
const appliedOn = sql`(${applications.createdAt} at time zone 'America/Chicago')::date`;

/**
 * Who is looking, and for what (listing, exporting, deciding): every query here takes it and keeps
 * to the applications in that person's reach (src/server/access/permissions.ts), so no list, count,
 * export or bulk change can leave it out.
 */
export interface Reach {
  who: Who;
  permission: Permission;
}

/** The search as PostgreSQL reads it: web search syntax ("phrase", -word, or), English stems. */
export const searchQuery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;
/** Part of a name or an address, as typed ("ali", "@example.com"): the trigram index's expression (migration 0019). */
export const nameOrEmailContains = (q: string) =>
  sql`(${applications.fullName} || ' ' || ${applications.email}) ilike ${containsPattern(q)}`;

/**
 * How well an application matches: the document's rank (name and e-mail weigh most, then the
 * resume, then the rest; not normalised by length, so adding a resume or a note does not change
 * how a name hit ranks), and a name or address containing what was typed on top.
 */
export const relevance = (q: string) =>
  sql`(ts_rank(${applications.searchVector}, ${searchQuery(q)}) + case when ${nameOrEmailContains(q)} then 1 else 0 end)`;

/**
 * "Best match first" ranks exactly among the newest RANKED_MATCHES applications matching the
 * search and filters; the others follow them, newest first. Ranking reads each ranked
 * application's whole search document (about 5 KB, stored out of line): for a word in a third of
 * 50,000 resumes that was 16,000 documents and 400 ms or more a search; with 500 the whole page
 * query takes 25–30 ms, and the newest matches are the ones a recruiter looks at first.
 */
export const RANKED_MATCHES = 500;

/**
 * Whether the application matches the search: a part of its name or address (the trigram index),
 * or its search document (the GIN index). The name comes first: the index on names is lossy, so
 * PostgreSQL checks its candidates again, and with the name first that check seldom needs the
 * (large) document. A search of one two-word phrase asks the index of neighbouring words instead
 * (migration 0022): the same matches, without reading each candidate's document again.
 */
export const matchesSearch = (q: string, phrase: string | null) =>
  phrase
    ? sql`(${nameOrEmailContains(q)} or search_vector_bigrams(${applications.searchVector}) @> array[${phrase}]::text[])`
    : sql`(${nameOrEmailContains(q)} or ${applications.searchVector} @@ ${searchQuery(q)})`;

/**
 * The two stems of a search that is one phrase of two words (`"site reliability"`, as PostgreSQL
 * reads it: 'site' <-> 'reliabl'), as migration 0022's index holds them ("site reliabl"); null for
 * any other search (a lexeme with a quote or backslash in it too), which the document answers.
 */
export async function phraseOf(db: Database, q: string): Promise<string | null> {
  if (!q.includes('"')) return null;
  const result = await db.execute<{ query: string }>(sql`select ${searchQuery(q)}::text as query`);
  const match = /^'([^'\\\s]+)' <-> '([^'\\\s]+)'$/.exec(result.rows[0]?.query ?? '');
  return match ? `${match[1]} ${match[2]}` : null;
}

function conditions(query: WorkspaceQuery, reach: Reach, { status = true, phrase = null as string | null } = {}): SQL[] {
  const where: SQL[] = [applicationsInScope(reach.who, reach.permission)];
  // Searches notes too: every role that lists applications reads their notes at the same reach (rules.test.ts).
  if (query.q) where.push(matchesSearch(query.q, phrase));
  if (query.position) where.push(eq(applications.positionId, query.position));
  if (status && query.status) where.push(eq(applications.status, query.status));
  if (query.rating === 'unrated') where.push(unrated);
  else if (query.rating !== null) where.push(ratedAtLeast(query.rating));
  if (query.from) where.push(sql`${appliedOn} >= ${query.from}::date`);
  if (query.to) where.push(sql`${appliedOn} <= ${query.to}::date`);
  if (query.source) where.push(eq(applications.source, query.source));
  if (query.knockedOut) where.push(eq(applications.knockedOut, true));
  // An interview still to come (booked, not cancelled), or an invitation the candidate has not answered yet.
  if (query.interview === 'booked')
    where.push(
      sql`exists (select 1 from ${bookings} where ${bookings.applicationId} = ${applications.id} and ${bookings.status} = 'confirmed' and ${bookings.endsAt} > now())`,
    );
  if (query.interview === 'invited')
    where.push(
      sql`exists (select 1 from ${interviewRequests} where ${interviewRequests.applicationId} = ${applications.id} and ${interviewRequests.status} = 'open' and ${interviewRequests.windowEnd} > now())`,
    );
  return where;
}

/** The workspace's filters in the person's reach, as one condition (the JSON API lists with it, issue 55). */
export const applicationConditions = (query: WorkspaceQuery, reach: Reach, phrase: string | null) =>
  and(...conditions(query, reach, { phrase }));

function order(query: WorkspaceQuery, reach: Reach, phrase: string | null): SQL[] {
  const newest = [desc(applications.createdAt), desc(applications.id)];
  const sort = effectiveSort(query);
  // The totals' index, walked backwards (the query joins them: see `fromView`).
  if (sort === 'rating') return [desc(totals.rank), desc(totals.createdAt), desc(totals.applicationId)];
  if (sort === 'relevance' && query.q) {
    // Ranked among the newest RANKED_MATCHES matches only (see there); the subquery's "applications"
    // is its own (the inner name hides the outer), and it shares the view's conditions.
    const ranked = sql`(select ${applications.id} from ${applications} where ${and(...conditions(query, reach, { phrase }))} order by ${sql.join(newest, sql`, `)} limit ${sql.raw(String(RANKED_MATCHES))})`;
    return [sql`(case when ${applications.id} in ${ranked} then ${relevance(query.q)} end) desc nulls last`, ...newest];
  }
  return newest;
}

/**
 * The view's applications with `columns`, joined to their positions and, sorted best rated first,
 * to their ratings' totals, whose index gives that order. Only then: the other orders need
 * nothing of them, and a row written without the site's triggers (a bulk load) has none.
 */
function fromView(db: Database, columns: SelectedFields, query: WorkspaceQuery) {
  const rows = db.select(columns).from(applications).innerJoin(positions, eq(positions.id, applications.positionId)).$dynamic();
  return withTotals(rows, effectiveSort(query) === 'rating');
}

/**
 * A query on applications joined to their ratings' totals when it sorts or steps by them (`rated`).
 * Its columns are chosen (`select(columns)`), so the join adds none to its rows: the same query type.
 */
function withTotals<T extends PgSelect>(rows: T, rated: boolean): T {
  return rated ? (rows.innerJoin(totals, eq(totals.applicationId, applications.id)) as unknown as T) : rows;
}

/**
 * A search's queries run with sequential scans off: PostgreSQL prices a match on the search
 * document like any other condition and, for a word in many resumes, reads every application's
 * document (about 5 KB each, out of line) rather than the GIN index: 1.0–1.6 s at 50,000
 * applications ("kubernetes", in a third of them) against 10–30 ms a query on the indexes.
 * And without parallel workers: the page and its counts already run side by side, and a worker
 * ran the page's ranked subquery once more each (3 × 80 ms). Without a search, the planner chooses freely.
 */
export const SEARCH_SETTINGS = ['set local enable_seqscan = off', 'set local max_parallel_workers_per_gather = 0'] as const;

export async function searching<T>(db: Database, q: string | null, run: (db: Database) => Promise<T>): Promise<T> {
  if (!q) return run(db);
  return db.transaction(async (tx) => {
    for (const statement of SEARCH_SETTINGS) await tx.execute(sql.raw(statement));
    return run(tx);
  });
}

/**
 * How a search finds its newest matches. PostgreSQL walks the index of arrival times newest first
 * and tests each application on the way, reading its search document (about 5 KB, stored out of
 * line: some 20 µs an application), since it prices that test like any other; or the matches are
 * collected from the search's indexes first (about 2.5 µs a match, the document unread) and then
 * sorted. Walking reads RANKED_MATCHES × applications ÷ matches applications to find the newest
 * RANKED_MATCHES, so it wins only when the search matches many: at 50,000 applications, a word in
 * a third of them ("kubernetes", 16,400) 47 ms walked against 67 ms collected; two words in 3,300
 * of them 175 ms walked against 43 ms collected. Decision 059. The page and "previous"/"next" take
 * the scan from PostgreSQL's estimate (matchScan) unless they are given one (the tests give each).
 */
export type MatchScan = 'walk' | 'collect';
const WALK_ROW_COST = 8; // a row walked, in rows collected (20 µs against 2.5 µs)

/**
 * The scan for a search under `where`, from PostgreSQL's own estimate of its matches (planned,
 * not run: about 2 ms) and of the table's rows. A table never analysed is walked, as PostgreSQL chose.
 */
export async function matchScan(db: Database, where: SQL | undefined): Promise<MatchScan> {
  const [plan, table] = await Promise.all([
    db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      sql`explain (format json) select 1 from ${applications} where ${where}`,
    ),
    db.execute<{ rows: number }>(sql`select reltuples::float8 as rows from pg_class where oid = ${getTableName(applications)}::regclass`),
  ]);
  return scanFor(Number(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0), Number(table.rows[0]?.rows ?? -1));
}

/** The cheaper scan for `matches` among `rows` applications (-1: never analysed). */
export function scanFor(matches: number, rows: number): MatchScan {
  if (rows <= 0) return 'walk';
  return matches * matches >= WALK_ROW_COST * RANKED_MATCHES * rows ? 'walk' : 'collect';
}

/**
 * The scan for a view's search, best match first. Estimated with the search document for a phrase
 * too: PostgreSQL keeps no statistics of migration 0022's pairs of words (an expression in a GIN
 * index), and guessed 255 matches for "site reliability" (13,269), while the document's estimate of
 * its two words (both, anywhere) is near.
 */
function searchScan(db: Database, query: WorkspaceQuery, reach: Reach): Promise<MatchScan> {
  return matchScan(db, and(...conditions(query, reach, { phrase: null })));
}

/**
 * A view's newest `limit` matches, numbered newest first (`n`): the ones a search ranks are the
 * first RANKED_MATCHES of them. The page and "previous"/"next" number them alike. Collected
 * (`scan`), the matches are found in a subquery that PostgreSQL cannot merge into the ordered
 * query (its `offset 0`), so it answers it from the search's indexes rather than walking by time.
 */
function numberedMatches(db: Database, where: SQL | undefined, limit: number, scan: MatchScan) {
  // `offset 0` written out: drizzle leaves out an offset of the number 0.
  const matches =
    scan === 'collect'
      ? db
          .select({ id: applications.id, createdAt: applications.createdAt })
          .from(applications)
          .where(where)
          .offset(sql`0` as unknown as number)
          .as('matches')
      : null;
  const { id, createdAt } = matches ?? applications;
  const numbered = db.select({ id, n: sql<number>`row_number() over (order by ${createdAt} desc, ${id} desc)`.as('n') });
  return (matches ? numbered.from(matches).$dynamic() : numbered.from(applications).where(where).$dynamic())
    .orderBy(desc(createdAt), desc(id))
    .limit(limit)
    .as('newest');
}

/** Best match first among numbered matches: the ranked ones by relevance, then the rest newest first. */
const rankedOrder = (n: SQLWrapper, q: string) => sql`(case when ${n} <= ${RANKED_MATCHES} then ${relevance(q)} end) desc nulls last, ${n}`;

/** The columns of a page's rows (WorkspaceListRow, the snippet aside). */
const pageColumns = (reach: Reach) => ({
  id: applications.id,
  positionId: applications.positionId,
  positionTitle: positions.title,
  candidateId: applications.candidateId,
  fullName: applications.fullName,
  email: applications.email,
  phone: applications.phone,
  status: applications.status,
  createdAt: applications.createdAt,
  source: applications.source,
  knockedOut: applications.knockedOut,
  averageRating,
  ratingCount,
  otherApplications: otherApplications(reach),
});

/**
 * A view's search as a key of what is remembered of it (search-cache.ts): the view without what
 * `omit` names, and whose reach it is. Null for a view that cannot be remembered: one filtered by
 * interview, which depends on the time as well as on the data.
 */
function searchKey(kind: string, query: WorkspaceQuery, reach: Reach, omit: readonly (keyof WorkspaceQuery)[]): string | null {
  if (!query.q || query.interview !== null) return null;
  const view = Object.fromEntries(Object.entries(query).filter(([name]) => !omit.includes(name as keyof WorkspaceQuery)));
  return JSON.stringify([kind, reach.who.id, reach.who.role, reach.permission, view]);
}

const remembered = <T>(key: string | null, make: () => Promise<T>): Promise<T> => (key ? rememberedSearch(key, make) : make());

/** A search's matches in its best-match-first order, as far as the ranked ones and the first after them (`n`: its place newest first). */
type RankedMatches = { id: string; positionId: string; n: number }[];

/**
 * The ranked matches of a view's search best match first, and the first match after them: the
 * page and "previous"/"next" both read them, so a search opened page after page and application
 * after application ranks its matches once (remembered until the data changes).
 */
function rankedMatches(db: Database, query: WorkspaceQuery, reach: Reach, phrase: string | null, scan?: MatchScan): Promise<RankedMatches> {
  const q = query.q!;
  return remembered(searchKey('ranked', query, reach, ['page']), () =>
    searching(db, q, async (db) => {
      const newest = await searchMatches(db, query, reach, phrase, RANKED_MATCHES + 1, scan);
      const rows = await db
        .select({ id: applications.id, positionId: applications.positionId, n: newest.n })
        .from(applications)
        .innerJoin(newest, eq(newest.id, applications.id))
        .orderBy(rankedOrder(newest.n, q));
      return rows.map((row) => ({ id: row.id, positionId: row.positionId, n: Number(row.n) }));
    }),
  );
}

/** A view's search's newest `limit` matches, numbered (`numberedMatches`), found as PostgreSQL's estimate says unless `scan` is given. */
async function searchMatches(db: Database, query: WorkspaceQuery, reach: Reach, phrase: string | null, limit: number, scan?: MatchScan) {
  return numberedMatches(db, and(...conditions(query, reach, { phrase })), limit, scan ?? (await searchScan(db, query, reach)));
}

/**
 * The page's rows: with a search, best match first, the newest RANKED_MATCHES matches ranked (as
 * `order` says): a page among them is read from the ranked matches by id; a page past them in one
 * pass (the matches are found once, numbered newest first, and only those up to the page's end
 * are read). Otherwise as `order` says.
 */
async function pageRows(db: Database, query: WorkspaceQuery, reach: Reach, phrase: string | null, scan?: MatchScan) {
  const columns = pageColumns(reach);
  const offset = (query.page - 1) * APPLICATIONS_PER_PAGE;
  if (effectiveSort(query) === 'relevance' && query.q) {
    const ranked = await rankedMatches(db, query, reach, phrase, scan);
    if (ranked.length <= RANKED_MATCHES || offset + APPLICATIONS_PER_PAGE <= ranked.length) {
      return rowsOf(
        db,
        reach,
        ranked.slice(offset, offset + APPLICATIONS_PER_PAGE).map((match) => match.id),
      );
    }
    const q = query.q;
    return searching(db, q, async (db) => {
      const newest = await searchMatches(db, query, reach, phrase, Math.max(RANKED_MATCHES, offset + APPLICATIONS_PER_PAGE), scan);
      return db
        .select(columns)
        .from(applications)
        .innerJoin(newest, eq(newest.id, applications.id))
        .innerJoin(positions, eq(positions.id, applications.positionId))
        .orderBy(rankedOrder(newest.n, q))
        .limit(APPLICATIONS_PER_PAGE)
        .offset(offset);
    });
  }
  // Best rated first: the ratings' totals, whose index gives that order (see `fromView`).
  const inOrder = <T extends PgSelect>(rows: T) =>
    withTotals(rows, effectiveSort(query) === 'rating')
      .where(and(...conditions(query, reach, { phrase })))
      .orderBy(...order(query, reach, phrase))
      .limit(APPLICATIONS_PER_PAGE)
      .offset(offset);
  // Its ids first, then its columns for those 50 rows alone (issue 52). PostgreSQL makes the whole
  // select list (a row's rating and the candidate's other applications, sub-queries each) of every
  // row an OFFSET skips too: page 20 made 1,000 rows' (a hiring manager's took 24 ms, 3 ms so).
  // And a first page among a few positions read every matching row whole to sort them (a hiring
  // manager's new applications: 1,858 rows from 1,689 heap pages, 27-34 ms), where the ids come
  // from an index alone (2 ms).
  return searching(db, query.q, async (db) => {
    const ids = (
      await inOrder(
        db.select({ id: applications.id }).from(applications).innerJoin(positions, eq(positions.id, applications.positionId)).$dynamic(),
      )
    ).map((row) => row.id);
    return rowsOf(db, reach, ids);
  });
}

/** The page's columns of these applications, in the order of `ids`. */
async function rowsOf(db: Database, reach: Reach, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(pageColumns(reach))
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(inArray(applications.id, ids));
  const place = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
}

/**
 * Whether the view is filtered by nothing but what the counts kept per position tell (its
 * position, its status): every other filter is as the empty query has it, a filter added later too.
 */
function onlyByPosition(query: WorkspaceQuery): boolean {
  const { position: _position, status: _status, sort: _sort, page: _page, ...filters } = query;
  return Object.entries(filters).every(([key, value]) => value === emptyWorkspaceQuery[key as keyof typeof filters]);
}

/** The count of each status under the view's other filters: kept per position when that is all they ask (tally.ts). */
async function statusCounts(db: Database, query: WorkspaceQuery, reach: Reach, phrase: string | null) {
  const tallied = onlyByPosition(query) ? await talliedStatuses(db, reach, query.position) : null;
  return (
    tallied ??
    remembered(searchKey('counts', query, reach, ['status', 'sort', 'page']), () =>
      searching(db, query.q, (db) =>
        db
          .select({ status: applications.status, count: count() })
          .from(applications)
          .where(and(...conditions(query, reach, { status: false, phrase })))
          .groupBy(applications.status),
      ),
    )
  );
}

/**
 * A page of the view, its count and the count of each status. With `snippets`, each row of a
 * search also says where the search found it (search-snippets.ts), asked for as soon as the rows
 * are known, while the counts are still being made: they read every match, the page only its own.
 */
export async function pageWorkspace(
  db: Database,
  query: WorkspaceQuery,
  reach: Reach,
  { snippets = false, scan }: { snippets?: boolean; scan?: MatchScan } = {},
) {
  const phrase = query.q ? await phraseOf(db, query.q) : null;
  const q = query.q;
  const [rows, counts] = await Promise.all([
    pageRows(db, query, reach, phrase, scan).then(async (rows) => {
      const found =
        snippets && q
          ? await rememberedSnippets(
              q,
              rows.map((row) => row.id),
              (ids) => searchSnippets(db, ids, q),
            )
          : null;
      return rows.map((row) => ({ ...row, snippet: found?.get(row.id) ?? null }));
    }),
    statusCounts(db, query, reach, phrase),
  ]);
  const byStatus: Partial<Record<ApplicationStatus, number>> = Object.fromEntries(counts.map((row) => [row.status, row.count]));
  const all = counts.reduce((total, row) => total + row.count, 0);
  const total = query.status ? (byStatus[query.status] ?? 0) : all;
  return { rows, all, total, byStatus, pages: pageCount(total, APPLICATIONS_PER_PAGE) };
}

export type WorkspaceRow = Awaited<ReturnType<typeof pageWorkspace>>['rows'][number];

/** Every application the view shows, on every page (bulk actions on "all matching"). */
export async function matchingApplicationIds(db: Database, query: WorkspaceQuery, reach: Reach): Promise<string[]> {
  const phrase = query.q ? await phraseOf(db, query.q) : null;
  const rows = await searching(db, query.q, (db) =>
    fromView(db, { id: applications.id }, query)
      .where(and(...conditions(query, reach, { phrase })))
      .orderBy(...order(query, reach, phrase)),
  );
  return rows.map((row) => row.id as string);
}

/**
 * Every application a view shows, in its order, with `columns` (and the position's, joined): one
 * query for the export to stream (exports/csv-stream.ts), with the settings a search runs with.
 */
export async function viewQuery(db: Database, query: WorkspaceQuery, reach: Reach, columns: SelectedFields) {
  const phrase = query.q ? await phraseOf(db, query.q) : null;
  const compiled = fromView(db, columns, query)
    .where(and(...conditions(query, reach, { phrase })))
    .orderBy(...order(query, reach, phrase))
    .toSQL();
  return { query: compiled, setup: query.q ? SEARCH_SETTINGS : [] };
}

type Neighbour = { id: string; positionId: string } | null;

/**
 * The applications before and after one in the view's order, for "previous" and "next" on its
 * page: found from the application's own place in that order (a keyset), never by numbering the
 * whole view. Newest first: one step each way on the index of (created_at, id). Best match first:
 * only the newest RANKED_MATCHES matches are ranked (see there), so the application's place among
 * them, and the first match after them, come from those rows alone; past them the order is newest
 * first again. Best rated first: one step each way on (average rating, created_at, id).
 */
export async function neighbours(db: Database, query: WorkspaceQuery, reach: Reach, applicationId: string, scan?: MatchScan) {
  const phrase = query.q ? await phraseOf(db, query.q) : null;
  const where = and(...conditions(query, reach, { phrase }))!;
  const sort = effectiveSort(query);
  if (sort === 'relevance' && query.q) {
    const ranked = await rankedMatches(db, query, reach, phrase, scan);
    return searching(db, query.q, (db) => rankedNeighbours(db, where, ranked, applicationId));
  }
  return searching(db, query.q, (db) => keysetNeighbours(db, where, sort === 'rating' ? ratedKey : newestKey, applicationId));
}

const neighbourColumns = { id: applications.id, positionId: applications.positionId };

/**
 * An order's key: the columns it sorts by (of applications, or of the ratings' totals joined to
 * them), compared as a row. For the one application given, the same values are read by
 * a subquery of its own (its table hides the outer query's).
 */
function orderKey(table: typeof applications | typeof totals, columns: SQLWrapper[], id: SQLWrapper) {
  const list = sql.join(columns, sql`, `);
  return {
    /** Its columns are the totals': the query joins them. */
    rated: table === totals,
    row: sql`(${list})`,
    columns,
    of: (applicationId: string) => sql`(select ${list} from ${table} where ${id} = ${applicationId})`,
  };
}
type OrderKey = ReturnType<typeof orderKey>;
const newestKey = orderKey(applications, [applications.createdAt, applications.id], applications.id);
/** An unrated application ranks 0, below every rating (1 to 5): "nulls last" of the view's order. */
const ratedKey = orderKey(totals, [totals.rank, totals.createdAt, totals.applicationId], totals.applicationId);

/** The application next to one in the view, one step on its key: the one before it, or after it. */
async function step(db: Database, where: SQL, key: OrderKey, applicationId: string, direction: 'previous' | 'next'): Promise<Neighbour> {
  // Column by column (not the row as one value), so that the order is the index's.
  const [row] = await withTotals(db.select(neighbourColumns).from(applications).$dynamic(), key.rated)
    .where(and(where, direction === 'previous' ? sql`${key.row} > ${key.of(applicationId)}` : sql`${key.row} < ${key.of(applicationId)}`))
    .orderBy(...key.columns.map((column) => (direction === 'previous' ? sql`${column} asc` : sql`${column} desc`)))
    .limit(1);
  return row ?? null;
}

async function keysetNeighbours(db: Database, where: SQL, key: OrderKey, applicationId: string) {
  const [inView] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(where, eq(applications.id, applicationId)));
  if (!inView) return { previous: null, next: null };
  return { previous: await step(db, where, key, applicationId, 'previous'), next: await step(db, where, key, applicationId, 'next') };
}

/**
 * Previous and next among a search's ranked matches (best match first, then the first match after
 * them); past them, newest first again.
 */
async function rankedNeighbours(db: Database, where: SQL, ranked: RankedMatches, applicationId: string) {
  const at = ranked.findIndex((match) => match.id === applicationId);
  // Older than every ranked match: newest first among the rest (the first of them follows the ranked ones).
  if (at === -1) return keysetNeighbours(db, where, newestKey, applicationId);
  const link = (match: RankedMatches[number] | undefined): Neighbour => (match ? { id: match.id, positionId: match.positionId } : null);
  const previous = link(ranked[at - 1]);
  // The first match after the ranked ones: what follows it is the next older match.
  if (ranked[at]!.n > RANKED_MATCHES) return { previous, next: await step(db, where, newestKey, applicationId, 'next') };
  return { previous, next: link(ranked[at + 1]) };
}

/** The sources applicants came from, most frequent first: the choices of the list's source filter. */
export async function listApplicationSources(db: Database, reach: Reach): Promise<string[]> {
  const tallied = await talliedSources(db, reach, 100);
  if (tallied) return tallied;
  const rows = await db
    .select({ source: applications.source })
    .from(applications)
    .where(applicationsInScope(reach.who, reach.permission))
    .groupBy(applications.source)
    .orderBy(desc(count()), applications.source)
    .limit(100);
  return rows.map((row) => row.source);
}

/** The same person's other applications (their candidate's) in the viewer's reach, newest first. */
export async function otherApplicationsOf(db: Database, applicationId: string, reach: Reach) {
  return db
    .select({
      id: applications.id,
      positionId: applications.positionId,
      positionTitle: positions.title,
      status: applications.status,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(
      and(
        sql`${applications.candidateId} = (select candidate_id from ${applications} as this where this.id = ${applicationId})`,
        sql`${applications.id} <> ${applicationId}`,
        applicationsInScope(reach.who, reach.permission),
      ),
    )
    .orderBy(desc(applications.createdAt));
}
