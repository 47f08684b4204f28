import { eq } from 'drizzle-orm';
import { AdminRuleError } from '../admin-command.ts';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { applicationNotes, offers } from '../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';
import { positionFormMessages } from '../../lib/positions/texts.ts';
import { offerMessages } from '../../lib/offers/offer.ts';
import { mayOnApplicationEach, mayOnPosition, type Permission, type Who } from './permissions.ts';

/**
 * Record-level refusals. A staff member who asks for an application or a position outside their
 * reach gets the answer a missing one gets (so a guessed address tells nothing), and the attempt is
 * written to the audit log.
 */

export type Staff = Who & Actor & { id: string };

/** Audits a refused attempt on a record (only a well-formed id: a malformed one names nothing). */
export async function recordDenied(db: Database, who: Staff, kind: 'application' | 'position', id: string, permission: Permission) {
  if (!isUuid(id)) return;
  await audit(db, who, kind === 'application' ? 'application.access_denied' : 'position.access_denied', id, { permission });
}

/** For pages and downloads: whether the person may reach the application; a refusal is audited. */
export async function reachApplication(db: Database, who: Staff, permission: Permission, applicationId: string): Promise<boolean> {
  return (await reachApplicationWith(db, who, permission, applicationId, [])) !== null;
}

/**
 * reachApplication, answering in the same query what else the person may do on the application
 * (mayOnApplicationEach): null when refused (audited), otherwise each permission's answer.
 */
export async function reachApplicationWith<P extends Permission>(
  db: Database,
  who: Staff,
  permission: Permission,
  applicationId: string,
  also: readonly P[],
): Promise<Record<P, boolean> | null> {
  const answers = await mayOnApplicationEach(db, who, [permission, ...also], applicationId);
  if (answers[permission]) return answers;
  await recordDenied(db, who, 'application', applicationId, permission);
  return null;
}

/** For pages and downloads: whether the person may reach the position; a refusal is audited. */
export async function reachPosition(db: Database, who: Staff, permission: Permission, positionId: string): Promise<boolean> {
  if (await mayOnPosition(db, who, permission, positionId)) return true;
  await recordDenied(db, who, 'position', positionId, permission);
  return false;
}

/** What an action is about, for its record-level check. */
export interface ActionTarget {
  application?: string;
  position?: string;
  /** A note: checked through the application it belongs to. */
  note?: string;
  /** An offer (issue 54): checked through its application, and answered as missing when outside reach. */
  offer?: string;
}

/**
 * For commands: refuses (as "no longer exists", the message of a missing record) an action on a
 * record outside the person's reach.
 */
export async function assertReach(db: Database, who: Staff, permission: Permission, target: ActionTarget): Promise<void> {
  if (target.note !== undefined) {
    const [note] = isUuid(target.note)
      ? await db
          .select({ applicationId: applicationNotes.applicationId })
          .from(applicationNotes)
          .where(eq(applicationNotes.id, target.note))
      : [];
    // A missing note is the command's own refusal ("This note no longer exists").
    if (note && !(await reachApplication(db, who, permission, note.applicationId))) throw new AdminRuleError(applicationRuleMessages.gone);
  }
  if (target.offer !== undefined) {
    const [offer] = isUuid(target.offer)
      ? await db.select({ applicationId: offers.applicationId }).from(offers).where(eq(offers.id, target.offer))
      : [];
    if (!offer || !(await reachApplication(db, who, permission, offer.applicationId))) throw new AdminRuleError(offerMessages.gone);
  }
  if (target.application !== undefined && !(await reachApplication(db, who, permission, target.application)))
    throw new AdminRuleError(applicationRuleMessages.gone);
  if (target.position !== undefined && !(await reachPosition(db, who, permission, target.position)))
    throw new AdminRuleError(positionFormMessages.gone);
}
