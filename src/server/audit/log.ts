import { desc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { auditActions, type AuditAction } from './actions.ts';

export type { AuditAction } from './actions.ts';

/** Who did it: a signed-in admin, or a command run by an operator (id null, e.g. "admin:create"). */
export interface Actor {
  id: string | null;
  email: string;
}

/** Written in the transaction of the change it records, so neither exists without the other. */
export async function audit(
  db: Pick<Database, 'insert'>,
  actor: Actor,
  action: AuditAction,
  targetId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ actorUserId: actor.id, actorEmail: actor.email, action, targetType: auditActions[action], targetId, details });
}

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
