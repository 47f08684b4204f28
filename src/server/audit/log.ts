import { aliasedTable, and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applications, auditLog, contactMessages, positions, users } from '../db/schema.ts';
import { auditActions, type AuditAction } from './actions.ts';
import type { Role } from '../../lib/accounts/roles.ts';

export type { AuditAction } from './actions.ts';

/** Who did it: a signed-in staff member (with their role then), or a command run by an operator (id null, e.g. "admin:create"). */
export interface Actor {
  id: string | null;
  email: string;
  role?: Role | null;
}

/** Written in the transaction of the change it records, so neither exists without the other. */
export async function audit(
  db: Pick<Database, 'insert'>,
  actor: Actor,
  action: AuditAction,
  targetId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await entry(db).execute({
    actorUserId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role ?? null,
    action,
    targetType: auditActions[action],
    targetId,
    details,
  });
}

/** Written once per handle (builtOnce): an application's page records its opening every time. */
const entry = builtOnce((db: Pick<Database, 'insert'>) =>
  db
    .insert(auditLog)
    .values({
      actorUserId: sql.placeholder('actorUserId'),
      actorEmail: sql.placeholder('actorEmail'),
      actorRole: sql.placeholder('actorRole'),
      action: sql.placeholder('action'),
      targetType: sql.placeholder('targetType'),
      targetId: sql.placeholder('targetId'),
      details: sql.placeholder('details'),
    })
    .prepare(''),
);

/**
 * The latest entries, newest first, with people and things by name: the actor's name, and the
 * target's (a user's name, a position's title, an applicant and their position, a message's
 * sender) and where it is in the admin area. A target deleted since keeps what the entry's details
 * recorded of it.
 */
export async function listAuditLog(db: Database, limit = 200) {
  const rows = await auditQuery(db).limit(limit);
  return rows.map(withTarget);
}

/** The log's entries, newest first, with what names their actor and target: the page's query, and the export's (audit/export.ts). */
export function auditQuery(db: Database) {
  const actor = aliasedTable(users, 'actor');
  const targetUser = aliasedTable(users, 'target_user');
  const applicationPosition = aliasedTable(positions, 'application_position');
  return db
    .select(auditColumns(actor, targetUser, applicationPosition))
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
    .leftJoin(positions, and(eq(auditLog.targetType, 'position'), sql`${positions.id}::text = ${auditLog.targetId}`))
    .leftJoin(applications, and(eq(auditLog.targetType, 'application'), sql`${applications.id}::text = ${auditLog.targetId}`))
    .leftJoin(applicationPosition, eq(applicationPosition.id, applications.positionId))
    .leftJoin(contactMessages, and(eq(auditLog.targetType, 'message'), sql`${contactMessages.id}::text = ${auditLog.targetId}`))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .$dynamic();
}

function auditColumns(actor: typeof users, targetUser: typeof users, applicationPosition: typeof positions) {
  return {
    id: auditLog.id,
    actorEmail: auditLog.actorEmail,
    actorName: actor.name,
    actorRole: auditLog.actorRole,
    action: auditLog.action,
    targetType: auditLog.targetType,
    targetId: auditLog.targetId,
    details: auditLog.details,
    createdAt: auditLog.createdAt,
    userName: targetUser.name,
    positionTitle: positions.title,
    applicantName: applications.fullName,
    applicationPositionId: applications.positionId,
    applicationPositionTitle: applicationPosition.title,
    senderName: sql<string | null>`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}`,
  };
}

/** The names of the columns auditQuery selects, in its order (for a streamed export). */
export const auditFields = Object.keys(auditColumns(users, users, positions)) as (keyof AuditQueryRow)[];
export type AuditQueryRow = Awaited<ReturnType<typeof auditQuery>>[number];

/** An entry with its target described. */
export function withTarget({
  userName,
  positionTitle,
  applicantName,
  applicationPositionId,
  applicationPositionTitle,
  senderName,
  ...entry
}: AuditQueryRow) {
  return {
    ...entry,
    target: describeTarget(entry, { userName, positionTitle, applicantName, applicationPositionId, applicationPositionTitle, senderName }),
  };
}

export interface AuditTarget {
  /** "Jane Doe", "Data Engineer", "Jane Doe for Data Engineer"; null when nothing is known of it. */
  label: string | null;
  /** Where it is in the admin area, while it exists. */
  href: string | null;
}

function describeTarget(
  entry: { targetType: string; targetId: string | null; details: unknown },
  found: {
    userName: string | null;
    positionTitle: string | null;
    applicantName: string | null;
    applicationPositionId: string | null;
    applicationPositionTitle: string | null;
    senderName: string | null;
  },
): AuditTarget {
  const recorded = (entry.details ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  switch (entry.targetType) {
    case 'user':
      return { label: found.userName ?? text(recorded['email']), href: null };
    case 'position':
      return {
        label: found.positionTitle ?? text(recorded['title']),
        href: found.positionTitle ? `/admin/positions/${entry.targetId}` : null,
      };
    case 'application':
      return found.applicantName
        ? {
            label: `${found.applicantName} for ${found.applicationPositionTitle}`,
            href: `/admin/applications/${found.applicationPositionId}/${entry.targetId}`,
          }
        : { label: null, href: null };
    case 'message':
      return found.senderName
        ? { label: `Message from ${found.senderName}`, href: `/admin/messages/${entry.targetId}` }
        : { label: text(recorded['from']) && `Message from ${text(recorded['from'])}`, href: null };
    default:
      return { label: null, href: null };
  }
}

export type AuditEntry = Awaited<ReturnType<typeof listAuditLog>>[number];
