import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { applicationsInScope, positionsInScope, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { applications, bookingHosts, bookings, candidates, contactMessages, departments, positions, users } from '../db/schema.ts';
import { containsPattern } from '../db/like.ts';
import { listRejectionReasons } from '../applications/rejections.ts';
import { applicationConditions, phraseOf, searching } from '../applications/workspace.ts';
import { parseWorkspaceQuery } from '../../lib/applications/query.ts';
import type { z } from 'zod/mini';
import { isUuid } from '../../lib/ids.ts';
import type {
  applicationDetailSchema,
  applicationListQuery,
  applicationSchema,
  candidateListQuery,
  candidateSchema,
  interviewListQuery,
  interviewSchema,
  messageListQuery,
  messageSchema,
  positionListQuery,
  positionSchema,
} from '../../lib/api/schemas.ts';

/**
 * What the JSON API answers (issue 55), each list narrowed by the permission module exactly as the
 * page that shows the same records is: a token sees what its owner sees, never more. Lists are
 * newest first, a page at a time, continued after the `nextCursor` of the last (the last row's time
 * and id: rows added meanwhile never shift a page).
 */

export class CursorError extends Error {}

interface Cursor {
  /** The last row's time to the microsecond, as PostgreSQL keeps it (a JavaScript Date keeps milliseconds: rows of one transaction share a time). */
  at: string;
  id: string;
}

/** A time to the microsecond, in UTC, as text that casts back to exactly that time. */
export const exactTime = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const EXACT_TIME = /^(19|20|21)\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export const cursorOf = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function readCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at !== 'string' || !EXACT_TIME.test(at) || Number.isNaN(Date.parse(at)) || typeof id !== 'string' || !isUuid(id))
      throw new Error();
    return { at, id };
  } catch {
    throw new CursorError('cursor: must be the nextCursor of a previous page');
  }
}

const limitOf = (value: string | undefined) => (value ? Number(value) : 50);

/** Keyset: rows strictly before the cursor in (time, id) descending order. */
const before = (cursor: Cursor | null, at: SQL | unknown, id: SQL | unknown): SQL | undefined =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

/** One page of rows fetched one past the limit: the extra row says another page follows. */
function paged<T>(rows: T[], limit: number, key: (row: T) => [string, string]) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? cursorOf(...key(last)) : null };
}

const iso = (date: Date) => date.toISOString();

type Positions = z.output<typeof positionSchema>;
export async function listPositions(db: Database, who: Who, siteUrl: string, query: z.output<typeof positionListQuery>) {
  const limit = limitOf(query.limit);
  const rows = await db
    .select({ position: positions, department: departments.name, cursorAt: exactTime(positions.createdAt) })
    .from(positions)
    .leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(
      and(
        positionsInScope(who, 'positions.view'),
        query.active ? eq(positions.isActive, query.active === 'true') : undefined,
        before(readCursor(query.cursor), positions.createdAt, positions.id),
      ),
    )
    .orderBy(desc(positions.createdAt), desc(positions.id))
    .limit(limit + 1);
  const page = paged(rows, limit, (row) => [row.cursorAt, row.position.id]);
  return { data: page.data.map((row) => positionOf(row, siteUrl)), nextCursor: page.nextCursor };
}

function positionOf(row: { position: typeof positions.$inferSelect; department: string | null }, siteUrl: string): Positions {
  return {
    id: row.position.id,
    title: row.position.title,
    department: row.department,
    location: row.position.location,
    type: row.position.type,
    active: row.position.isActive,
    createdAt: iso(row.position.createdAt),
    // Its applications in the workspace: what everyone who may see a position may open.
    url: `${siteUrl}/admin/applications/${row.position.id}`,
  };
}

export async function getPosition(db: Database, who: Who, siteUrl: string, id: string): Promise<Positions | null> {
  const [row] = await db
    .select({ position: positions, department: departments.name })
    .from(positions)
    .leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(and(eq(positions.id, id), positionsInScope(who, 'positions.view')));
  return row ? positionOf(row, siteUrl) : null;
}

/** An application's columns; its phone and address only where the caller may contact the candidate (as on its page). */
const applicationColumns = (who: Who) => ({
  application: applications,
  positionTitle: positions.title,
  contact: sql<boolean>`${applicationsInScope(who, 'applications.contact')}`,
  cursorAt: exactTime(applications.createdAt),
});

type ApplicationRow = { application: typeof applications.$inferSelect; positionTitle: string; contact: boolean; cursorAt: string };
function applicationOf(row: ApplicationRow, siteUrl: string): z.output<typeof applicationSchema> {
  const { application } = row;
  return {
    id: application.id,
    position: { id: application.positionId, title: row.positionTitle },
    candidateId: application.candidateId,
    name: application.fullName,
    email: application.email,
    phone: row.contact ? application.phone : null,
    address: row.contact ? application.address : null,
    status: application.status,
    source: application.source,
    knockedOut: application.knockedOut,
    createdAt: iso(application.createdAt),
    updatedAt: iso(application.updatedAt),
    url: `${siteUrl}/admin/applications/${application.positionId}/${application.id}`,
  };
}

/** The workspace's list, with its filters (the same conditions: src/server/applications/workspace.ts). */
export async function listApplications(db: Database, who: Who, siteUrl: string, query: z.output<typeof applicationListQuery>) {
  const limit = limitOf(query.limit);
  const cursor = readCursor(query.cursor);
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const workspace = parseWorkspaceQuery(params, { sort: 'newest', page: 1 });
  const reach = { who, permission: 'applications.list' } as const;
  const phrase = workspace.q ? await phraseOf(db, workspace.q) : null;
  const rows = await searching(db, workspace.q, (scoped) =>
    scoped
      .select(applicationColumns(who))
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(and(applicationConditions(workspace, reach, phrase), before(cursor, applications.createdAt, applications.id)))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(limit + 1),
  );
  const page = paged(rows, limit, (row) => [row.cursorAt, row.application.id]);
  return { data: page.data.map((row) => applicationOf(row, siteUrl)), nextCursor: page.nextCursor };
}

export async function getApplication(
  db: Database,
  who: Who,
  siteUrl: string,
  id: string,
): Promise<z.output<typeof applicationDetailSchema> | null> {
  const [row] = await db
    .select(applicationColumns(who))
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(and(eq(applications.id, id), applicationsInScope(who, 'applications.read')));
  if (!row) return null;
  return {
    ...applicationOf(row, siteUrl),
    coverLetter: row.application.coverLetter,
    linkedin: row.application.linkedinProfile,
    github: row.application.githubProfile,
    screeningAnswers: (row.application.screeningAnswers ?? []).map((answer) => ({ question: answer.question, answer: answer.answer })),
  };
}

/** The people behind applications whose history the caller reads (a candidate's profile page), with those applications. */
export async function listCandidates(db: Database, who: Who, siteUrl: string, query: z.output<typeof candidateListQuery>) {
  const limit = limitOf(query.limit);
  const cursor = readCursor(query.cursor);
  const inReach = applicationsInScope(who, 'applications.history');
  const q = query.q?.trim().toLowerCase();
  // In the order the people came (their candidate row's time: a new application does not move them),
  // named as their newest application in reach names them.
  const { rows } = await db.execute<{ id: string; cursor_at: string; name: string; email: string }>(sql`
    select c.id, ${exactTime(sql`c.created_at`)} as cursor_at, newest.name, newest.email
    from ${candidates} c
    cross join lateral (
      select a.full_name as name, a.email from ${applications} a
      where a.candidate_id = c.id and ${applicationsInScope(who, 'applications.history', { id: sql`a.id`, positionId: sql`a.position_id` })}
      order by a.created_at desc limit 1
    ) newest
    where ${q ? sql`(lower(newest.name) like ${containsPattern(q)} or lower(newest.email) like ${containsPattern(q)})` : sql`true`}
      ${cursor ? sql`and ${before(cursor, sql`c.created_at`, sql`c.id`)}` : sql``}
    order by c.created_at desc, c.id desc
    limit ${limit + 1}`);
  const page = paged(
    rows.map((row) => ({ id: row.id, cursorAt: row.cursor_at, name: row.name, email: row.email })),
    limit,
    (row) => [row.cursorAt, row.id],
  );
  const theirs = page.data.length
    ? await db
        .select({
          candidateId: applications.candidateId,
          id: applications.id,
          positionId: applications.positionId,
          status: applications.status,
          createdAt: applications.createdAt,
        })
        .from(applications)
        .where(
          and(
            inArray(
              applications.candidateId,
              page.data.map((row) => row.id),
            ),
            inReach,
          ),
        )
        .orderBy(desc(applications.createdAt))
    : [];
  return {
    data: page.data.map((row): z.output<typeof candidateSchema> => ({
      id: row.id,
      name: row.name,
      email: row.email,
      applications: theirs
        .filter((application) => application.candidateId === row.id)
        .map((application) => ({
          id: application.id,
          positionId: application.positionId,
          status: application.status,
          createdAt: iso(application.createdAt),
        })),
      url: `${siteUrl}/admin/candidates/${row.id}`,
    })),
    nextCursor: page.nextCursor,
  };
}

/** Interviews of the applications whose history the caller reads, and the ones they take part in (their own panel). */
export async function listInterviews(db: Database, who: Who, siteUrl: string, query: z.output<typeof interviewListQuery>) {
  const limit = limitOf(query.limit);
  const cursor = readCursor(query.cursor);
  // Their own panels, while they still read the application (as its page shows them) and are on the panel.
  const own = sql`(${bookings.id} in (select ${bookingHosts.bookingId} from ${bookingHosts} where ${bookingHosts.userId} = ${who.id} and ${bookingHosts.active}) and ${applicationsInScope(who, 'applications.read')})`;
  const rows = await db
    .select({ booking: bookings, positionId: applications.positionId, cursorAt: exactTime(bookings.startsAt) })
    .from(bookings)
    .innerJoin(applications, eq(applications.id, bookings.applicationId))
    .where(
      and(
        eq(bookings.kind, 'interview'),
        sql`(${applicationsInScope(who, 'applications.history')} or ${own})`,
        query.application ? eq(bookings.applicationId, query.application) : undefined,
        query.status ? eq(bookings.status, query.status) : undefined,
        query.from ? sql`${bookings.endsAt} > ${new Date(query.from)}` : undefined,
        query.to ? sql`${bookings.startsAt} < ${new Date(query.to)}` : undefined,
        before(cursor, bookings.startsAt, bookings.id),
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(limit + 1);
  const page = paged(rows, limit, (row) => [row.cursorAt, row.booking.id]);
  const hosts = page.data.length
    ? await db
        .select({ bookingId: bookingHosts.bookingId, id: users.id, name: users.name })
        .from(bookingHosts)
        .innerJoin(users, eq(users.id, bookingHosts.userId))
        .where(
          and(
            inArray(
              bookingHosts.bookingId,
              page.data.map((row) => row.booking.id),
            ),
            eq(bookingHosts.active, true),
          ),
        )
    : [];
  return {
    data: page.data.map(({ booking, positionId }): z.output<typeof interviewSchema> => ({
      id: booking.id,
      applicationId: booking.applicationId!,
      positionId,
      candidateName: booking.guestName,
      startsAt: iso(booking.startsAt),
      endsAt: iso(booking.endsAt),
      status: booking.status,
      interviewers: hosts.filter((host) => host.bookingId === booking.id).map(({ id, name }) => ({ id, name })),
      url: `${siteUrl}/admin/applications/${positionId}/${booking.applicationId}#interviews-heading`,
    })),
    nextCursor: page.nextCursor,
  };
}

function messageOf(row: typeof contactMessages.$inferSelect, siteUrl: string): z.output<typeof messageSchema> {
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
    reason: row.reason,
    message: row.message,
    hasAttachment: row.attachmentUploadId !== null,
    read: row.readAt !== null,
    createdAt: iso(row.createdAt),
    url: `${siteUrl}/admin/messages/${row.id}`,
  };
}

export async function listMessages(db: Database, siteUrl: string, query: z.output<typeof messageListQuery>) {
  const limit = limitOf(query.limit);
  const rows = await db
    .select({ message: contactMessages, cursorAt: exactTime(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        query.unread === 'true'
          ? sql`${contactMessages.readAt} is null`
          : query.unread === 'false'
            ? sql`${contactMessages.readAt} is not null`
            : undefined,
        query.reason ? eq(contactMessages.reason, query.reason) : undefined,
        before(readCursor(query.cursor), contactMessages.createdAt, contactMessages.id),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit + 1);
  const page = paged(rows, limit, (row) => [row.cursorAt, row.message.id]);
  return { data: page.data.map((row) => messageOf(row.message, siteUrl)), nextCursor: page.nextCursor };
}

export async function getMessage(db: Database, siteUrl: string, id: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? messageOf(row, siteUrl) : null;
}

/** The reasons a rejection may give (to move an application to Rejected): those offered now. */
export async function listReasons(db: Database) {
  return { data: (await listRejectionReasons(db)).map(({ id, label, asksDetail }) => ({ id, label, asksDetail })) };
}
