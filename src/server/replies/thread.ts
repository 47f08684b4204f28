import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import { withTransaction, type Database, type Transaction } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { contactMessageEmails, contactMessages, inboundAttachments, inboundMails, users } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { messageAnswerMail } from '../mail/reply-templates.ts';
import type { ObjectStorage } from '../storage/types.ts';
import type { StoredFile } from '../uploads/download.ts';
import { isUuid } from '../../lib/ids.ts';
import { messageRuleMessages } from '../../lib/messages/texts.ts';
import type { InboundKind } from '../../lib/replies/kinds.ts';
import type { SenderStatus } from '../../lib/events/kinds.ts';
import { threadAddressing } from './addresses.ts';

/**
 * Reading and answering a thread (issue 35): the mails that came back to an application or a
 * contact message with their attachments, staff's answers to a contact message, the download of
 * an attachment (audited, like a resume's), and the files that go when their thread goes.
 */

export interface InboundView {
  id: string;
  kind: InboundKind;
  via: 'smtp' | 'imap';
  at: Date;
  fromAddress: string;
  fromName: string | null;
  subject: string;
  text: string;
  fullText: string;
  html: string | null;
  attachments: { id: string; fileName: string; size: number; contentType: string }[];
  skippedAttachments: { fileName: string; reason: string }[];
  /** Who sent it, as checked (issue 50); null for a mail received before senders were checked. */
  senderStatus: SenderStatus | null;
  authSummary: string | null;
}

type Owner = { applicationId: string } | { contactMessageId: string };

const ownerColumn = (owner: Owner) =>
  'applicationId' in owner
    ? eq(inboundMails.applicationId, owner.applicationId)
    : eq(inboundMails.contactMessageId, owner.contactMessageId);

const mailsOfApplication = builtOnce((db: Pick<Database, 'select'>) =>
  db
    .select()
    .from(inboundMails)
    .where(eq(inboundMails.applicationId, sql.placeholder('applicationId')))
    .orderBy(asc(inboundMails.createdAt))
    .prepare(''),
);

/** The mails that came back to a thread, oldest first, with their attachments. */
export async function inboundOf(db: Pick<Database, 'select'>, owner: Owner): Promise<InboundView[]> {
  // An application's page asks every time (builtOnce); a contact message's is rarer.
  const mails =
    'applicationId' in owner
      ? await mailsOfApplication(db).execute({ applicationId: owner.applicationId })
      : await db.select().from(inboundMails).where(ownerColumn(owner)).orderBy(asc(inboundMails.createdAt));
  if (mails.length === 0) return [];
  const files = await db
    .select({
      id: inboundAttachments.id,
      mailId: inboundAttachments.inboundMailId,
      fileName: inboundAttachments.fileName,
      size: inboundAttachments.size,
      contentType: inboundAttachments.contentType,
    })
    .from(inboundAttachments)
    .where(
      inArray(
        inboundAttachments.inboundMailId,
        mails.map((mail) => mail.id),
      ),
    )
    .orderBy(asc(inboundAttachments.createdAt));
  return mails.map((mail) => ({
    id: mail.id,
    kind: mail.kind,
    via: mail.via,
    at: mail.createdAt,
    fromAddress: mail.fromAddress,
    fromName: mail.fromName,
    subject: mail.subject,
    text: mail.text,
    fullText: mail.fullText,
    html: mail.html,
    attachments: files.filter((file) => file.mailId === mail.id).map(({ mailId: _mail, ...file }) => file),
    skippedAttachments: mail.skippedAttachments,
    senderStatus: mail.senderStatus,
    authSummary: mail.authSummary,
  }));
}

/**
 * Who a mail that came back is shown as: the name it gives only when its domain vouched for it
 * and it is the thread's person (issue 50); otherwise the address it came from, which is all that
 * is known (anyone can write a name into From:).
 */
export function inboundWho(mail: Pick<InboundView, 'kind' | 'fromName' | 'fromAddress' | 'senderStatus'>): string {
  if (mail.kind === 'bounce') return 'Mail delivery';
  return mail.senderStatus === 'verified' || mail.senderStatus === null ? (mail.fromName ?? mail.fromAddress) : mail.fromAddress;
}

/** A contact message's conversation: staff's answers and what came back, oldest first. */
export async function messageThread(db: Database, contactMessageId: string) {
  const [sent, received] = await Promise.all([
    db
      .select({
        id: contactMessageEmails.id,
        at: contactMessageEmails.createdAt,
        subject: contactMessageEmails.subject,
        body: contactMessageEmails.body,
        senderEmail: contactMessageEmails.senderEmail,
        senderName: users.name,
      })
      .from(contactMessageEmails)
      .leftJoin(users, eq(users.id, contactMessageEmails.senderUserId))
      .where(eq(contactMessageEmails.contactMessageId, contactMessageId)),
    inboundOf(db, { contactMessageId }),
  ]);
  return [
    ...sent.map((email) => ({ direction: 'out' as const, ...email, who: email.senderName ?? email.senderEmail })),
    ...received.map((mail) => ({ direction: 'in' as const, ...mail })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

export type MessageThreadItem = Awaited<ReturnType<typeof messageThread>>[number];

export interface AnswerDeps {
  pool: import('pg').Pool;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  replyAddress: string | null;
}

/** Staff answer a contact message from its page: sent with the thread's reply address, kept as sent. */
export async function answerMessage(deps: AnswerDeps, actor: Actor, contactMessageId: string, email: { subject: string; body: string }) {
  await withTransaction(deps.pool, async (tx: Transaction) => {
    const [message] = await tx.db
      .select({ email: contactMessages.email })
      .from(contactMessages)
      .where(eq(contactMessages.id, contactMessageId))
      .for('update');
    if (!message) throw new AdminRuleError(messageRuleMessages.gone);
    const addressing = await threadAddressing(
      tx.db,
      deps.replyAddress,
      { contactMessageId },
      { sentByUserId: actor.id, fallbackReplyTo: actor.email },
    );
    await deps.jobs.enqueueEmail({ to: message.email, ...messageAnswerMail(email), ...addressing }, { db: tx });
    await tx.db.insert(contactMessageEmails).values({ contactMessageId, senderUserId: actor.id, senderEmail: actor.email, ...email });
    // Answered is read; the subject stays out of the audit log (erasure keeps its entries).
    await tx.db
      .update(contactMessages)
      .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
      .where(eq(contactMessages.id, contactMessageId));
    await audit(tx.db, actor, 'message.answered', contactMessageId);
  });
}

/**
 * An attachment of a mail that came back to this thread, for download: audited as a read of the
 * person's data. Null when it is not this thread's.
 */
export async function inboundFileForDownload(db: Database, actor: Actor, owner: Owner, attachmentId: string): Promise<StoredFile | null> {
  if (!isUuid(attachmentId)) return null;
  const [row] = await db
    .select({
      storageKey: inboundAttachments.storageKey,
      fileName: inboundAttachments.fileName,
      contentType: inboundAttachments.contentType,
    })
    .from(inboundAttachments)
    .innerJoin(inboundMails, eq(inboundMails.id, inboundAttachments.inboundMailId))
    .where(and(eq(inboundAttachments.id, attachmentId), ownerColumn(owner)));
  if (!row) return null;
  if ('applicationId' in owner) await audit(db, actor, 'application.reply_file_downloaded', owner.applicationId, { file: attachmentId });
  else await audit(db, actor, 'message.reply_file_downloaded', owner.contactMessageId, { file: attachmentId });
  return row;
}

/**
 * Deletes the attachment files of the threads about to be deleted (their rows go with the thread,
 * by cascade), inside the caller's transaction: a row never outlives its file's deletion being
 * attempted. Returns how many files.
 */
export async function deleteInboundFiles(
  db: Pick<Database, 'select'>,
  storage: ObjectStorage,
  owners: { applicationIds?: readonly string[]; contactMessageIds?: readonly string[] },
): Promise<number> {
  const conditions = [
    ...(owners.applicationIds?.length ? [inArray(inboundMails.applicationId, [...owners.applicationIds])] : []),
    ...(owners.contactMessageIds?.length ? [inArray(inboundMails.contactMessageId, [...owners.contactMessageIds])] : []),
  ];
  if (conditions.length === 0) return 0;
  const files = await db
    .select({ storageKey: inboundAttachments.storageKey })
    .from(inboundAttachments)
    .innerJoin(inboundMails, eq(inboundMails.id, inboundAttachments.inboundMailId))
    .where(or(...conditions));
  for (const file of files) await storage.delete(file.storageKey);
  return files.length;
}
