import { sql } from 'drizzle-orm';
import { AdminRuleError } from '../admin-command.ts';
import { can, mayOnApplication, type Who } from '../access/permissions.ts';
import type { Database } from '../db/client.ts';
import { isForeignKeyViolation } from '../db/errors.ts';
import { follows } from '../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Following a thread (issue 51): a person who may read an application (or handle a contact
 * message) follows it by choice, or stops following one they follow by what they did on it. Only
 * the person themselves; nothing is audited (it changes what they are told, nothing of the record).
 */

export type Thread = { applicationId: string } | { contactMessageId: string };

export const followMessages = {
  gone: 'This is no longer there to follow.',
} as const;

export async function setFollowing(db: Database, who: Who, thread: Thread, follow: boolean): Promise<{ following: boolean }> {
  const allowed =
    'applicationId' in thread
      ? await mayOnApplication(db, who, 'applications.read', thread.applicationId)
      : isUuid(thread.contactMessageId) && can(who, 'messages.handle');
  if (!allowed) throw new AdminRuleError(followMessages.gone);
  const target = 'applicationId' in thread ? follows.applicationId : follows.contactMessageId;
  await db
    .insert(follows)
    .values({ userId: who.id, follows: follow, ...thread })
    .onConflictDoUpdate({
      // The partial unique index of the thread's kind (follows_application_idx, follows_message_idx).
      target: [target, follows.userId],
      targetWhere: sql`${target} is not null`,
      set: { follows: follow, updatedAt: new Date() },
    })
    .catch(async (error: unknown) => {
      // A message deleted meanwhile: nothing to follow.
      if (isForeignKeyViolation(error)) throw new AdminRuleError(followMessages.gone);
      throw error;
    });
  return { following: follow };
}
