import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { applications, auditLog, contactMessages, departments, positions, uploads, users } from './db/schema.ts';
import type { ObjectStorage } from './storage/types.ts';
import { positionValues, type ApplicationStatus, type Role, type positionFormSchema } from '../lib/admin-schema.ts';
import type { ApplicationsQuery } from '../lib/applications-query.ts';
import type { InboxQuery } from '../lib/inbox-query.ts';
import { pageCount } from '../lib/list-query.ts';
import type { z } from 'zod/mini';

/**
 * The admin area's queries and commands. Every command writes the audit log in the same
 * transaction as its change. Callers have already passed the admin check (src/server/session.ts).
 */

export interface Actor {
  id: string;
  email: string;
}

/** A refusal the admin should read (toasted as the server's message). */
export class AdminRuleError extends Error {
  override readonly name = 'AdminRuleError';
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function audit(
  tx: Tx | Database,
  actor: Actor,
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown> = {},
) {
  await tx.insert(auditLog).values({ actorUserId: actor.id, actorEmail: actor.email, action, targetType, targetId, details });
}

// Users ------------------------------------------------------------------------------------------

export async function listUsers(db: Database) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt));
}

/** Locks the admins' rows so two concurrent demotions cannot both see "another admin is left". */
async function lockAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`select id from users where role = 'admin' for update`);
  return rows.rows.map((row) => row.id);
}

export async function changeUserRole(db: Database, actor: Actor, userId: string, role: Role): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError('You cannot change your own role. Ask another admin.');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AdminRuleError('This user no longer exists.');
    if (user.role === role) return;
    if (user.role === 'admin' && admins.length <= 1) throw new AdminRuleError('The last admin cannot be demoted.');
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(tx, actor, 'user.role_changed', 'user', userId, { from: user.role, to: role });
  });
}

export async function deleteUser(db: Database, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.id) throw new AdminRuleError('You cannot delete your own account here.');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AdminRuleError('This user no longer exists.');
    if (user.role === 'admin' && admins.length <= 1) throw new AdminRuleError('The last admin cannot be deleted.');
    // Sessions and credentials go with the user (foreign keys cascade).
    await tx.delete(users).where(eq(users.id, userId));
    await audit(tx, actor, 'user.deleted', 'user', userId, { email: user.email, role: user.role });
  });
}

// Positions --------------------------------------------------------------------------------------

export async function listDepartmentsForAdmin(db: Database) {
  return db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.name));
}

export async function listAdminPositions(db: Database) {
  return db
    .select({
      id: positions.id,
      title: positions.title,
      location: positions.location,
      type: positions.type,
      isActive: positions.isActive,
      closesAt: positions.closesAt,
      createdAt: positions.createdAt,
      departmentName: sql<string | null>`${departments.name}`,
      applicationCount: sql<number>`(select count(*)::int from ${applications} where ${applications.positionId} = ${positions.id})`,
    })
    .from(positions)
    .leftJoin(departments, eq(positions.departmentId, departments.id))
    .orderBy(desc(positions.createdAt));
}

export async function getPosition(db: Database, positionId: string) {
  const [row] = await db.select().from(positions).where(eq(positions.id, positionId));
  return row ?? null;
}

type PositionForm = z.output<typeof positionFormSchema>;

export async function createPosition(db: Database, actor: Actor, form: PositionForm): Promise<string> {
  return db.transaction(async (tx) => {
    // New positions are active (spec section 4).
    const [row] = await tx
      .insert(positions)
      .values({ ...positionValues(form), isActive: true })
      .returning({ id: positions.id });
    if (!row) throw new Error('The position was not stored.');
    await audit(tx, actor, 'position.created', 'position', row.id, { title: form.title });
    return row.id;
  });
}

export async function updatePosition(db: Database, actor: Actor, positionId: string, form: PositionForm): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(positions)
      .set({ ...positionValues(form), updatedAt: new Date() })
      .where(eq(positions.id, positionId))
      .returning({ id: positions.id });
    if (updated.length === 0) throw new AdminRuleError('This position no longer exists.');
    await audit(tx, actor, 'position.updated', 'position', positionId, { title: form.title });
  });
}

export async function setPositionActive(db: Database, actor: Actor, positionId: string, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(positions)
      .set({ isActive: active, updatedAt: new Date() })
      .where(eq(positions.id, positionId))
      .returning({ title: positions.title });
    if (updated.length === 0) throw new AdminRuleError('This position no longer exists.');
    await audit(tx, actor, active ? 'position.activated' : 'position.deactivated', 'position', positionId, { title: updated[0]?.title });
  });
}

// Applications -----------------------------------------------------------------------------------

const applicationColumns = {
  id: applications.id,
  fullName: applications.fullName,
  email: applications.email,
  phone: applications.phone,
  status: applications.status,
  createdAt: applications.createdAt,
};

/** Every application of a position, newest first (the CSV export). */
export async function listApplicationsForPosition(db: Database, positionId: string) {
  return db
    .select(applicationColumns)
    .from(applications)
    .where(eq(applications.positionId, positionId))
    .orderBy(desc(applications.createdAt));
}

export const APPLICATIONS_PER_PAGE = 50;

/** One page of a position's applications, all or one status, with the count of each status. */
export async function pageApplicationsForPosition(db: Database, positionId: string, { status, page }: ApplicationsQuery) {
  const where = status
    ? and(eq(applications.positionId, positionId), eq(applications.status, status))
    : eq(applications.positionId, positionId);
  const [rows, counts] = await Promise.all([
    db
      .select(applicationColumns)
      .from(applications)
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(APPLICATIONS_PER_PAGE)
      .offset((page - 1) * APPLICATIONS_PER_PAGE),
    applicationCounts(db, positionId),
  ]);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, row.count])) as Partial<Record<ApplicationStatus, number>>;
  const all = counts.reduce((total, row) => total + row.count, 0);
  return { rows, all, byStatus, pages: pageCount(status ? (byStatus[status] ?? 0) : all, APPLICATIONS_PER_PAGE) };
}

export async function applicationCounts(db: Database, positionId: string) {
  return db
    .select({ status: applications.status, count: count() })
    .from(applications)
    .where(eq(applications.positionId, positionId))
    .groupBy(applications.status);
}

export async function getApplicationDetail(db: Database, positionId: string, applicationId: string) {
  const [row] = await db
    .select({ application: applications, resumeFileName: uploads.fileName, resumeSize: uploads.size })
    .from(applications)
    .leftJoin(uploads, eq(applications.resumeUploadId, uploads.id))
    .where(and(eq(applications.id, applicationId), eq(applications.positionId, positionId)));
  return row ?? null;
}

export async function setApplicationStatus(db: Database, actor: Actor, applicationId: string, status: ApplicationStatus): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .for('update');
    if (!current) throw new AdminRuleError('This application no longer exists.');
    if (current.status === status) return;
    await tx.update(applications).set({ status, updatedAt: new Date() }).where(eq(applications.id, applicationId));
    await audit(tx, actor, 'application.status_changed', 'application', applicationId, { from: current.status, to: status });
  });
}

/** The stored resume of an application, for the authorised download; the download is audited. */
export async function resumeForDownload(db: Database, actor: Actor, applicationId: string) {
  const [row] = await db
    .select({ storageKey: uploads.storageKey, fileName: uploads.fileName, contentType: uploads.contentType })
    .from(applications)
    .innerJoin(uploads, eq(applications.resumeUploadId, uploads.id))
    .where(eq(applications.id, applicationId));
  if (!row) return null;
  await audit(db, actor, 'application.resume_downloaded', 'application', applicationId);
  return row;
}

/** CSV of a position's applications. Cells that a spreadsheet would run as a formula are defused. */
export function applicationsCsv(
  rows: ReadonlyArray<{ fullName: string; email: string; phone: string; status: string; createdAt: Date }>,
): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    ['Name', 'Email', 'Phone', 'Status', 'Applied'],
    ...rows.map((row) => [row.fullName, row.email, row.phone, row.status, row.createdAt.toISOString()]),
  ];
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

// Audit log --------------------------------------------------------------------------------------

export async function listAuditLog(db: Database, limit = 200) {
  return db
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

// Contact messages ---------------------------------------------------------------------------------

export const MESSAGES_PER_PAGE = 50;

/** One page of the inbox, newest first, with the totals the page needs for its links. */
export async function listMessages(db: Database, { unreadOnly, page }: InboxQuery = { unreadOnly: false, page: 1 }) {
  const where = unreadOnly ? isNull(contactMessages.readAt) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        email: contactMessages.email,
        reason: contactMessages.reason,
        readAt: contactMessages.readAt,
        createdAt: contactMessages.createdAt,
        hasAttachment: sql<boolean>`${contactMessages.attachmentUploadId} is not null`,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGES_PER_PAGE)
      .offset((Math.max(1, page) - 1) * MESSAGES_PER_PAGE),
    db.select({ all: count(), unread: sql<number>`count(*) filter (where ${contactMessages.readAt} is null)::int` }).from(contactMessages),
  ]);
  const all = totals?.all ?? 0;
  const unread = totals?.unread ?? 0;
  return { rows, all, unread, pages: pageCount(unreadOnly ? unread : all, MESSAGES_PER_PAGE) };
}

export async function countUnreadMessages(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.count ?? 0;
}

export async function getMessage(db: Database, messageId: string) {
  const [row] = await db
    .select({ message: contactMessages, attachmentName: uploads.fileName, attachmentSize: uploads.size })
    .from(contactMessages)
    .leftJoin(uploads, eq(contactMessages.attachmentUploadId, uploads.id))
    .where(eq(contactMessages.id, messageId));
  return row ?? null;
}

export async function setMessageRead(db: Database, actor: Actor, messageId: string, read: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(contactMessages)
      .set({ readAt: read ? new Date() : null })
      .where(eq(contactMessages.id, messageId))
      .returning({ id: contactMessages.id });
    if (updated.length === 0) throw new AdminRuleError('This message no longer exists.');
    await audit(tx, actor, read ? 'message.marked_read' : 'message.marked_unread', 'message', messageId);
  });
}

/** Deletes a message and its attachment (row now, file after the commit). */
export async function deleteMessage(db: Database, storage: ObjectStorage, actor: Actor, messageId: string): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update');
    if (!message) throw new AdminRuleError('This message no longer exists.');
    await tx.delete(contactMessages).where(eq(contactMessages.id, messageId));
    let key: string | null = null;
    if (message.attachmentUploadId) {
      const [upload] = await tx
        .delete(uploads)
        .where(eq(uploads.id, message.attachmentUploadId))
        .returning({ storageKey: uploads.storageKey });
      key = upload?.storageKey ?? null;
    }
    await audit(tx, actor, 'message.deleted', 'message', messageId, { from: message.email, reason: message.reason });
    return key;
  });
  if (storageKey) await storage.delete(storageKey);
}

/** The attachment of a message, for the authorised download; the download is audited. */
export async function attachmentForDownload(db: Database, actor: Actor, messageId: string) {
  const [row] = await db
    .select({ storageKey: uploads.storageKey, fileName: uploads.fileName, contentType: uploads.contentType })
    .from(contactMessages)
    .innerJoin(uploads, eq(contactMessages.attachmentUploadId, uploads.id))
    .where(eq(contactMessages.id, messageId));
  if (!row) return null;
  await audit(db, actor, 'message.attachment_downloaded', 'message', messageId);
  return row;
}
