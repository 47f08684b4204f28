import { Readable } from 'node:stream';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { can, mayOnApplication } from '../access/permissions.ts';
import { withTransaction, type Database, type Transaction } from '../db/client.ts';
import {
  applicationEmails,
  applications,
  contactMessageEmails,
  contactMessages,
  hiringTeamMembers,
  inboundAttachments,
  inboundMails,
  positions,
  users,
} from '../db/schema.ts';
import type pg from 'pg';
import type { Jobs } from '../jobs/queue.ts';
import { replyReceivedMail } from '../mail/reply-templates.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { siteConfig } from '../../lib/site-config.ts';
import type { Role } from '../../lib/accounts/roles.ts';
import { INBOUND_MAIL_MAX_BYTES, type InboundChannel, type InboundKind, type InboundOutcome } from '../../lib/replies/kinds.ts';
import { targetOfToken, tokenOfAddress, type ReplyTarget } from './addresses.ts';
import { attachmentVerdict, bounceDetails, fullTextOf, kindOf, messageIdOf, replyTextOf, safeFileName, safeHtmlOf } from './content.ts';
import { countInbound } from './metrics.ts';

/**
 * What becomes of one mail that came back to a reply address, whichever way it came (the SMTP
 * receiver, the IMAP poller): the thread it answers, then stored once (by Message-ID) as a reply,
 * an automatic reply or a bounce, with its attachments kept privately, and the people of the thread
 * told. Nothing in a mail can stop the caller: every failure is an outcome, counted and logged
 * without the mail's content.
 */

export interface ReceiveDeps {
  db: Database;
  pool: pg.Pool;
  storage: ObjectStorage;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  /** REPLY_ADDRESS (or its default): only its +token forms are ours. */
  replyAddress: string;
  siteUrl: string;
  hiringEmail?: string | undefined;
  contactEmail?: string | undefined;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

export interface Received {
  outcome: InboundOutcome;
  /** The stored mail's id (reply, auto_reply, bounce). */
  id?: string;
}

/** The thread of the first of the addresses that is one of ours and still leads somewhere. */
export async function threadOf(deps: Pick<ReceiveDeps, 'db' | 'replyAddress'>, addresses: readonly string[]): Promise<ReplyTarget | null> {
  for (const address of addresses) {
    const token = tokenOfAddress(deps.replyAddress, address);
    if (!token) continue;
    const target = await targetOfToken(deps.db, token);
    if (target) return target;
  }
  return null;
}

/** The addresses a mail was delivered to, by its headers (IMAP: the envelope is gone; these keep it). */
export function deliveredTo(mail: ParsedMail): string[] {
  const fromHeader = (name: string) => {
    const value = mail.headers.get(name);
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return values.flatMap((entry) =>
      typeof entry === 'string'
        ? entry.split(',').map((part) => part.replace(/^.*<([^>]+)>.*$/, '$1').trim())
        : typeof entry === 'object' && entry && 'value' in entry && Array.isArray(entry.value)
          ? entry.value.flatMap((item: { address?: string }) => (item.address ? [item.address] : []))
          : [],
    );
  };
  return [...new Set(['delivered-to', 'x-original-to', 'to', 'cc'].flatMap(fromHeader).filter(Boolean))];
}

async function parse(raw: Buffer): Promise<ParsedMail | null> {
  try {
    // No links made from text (linkify), no images as data URIs in the HTML: neither is shown. The
    // text of an HTML-only mail is made by fullTextOf, without image addresses.
    return await simpleParser(raw, { skipTextLinks: true, skipImageLinks: true, skipHtmlToText: true, keepCidLinks: false });
  } catch {
    return null;
  }
}

/**
 * Receives one mail. `recipients`: the envelope's (SMTP, already checked to be ours) or none
 * (IMAP), when the mail's own headers say where it was delivered.
 */
export async function receiveMail(
  deps: ReceiveDeps,
  raw: Buffer,
  via: InboundChannel,
  recipients: readonly string[] = [],
): Promise<Received> {
  const done = (outcome: InboundOutcome, data: object = {}, id?: string): Received => {
    countInbound(outcome, via);
    deps.log.info({ outcome, via, bytes: raw.length, ...data }, 'inbound mail');
    return id ? { outcome, id } : { outcome };
  };
  if (raw.length > INBOUND_MAIL_MAX_BYTES) return done('too_large');
  const mail = await parse(raw);
  if (!mail) return done('malformed');
  const target = await threadOf(deps, recipients.length > 0 ? recipients : deliveredTo(mail));
  // Logged without the address: it holds a token.
  if (!target) return done('unknown_recipient');
  try {
    const stored = await store(deps, target, mail, raw, via);
    if (!stored) return done('duplicate', threadLog(target));
    return done(stored.kind, { ...threadLog(target), attachments: stored.attachments, skipped: stored.skipped }, stored.id);
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message }, via, ...threadLog(target) }, 'inbound mail not stored');
    countInbound('failed', via);
    throw error;
  }
}

const threadLog = (target: ReplyTarget) =>
  target.applicationId ? { applicationId: target.applicationId } : { contactMessageId: target.contactMessageId };

/** Files kept of one reply: a mail of a thousand tiny attachments is not a thousand stored files. */
const MAX_ATTACHMENTS = 20;

interface Kept {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

async function store(
  deps: ReceiveDeps,
  target: ReplyTarget,
  mail: ParsedMail,
  raw: Buffer,
  via: InboundChannel,
): Promise<{ id: string; kind: InboundKind; attachments: number; skipped: number } | null> {
  const messageId = messageIdOf(mail, raw);
  // Delivered twice (an IMAP retry, a relay's second try): known before anything is written.
  const [already] = await deps.db.select({ id: inboundMails.id }).from(inboundMails).where(eq(inboundMails.messageId, messageId));
  if (already) return null;

  const kind = kindOf(mail);
  const bounce = kind === 'bounce' ? bounceDetails(mail) : null;
  const fullText = fullTextOf(mail);
  const from = mail.from?.value[0];
  // Files first (a row never points at a file that is not there); removed again if the row is not stored.
  const kept: Kept[] = [];
  const skipped: { fileName: string; reason: string }[] = [];
  if (kind === 'reply') {
    for (const [index, part] of mail.attachments.entries()) {
      const fileName = safeFileName(part.filename, `attachment-${index + 1}`);
      if (kept.length >= MAX_ATTACHMENTS) {
        skipped.push({ fileName, reason: `more than ${MAX_ATTACHMENTS} attachments` });
        continue;
      }
      const verdict = await attachmentVerdict(part.content);
      if ('reason' in verdict) {
        skipped.push({ fileName, reason: verdict.reason });
        continue;
      }
      const object = await deps.storage.put(Readable.from([part.content]), { contentType: verdict.contentType, prefix: 'replies/' });
      kept.push({ fileName, contentType: verdict.contentType, size: part.content.length, storageKey: object.key });
    }
  }
  try {
    const id = await withTransaction(deps.pool, async (tx) => {
      const [row] = await tx.db
        .insert(inboundMails)
        .values({
          applicationId: target.applicationId,
          contactMessageId: target.contactMessageId,
          kind,
          via,
          messageId,
          fromAddress:
            clean(from?.address ?? '')
              .toLowerCase()
              .slice(0, 320) || 'unknown',
          fromName: clean(from?.name ?? '').slice(0, 200) || null,
          subject: clean(mail.subject ?? '').slice(0, 500),
          text: clean(bounce ? bounce.reason : replyTextOf(fullText)),
          fullText: clean(fullText),
          html: kind === 'reply' ? clean(safeHtmlOf(mail) ?? '') || null : null,
          sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
          skippedAttachments: skipped,
        })
        .onConflictDoNothing({ target: inboundMails.messageId })
        .returning({ id: inboundMails.id });
      // Stored by another delivery of the same mail at the same moment.
      if (!row) return null;
      if (kept.length > 0) await tx.db.insert(inboundAttachments).values(kept.map((file) => ({ ...file, inboundMailId: row.id })));
      await markAddress(tx.db, target, kind, bounce);
      if (kind === 'reply')
        await notify(deps, tx, target, { from: from?.name || from?.address || 'Someone', attachments: kept.length, mailId: row.id });
      return row.id;
    });
    if (!id) await removeFiles(deps.storage, kept);
    return id ? { id, kind, attachments: kept.length, skipped: skipped.length } : null;
  } catch (error) {
    await removeFiles(deps.storage, kept);
    throw error;
  }
}

/** PostgreSQL's text cannot hold NUL: a mail carrying one would fail to store, and be sent again for ever. */
// eslint-disable-next-line no-control-regex -- NUL is the one character text columns refuse
const clean = (value: string) => value.replace(/\u0000/g, '');

async function removeFiles(storage: ObjectStorage, files: readonly Kept[]): Promise<void> {
  for (const file of files) await storage.delete(file.storageKey).catch(() => undefined);
}

/**
 * A bounce for good marks the thread's address as bouncing (staff see it where they write); a reply
 * from the person shows the address works again. A contact message that is answered is unread again.
 */
async function markAddress(db: Database, target: ReplyTarget, kind: InboundKind, bounce: ReturnType<typeof bounceDetails> | null) {
  const set =
    kind === 'bounce' && bounce?.permanent
      ? { emailBouncedAt: new Date(), emailBounceReason: bounce.reason }
      : kind === 'reply'
        ? { emailBouncedAt: null, emailBounceReason: null }
        : null;
  if (target.applicationId) {
    if (set) await db.update(applications).set(set).where(eq(applications.id, target.applicationId));
  } else if (target.contactMessageId) {
    await db
      .update(contactMessages)
      .set({ ...(set ?? {}), ...(kind === 'reply' ? { readAt: null } : {}) })
      .where(eq(contactMessages.id, target.contactMessageId));
  }
}

/**
 * Tells the people of the thread that a reply came in: the staff member whose e-mail was answered,
 * whoever sent the thread's last e-mail, and the recruiters of the position (its hiring team, those
 * who may read the application); with nobody, the hiring or contact address. Queued with the row.
 */
async function notify(
  deps: ReceiveDeps,
  tx: Transaction,
  target: ReplyTarget,
  reply: { from: string; attachments: number; mailId: string },
) {
  const { db } = tx;
  const people = new Map<string, { id: string; email: string; role: Role }>();
  const add = (rows: { id: string; email: string; role: Role | null }[]) => {
    for (const row of rows) if (row.role) people.set(row.id, { id: row.id, email: row.email, role: row.role });
  };
  const person = (id: string | null) =>
    id ? db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, id)) : Promise.resolve([]);
  add(await person(target.sentByUserId));

  if (target.applicationId) {
    const [application] = await db
      .select({ positionId: applications.positionId, title: positions.title })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(eq(applications.id, target.applicationId));
    if (!application) return;
    const [last] = await db
      .select({ userId: applicationEmails.senderUserId })
      .from(applicationEmails)
      .where(and(eq(applicationEmails.applicationId, target.applicationId), isNotNull(applicationEmails.senderUserId)))
      .orderBy(desc(applicationEmails.createdAt))
      .limit(1);
    add(await person(last?.userId ?? null));
    add(
      await db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(hiringTeamMembers)
        .innerJoin(users, eq(users.id, hiringTeamMembers.userId))
        .where(eq(hiringTeamMembers.positionId, application.positionId)),
    );
    const readers = [];
    for (const staff of people.values())
      if (await mayOnApplication(db, staff, 'applications.history', target.applicationId)) readers.push(staff.email);
    const url = `${deps.siteUrl}/admin/applications/${application.positionId}/${target.applicationId}#reply-${reply.mailId}`;
    const mail = replyReceivedMail({
      from: reply.from,
      about: `their application for ${application.title}`,
      url,
      attachments: reply.attachments,
    });
    for (const to of readers.length > 0 ? readers : [deps.hiringEmail ?? siteConfig.careersEmail])
      await deps.jobs.enqueueEmail({ to, ...mail }, { db: tx });
    return;
  }

  if (!target.contactMessageId) return;
  const [last] = await db
    .select({ userId: contactMessageEmails.senderUserId })
    .from(contactMessageEmails)
    .where(and(eq(contactMessageEmails.contactMessageId, target.contactMessageId), isNotNull(contactMessageEmails.senderUserId)))
    .orderBy(desc(contactMessageEmails.createdAt))
    .limit(1);
  add(await person(last?.userId ?? null));
  const readers = [...people.values()].filter((staff) => can(staff, 'messages.handle')).map((staff) => staff.email);
  const url = `${deps.siteUrl}/admin/messages/${target.contactMessageId}#reply-${reply.mailId}`;
  const mail = replyReceivedMail({ from: reply.from, about: 'their contact message', url, attachments: reply.attachments });
  for (const to of readers.length > 0 ? readers : [deps.contactEmail ?? siteConfig.email])
    await deps.jobs.enqueueEmail({ to, ...mail }, { db: tx });
}
