import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { auditLog, users } from '../db/schema.ts';

/**
 * Who read a candidate's data: opening an application's page and downloading its resume are
 * recorded (the download by the download itself), one entry each; lists of applications are not.
 */

export async function recordApplicationView(db: Database, actor: Actor, applicationId: string): Promise<void> {
  await audit(db, actor, 'application.viewed', applicationId);
}

/** The reads of an application, newest first: who (name and address), when, and what. */
export async function listApplicationReads(db: Database, applicationId: string, limit = 100) {
  return readsOf(db).execute({ applicationId, limit });
}

const readsOf = builtOnce((db: Database) =>
  db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorEmail: auditLog.actorEmail,
      actorName: users.name,
      actorRole: auditLog.actorRole,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.targetType, 'application'),
        eq(auditLog.targetId, sql.placeholder('applicationId')),
        inArray(auditLog.action, ['application.viewed', 'application.resume_previewed', 'application.resume_downloaded']),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(sql.placeholder('limit'))
    .prepare(''),
);

export type ApplicationRead = Awaited<ReturnType<typeof listApplicationReads>>[number];
