import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { applicationsInScope, positionsInScope, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { applications, bookingHosts, bookings, contactMessages, departments, positions, users } from '../db/schema.ts';
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
  at: Date;
  id: string;
}

export const cursorOf = (at: Date, id: string) => Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');

function readCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (Number.isNaN(date.getTime()) || !isUuid(id)) throw new Error();
    return { at: date, id };
  } catch {
    throw new CursorError('cursor: must be the nextCursor of a previous page');
  }
}

const limitOf = (value: string | undefined) => (value ? Number(value) : 50);

/** Keyset: rows strictly before the cursor in (time, id) descending order. */
const before = (cursor: Cursor | null, at: SQL | unknown, id: SQL | unknown): SQL | undefined =>
  cursor ? sql`(${at}, ${id}) < (${cursor.at}, ${cursor.id})` : undefined;

/** One page of rows fetched one past the limit: the extra row says another page follows. */
function paged<T>(rows: T[], limit: number, key: (row: T) => [Date, string]) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? cursorOf(...key(last)) : null };
}

const iso = (date: Date) => date.toISOString();

type Positions = z.output<typeof positionSchema>;
export async function listPositions(db: Database, who: Who, siteUrl: string, query: z.output<typeof positionListQuery>) {
  const limit = limitOf(query.limit);
  const rows = await db
    .select({ position: positions, department: departments.name })
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
  const page = paged(rows, limit, (row) => [row.position.createdAt, row.position.id]);
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
    url: `${siteUrl}/admin/positions/${row.position.id}`,
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
});

type ApplicationRow = { application: typeof applications.$inferSelect; positionTitle: string; contact: boolean };
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
  const page = paged(rows, limit, (row) => [row.application.createdAt, row.application.id]);
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
  // A candidate's newest application in reach stands for them: its time orders the list.
  const { rows } = await db.execute<{ id: string; at: string; name: string; email: string }>(sql`
    with newest as (
      select distinct on (a.candidate_id) a.candidate_id as id, a.created_at as at, a.full_name as name, a.email
      from ${applications} a
      where a.candidate_id is not null and ${applicationsInScope(who, 'applications.history', { id: sql`a.id`, positionId: sql`a.position_id` })}
        ${q ? sql`and (lower(a.full_name) like ${`%${q}%`} or lower(a.email) like ${`%${q}%`})` : sql``}
      order by a.candidate_id, a.created_at desc
    )
    select id, at, name, email from newest
    ${cursor ? sql`where (at, id) < (${cursor.at}, ${cursor.id}::uuid)` : sql``}
    order by at desc, id desc
    limit ${limit + 1}`);
  const page = paged(
    rows.map((row) => ({ id: row.id, at: new Date(row.at), name: row.name, email: row.email })),
    limit,
    (row) => [row.at, row.id],
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
  const own = sql`${bookings.id} in (select ${bookingHosts.bookingId} from ${bookingHosts} where ${bookingHosts.userId} = ${who.id})`;
  const rows = await db
    .select({ booking: bookings, positionId: applications.positionId })
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
  const page = paged(rows, limit, (row) => [row.booking.startsAt, row.booking.id]);
  const hosts = page.data.length
    ? await db
        .select({ bookingId: bookingHosts.bookingId, id: users.id, name: users.name })
        .from(bookingHosts)
        .innerJoin(users, eq(users.id, bookingHosts.userId))
        .where(
          inArray(
            bookingHosts.bookingId,
            page.data.map((row) => row.booking.id),
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
    .select()
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
  const page = paged(rows, limit, (row) => [row.createdAt, row.id]);
  return { data: page.data.map((row) => messageOf(row, siteUrl)), nextCursor: page.nextCursor };
}

export async function getMessage(db: Database, siteUrl: string, id: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? messageOf(row, siteUrl) : null;
}
