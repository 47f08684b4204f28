import { deleteInboundFiles } from '../replies/thread.ts';
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { contactMessages, uploads } from '../db/schema.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/list-query.ts';
import type { InboxQuery } from '../../lib/messages/inbox.ts';
import { messageRuleMessages } from '../../lib/messages/texts.ts';

/**
 * The messages inbox of the admin area: newest first, all or unread, 50 per page; one message;
 * marked read or unread; deleted with its attachment. Every change is audited.
 */

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

export type InboxRow = Awaited<ReturnType<typeof listMessages>>['rows'][number];

/** Counted beside the navigation on every page of those who handle messages (builtOnce). */
const unreadMessages = builtOnce((db: Database) =>
  db.select({ count: count() }).from(contactMessages).where(isNull(contactMessages.readAt)).prepare(''),
);

export async function countUnreadMessages(db: Database): Promise<number> {
  const [row] = await unreadMessages(db).execute();
  return row?.count ?? 0;
}

/** One message with its attachment's name and size; null for an id that is not one. */
export async function getMessage(db: Database, messageId: string) {
  if (!isUuid(messageId)) return null;
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
    if (updated.length === 0) throw new AdminRuleError(messageRuleMessages.gone);
    await audit(tx, actor, read ? 'message.marked_read' : 'message.marked_unread', messageId);
  });
}

/** Deletes a message and its attachment (row now, file after the commit). */
export async function deleteMessage(db: Database, storage: ObjectStorage, actor: Actor, messageId: string): Promise<void> {
  const storageKey = await db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).for('update');
    if (!message) throw new AdminRuleError(messageRuleMessages.gone);
    // The replies' attachments (issue 35) go with it.
    await deleteInboundFiles(tx, storage, { contactMessageIds: [messageId] });
    await tx.delete(contactMessages).where(eq(contactMessages.id, messageId));
    let key: string | null = null;
    if (message.attachmentUploadId) {
      const [upload] = await tx
        .delete(uploads)
        .where(eq(uploads.id, message.attachmentUploadId))
        .returning({ storageKey: uploads.storageKey });
      key = upload?.storageKey ?? null;
    }
    await audit(tx, actor, 'message.deleted', messageId, { from: message.email, reason: message.reason });
    return key;
  });
  if (storageKey) await storage.delete(storageKey);
}
