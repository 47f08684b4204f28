import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applicationsInScope, type Permission, type Who } from '../access/permissions.ts';
import { containsPattern } from '../db/like.ts';
import { applications, applicationRatings, bookings, interviewRequests, positions } from '../db/schema.ts';
import { effectiveSort, type WorkspaceQuery } from '../../lib/applications/query.ts';
import type { ApplicationStatus } from '../../lib/applications/status.ts';
import { pageCount } from '../../lib/list-query.ts';

/**
 * The recruiter's workspace: every application, across positions, filtered as the URL says (name
 * or e-mail, position, status, rating, days applied), newest first or best rated first, 50 a page,
 * with the count of each status under the other filters.
 */

export const APPLICATIONS_PER_PAGE = 50;

/** The average of the reviewers' ratings (null when unrated) and their number. */
const averageRating = sql<
  number | null
>`(select avg(${applicationRatings.rating})::float from ${applicationRatings} where ${applicationRatings.applicationId} = ${applications.id})`;
const ratingCount = sql<number>`(select count(*)::int from ${applicationRatings} where ${applicationRatings.applicationId} = ${applications.id})`;
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
 * resume, then the rest; normalised by length, so a long resume does not win by length alone),
 * and a name or address containing what was typed on top.
 */
export const relevance = (q: string) =>
  sql`(ts_rank(${applications.searchVector}, ${searchQuery(q)}) + case when ${nameOrEmailContains(q)} then 1 else 0 end)`;

function conditions(query: WorkspaceQuery, reach: Reach, { status = true } = {}): SQL[] {
  const where: SQL[] = [applicationsInScope(reach.who, reach.permission)];
  // Searches notes too: every role that lists applications reads their notes at the same reach (rules.test.ts).
  if (query.q) where.push(sql`(${applications.searchVector} @@ ${searchQuery(query.q)} or ${nameOrEmailContains(query.q)})`);
  if (query.position) where.push(eq(applications.positionId, query.position));
  if (status && query.status) where.push(eq(applications.status, query.status));
  if (query.rating === 'unrated') where.push(sql`${ratingCount} = 0`);
  else if (query.rating !== null) where.push(sql`${averageRating} >= ${query.rating}`);
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

function order(query: WorkspaceQuery): SQL[] {
  const newest = [desc(applications.createdAt), desc(applications.id)];
  const sort = effectiveSort(query);
  if (sort === 'rating') return [sql`${averageRating} desc nulls last`, ...newest];
  if (sort === 'relevance' && query.q) return [sql`${relevance(query.q)} desc`, ...newest];
  return newest;
}

export async function pageWorkspace(db: Database, query: WorkspaceQuery, reach: Reach) {
  const [rows, counts] = await Promise.all([
    db
      .select({
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
      })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(and(...conditions(query, reach)))
      .orderBy(...order(query))
      .limit(APPLICATIONS_PER_PAGE)
      .offset((query.page - 1) * APPLICATIONS_PER_PAGE),
    db
      .select({ status: applications.status, count: count() })
      .from(applications)
      .where(and(...conditions(query, reach, { status: false })))
      .groupBy(applications.status),
  ]);
  const byStatus: Partial<Record<ApplicationStatus, number>> = Object.fromEntries(counts.map((row) => [row.status, row.count]));
  const all = counts.reduce((total, row) => total + row.count, 0);
  const total = query.status ? (byStatus[query.status] ?? 0) : all;
  return { rows, all, total, byStatus, pages: pageCount(total, APPLICATIONS_PER_PAGE) };
}

export type WorkspaceRow = Awaited<ReturnType<typeof pageWorkspace>>['rows'][number];

/** Every application the view shows, on every page (bulk actions on "all matching"). */
export async function matchingApplicationIds(db: Database, query: WorkspaceQuery, reach: Reach): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(...conditions(query, reach)))
    .orderBy(...order(query));
  return rows.map((row) => row.id);
}

/** The applications before and after one in the view's order, for "previous" and "next" on its page. */
export async function neighbours(db: Database, query: WorkspaceQuery, reach: Reach, applicationId: string) {
  const ordered = db
    .select({
      id: applications.id,
      positionId: applications.positionId,
      previous: sql<string | null>`lag(${applications.id}::text) over (order by ${sql.join(order(query), sql`, `)})`.as('previous'),
      previousPosition: sql<string | null>`lag(${applications.positionId}::text) over (order by ${sql.join(order(query), sql`, `)})`.as(
        'previous_position',
      ),
      next: sql<string | null>`lead(${applications.id}::text) over (order by ${sql.join(order(query), sql`, `)})`.as('next'),
      nextPosition: sql<string | null>`lead(${applications.positionId}::text) over (order by ${sql.join(order(query), sql`, `)})`.as(
        'next_position',
      ),
    })
    .from(applications)
    .where(and(...conditions(query, reach)))
    .as('ordered');
  const [row] = await db.select().from(ordered).where(eq(ordered.id, applicationId));
  const link = (id: string | null, positionId: string | null) => (id && positionId ? { id, positionId } : null);
  return { previous: link(row?.previous ?? null, row?.previousPosition ?? null), next: link(row?.next ?? null, row?.nextPosition ?? null) };
}

/** The sources applicants came from, most frequent first: the choices of the list's source filter. */
export async function listApplicationSources(db: Database, reach: Reach): Promise<string[]> {
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
