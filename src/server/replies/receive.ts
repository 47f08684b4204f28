import { createReadStream } from 'node:fs';
import { lookup } from 'node:dns/promises';
import type { Readable } from 'node:stream';
import { eq, gt, sql } from 'drizzle-orm';
import { withTransaction, type Database } from '../db/client.ts';
import { applications, contactMessages, inboundAttachments, inboundMails } from '../db/schema.ts';
import { recordEvent } from '../events/record.ts';
import type { RateLimiters } from '../rate-limit.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { freeBytes, type UploadQuota } from '../uploads/quota.ts';
import type pg from 'pg';
import type { SenderStatus } from '../../lib/events/kinds.ts';
import { INBOUND_MAIL_MAX_BYTES, type InboundChannel, type InboundOutcome } from '../../lib/replies/kinds.ts';
import { targetOfToken, tokenOfAddress, type ReplyTarget } from './addresses.ts';
import type { MailReader } from './mail-reader.ts';
import { countInbound } from './metrics.ts';
import type { KeptAttachment, ReadMail, SkippedAttachment } from './read-mail.ts';
import type { DnsRecords, Envelope } from './sender-check.ts';
import { spool, unspool } from './spool.ts';

/**
 * What becomes of one mail that came back to a reply address, whichever way it came (the SMTP
 * receiver, the IMAP poller): written to disk as it arrives, read in the mail reader's process
 * (never in the server's), matched to the thread it answers, held to the thread's and the sender's
 * limits, then stored once (by Message-ID) as a reply, an automatic reply or a delivery report,
 * with its sender checked, its attachments kept privately within their quota, and the event
 * recorded for the people of the thread to be told (src/server/notifications/). Nothing in a mail
 * can stop the caller: every failure is an outcome, counted and logged without the mail's content.
 */

export interface ReceiveDeps {
  db: Database;
  pool: pg.Pool;
  storage: ObjectStorage;
  rateLimits: Pick<RateLimiters, 'consume' | 'isLimited'>;
  reader: MailReader;
  /** DATA_DIR/inbound: mail while it arrives and is read. */
  spoolDir: string;
  /** Reply attachments count against the upload quotas (decision 031): per thread and in all, a day; the free-space floor. */
  quota: UploadQuota;
  /** The disks whose free space keeps its floor (DATA_DIR). */
  diskPaths: readonly string[];
  /** REPLY_ADDRESS (or its default): only its +token forms are ours. */
  replyAddress: string;
  /** INBOUND_AUTHSERV_ID: the relay whose Authentication-Results header is believed. */
  trustedAuthservId: string | null;
  /** The host of SMTP_URL: delivery reports it sends us are our own outbound's. */
  outboundRelayHost: string | null;
  /** Tests only: DNS answers for the sender checks. */
  dns?: DnsRecords | undefined;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

export interface Received {
  outcome: InboundOutcome;
  /** The stored mail's id (reply, auto_reply, bounce). */
  id?: string;
}

/** How it came: the envelope's recipients (SMTP, already checked to be ours; none over IMAP) and client. */
export interface Arrival extends Envelope {
  recipients?: readonly string[];
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

/** The key a thread's replies are counted under (rateLimitPolicies.replyThread). */
export const threadKey = (target: ReplyTarget) =>
  target.applicationId ? `application:${target.applicationId}` : `message:${target.contactMessageId}`;

/** The key a sender's replies are counted under (rateLimitPolicies.replySender): their address, lowercased. */
export const senderKey = (address: string) => `sender:${address.trim().toLowerCase()}`;

/**
 * Whether a thread or a sender has had its replies for now: asked before a mail is taken (SMTP
 * answers 451 at RCPT or MAIL FROM, so an honest relay tries again later), counted when one is stored.
 */
export async function replyLimited(
  deps: Pick<ReceiveDeps, 'rateLimits'>,
  key: { thread?: ReplyTarget; sender?: string },
): Promise<boolean> {
  if (key.thread && (await deps.rateLimits.isLimited('replyThread', threadKey(key.thread))).limited) return true;
  return Boolean(key.sender && (await deps.rateLimits.isLimited('replySender', senderKey(key.sender))).limited);
}

/** Whether the disk keeps its floor with a mail of `bytes` more on it (SMTP asks at MAIL FROM: 452 when not). */
export async function roomForMail(deps: Pick<ReceiveDeps, 'quota' | 'diskPaths'>, bytes = INBOUND_MAIL_MAX_BYTES): Promise<boolean> {
  const free = await freeBytes(deps.diskPaths);
  return free === null || free - bytes >= deps.quota.minFreeBytes;
}

/** Receives one mail from `input`: spooled, read, stored. The spooled files are gone when it resolves. */
export async function receiveMail(deps: ReceiveDeps, input: Readable, via: InboundChannel, arrival: Arrival = {}): Promise<Received> {
  const spooled = await spool(deps.spoolDir, input, INBOUND_MAIL_MAX_BYTES);
  const done = (outcome: InboundOutcome, data: object = {}, id?: string): Received => {
    countInbound(outcome, via);
    deps.log.info({ outcome, via, bytes: spooled.bytes, ...data }, 'inbound mail');
    return id ? { outcome, id } : { outcome };
  };
  try {
    if (spooled.tooLarge) return done('too_large');
    const fromEnvelope = arrival.recipients?.length ? await threadOf(deps, arrival.recipients) : null;
    if (arrival.recipients?.length && !fromEnvelope) return done('unknown_recipient');
    const read = await deps.reader.read({
      path: spooled.path,
      attachmentDir: spooled.dir,
      envelope: { remoteAddress: arrival.remoteAddress, helo: arrival.helo, mailFrom: arrival.mailFrom },
      trustedAuthservId: deps.trustedAuthservId,
      dns: deps.dns,
    });
    // A reader out of time is tried again later (the DNS may be slow); one that broke on the mail is refused.
    if (!read.ok) return done(read.reason === 'timeout' ? 'failed' : 'malformed');
    const mail = read.mail;
    // Logged without the address: it holds a token.
    const target = fromEnvelope ?? (await threadOf(deps, mail.deliveredTo));
    if (!target) return done('unknown_recipient');
    const [already] = await deps.db
      .select({ id: inboundMails.id })
      .from(inboundMails)
      .where(eq(inboundMails.messageId, clean(mail.messageId)));
    // Delivered twice (an IMAP retry, a relay's second try): known before anything is counted or written.
    if (already) return done('duplicate', threadLog(target));
    const sender = mail.fromAddress ?? arrival.mailFrom ?? '';
    const thread = await deps.rateLimits.consume('replyThread', threadKey(target));
    const person = sender ? await deps.rateLimits.consume('replySender', senderKey(sender)) : { allowed: true };
    if (!thread.allowed || !person.allowed) return done('rate_limited', threadLog(target));
    const stored = await store(deps, target, mail, via, arrival);
    if (!stored) return done('duplicate', threadLog(target));
    return done(
      mail.kind,
      { ...threadLog(target), sender: stored.senderStatus, attachments: stored.attachments, skipped: stored.skipped },
      stored.id,
    );
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message }, via }, 'inbound mail not stored');
    return done('failed');
  } finally {
    await unspool(spooled);
  }
}

const threadLog = (target: ReplyTarget) =>
  target.applicationId ? { applicationId: target.applicationId } : { contactMessageId: target.contactMessageId };

/** PostgreSQL's text cannot hold NUL: a mail carrying one would fail to store, and be sent again for ever. */
// eslint-disable-next-line no-control-regex -- NUL is the one character text columns refuse
const clean = (value: string) => value.replace(/\u0000/g, '');

interface Stored {
  key: string;
  kept: KeptAttachment;
}

/** The person of the thread: the address our e-mails went to, and their name. */
async function personOf(db: Database, target: ReplyTarget): Promise<{ email: string; name: string; positionId: string | null } | null> {
  if (target.applicationId) {
    const [row] = await db
      .select({ email: applications.email, name: applications.fullName, positionId: applications.positionId })
      .from(applications)
      .where(eq(applications.id, target.applicationId));
    return row ?? null;
  }
  const [row] = await db
    .select({ email: contactMessages.email, name: sql<string>`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}` })
    .from(contactMessages)
    .where(eq(contactMessages.id, target.contactMessageId!));
  return row ? { ...row, positionId: null } : null;
}

/**
 * Whether a delivery report is believed (issue 50): it must name a message we sent with this token
 * (the token was its envelope sender, which nobody but the recipient's mail servers sees, or it
 * quotes the message's Message-ID), and come from a server that proved who it is (DKIM or SPF
 * passed for some domain, or the trusted relay vouched for it) or from our own outbound relay.
 */
async function bounceBelieved(deps: ReceiveDeps, target: ReplyTarget, mail: ReadMail, arrival: Arrival): Promise<boolean> {
  const namesOurs = target.forBounces || (target.messageId !== null && mail.names.includes(target.messageId));
  if (!namesOurs) return false;
  if (mail.sender.verified || mail.sender.provenDomains.length > 0) return true;
  if (!deps.outboundRelayHost || !arrival.remoteAddress) return false;
  const client = arrival.remoteAddress.replace(/^::ffff:/, '');
  const relay = await lookup(deps.outboundRelayHost, { all: true }).catch(() => []);
  return relay.some((address) => address.address === client);
}

/** Who sent it, as shown: the thread's person only when their domain vouched for the mail. */
function senderStatusOf(mail: ReadMail, personEmail: string): SenderStatus {
  if (!mail.sender.verified) return 'unverified';
  return (mail.fromAddress ?? '').toLowerCase() === personEmail.toLowerCase() ? 'verified' : 'other';
}

/**
 * The attachments that fit: a thread takes at most the per-client upload quota of attachments a
 * day, all threads together the total quota a day, and none when the disk would fall under its floor.
 */
async function withinQuota(deps: ReceiveDeps, target: ReplyTarget, files: readonly KeptAttachment[]) {
  const since = new Date(Date.now() - 24 * 3600 * 1000);
  const thread = target.applicationId
    ? eq(inboundMails.applicationId, target.applicationId)
    : eq(inboundMails.contactMessageId, target.contactMessageId!);
  const [counted] = await deps.db
    .select({
      thread: sql<string>`coalesce(sum(${inboundAttachments.size}) filter (where ${thread}), 0)`,
      total: sql<string>`coalesce(sum(${inboundAttachments.size}), 0)`,
    })
    .from(inboundAttachments)
    .innerJoin(inboundMails, eq(inboundMails.id, inboundAttachments.inboundMailId))
    .where(gt(inboundAttachments.createdAt, since));
  let threadBytes = Number(counted?.thread ?? 0);
  let totalBytes = Number(counted?.total ?? 0);
  const free = await freeBytes(deps.diskPaths);
  let room = free === null ? Infinity : free - deps.quota.minFreeBytes;
  const kept: KeptAttachment[] = [];
  const skipped: SkippedAttachment[] = [];
  for (const file of files) {
    const reason =
      threadBytes + file.size > deps.quota.perClientBytes
        ? `over this conversation's ${Math.round(deps.quota.perClientBytes / 1024 / 1024)} MB of attachments a day`
        : totalBytes + file.size > deps.quota.totalBytes
          ? 'over the attachments all conversations may bring in a day'
          : file.size > room
            ? 'not enough free disk space'
            : null;
    if (reason) {
      skipped.push({ fileName: file.fileName, reason });
      continue;
    }
    threadBytes += file.size;
    totalBytes += file.size;
    room -= file.size;
    kept.push(file);
  }
  return { kept, skipped };
}

async function store(
  deps: ReceiveDeps,
  target: ReplyTarget,
  mail: ReadMail,
  via: InboundChannel,
  arrival: Arrival,
): Promise<{ id: string; senderStatus: SenderStatus; attachments: number; skipped: number } | null> {
  const person = await personOf(deps.db, target);
  if (!person) return null;
  const senderStatus: SenderStatus =
    mail.kind === 'bounce'
      ? (await bounceBelieved(deps, target, mail, arrival))
        ? 'verified'
        : 'unverified'
      : senderStatusOf(mail, person.email);
  const { kept, skipped } = await withinQuota(deps, target, mail.attachments);
  // Files first (a row never points at a file that is not there); removed again if the row is not stored.
  const stored: Stored[] = [];
  try {
    for (const file of kept) {
      const object = await deps.storage.put(createReadStream(file.path), { contentType: file.contentType, prefix: 'replies/' });
      stored.push({ key: object.key, kept: file });
    }
    const id = await withTransaction(deps.pool, async (tx) => {
      const [row] = await tx.db
        .insert(inboundMails)
        .values({
          applicationId: target.applicationId,
          contactMessageId: target.contactMessageId,
          kind: mail.kind,
          via,
          messageId: clean(mail.messageId),
          fromAddress:
            clean(mail.fromAddress ?? '')
              .toLowerCase()
              .slice(0, 320) || 'unknown',
          fromName: clean(mail.fromName ?? '').slice(0, 200) || null,
          subject: clean(mail.subject).slice(0, 500),
          text: clean(mail.text),
          fullText: clean(mail.fullText),
          html: mail.html ? clean(mail.html) || null : null,
          sentAt: mail.sentAt ? new Date(mail.sentAt) : null,
          skippedAttachments: [...mail.skipped, ...skipped],
          senderStatus,
          authSummary: clean(`${mail.sender.summary}${mail.sender.by === 'relay' ? ' (by the relay)' : ''}`).slice(0, 300),
          envelopeFrom: arrival.mailFrom === undefined ? null : clean(arrival.mailFrom).slice(0, 320),
        })
        .onConflictDoNothing({ target: inboundMails.messageId })
        .returning({ id: inboundMails.id });
      // Stored by another delivery of the same mail at the same moment.
      if (!row) return null;
      if (stored.length > 0)
        await tx.db.insert(inboundAttachments).values(
          stored.map(({ key, kept: file }) => ({
            inboundMailId: row.id,
            storageKey: key,
            fileName: file.fileName,
            contentType: file.contentType,
            size: file.size,
          })),
        );
      await markAddress(tx.db, target, mail, senderStatus);
      if (mail.kind === 'reply')
        await recordEvent(tx.db, {
          kind: 'reply.received',
          applicationId: target.applicationId,
          contactMessageId: target.contactMessageId,
          positionId: person.positionId,
          data: {
            inboundMailId: row.id,
            // A name is the person's own only when their domain vouched for the mail: anyone can write one into From:.
            from: senderStatus === 'verified' ? person.name : clean(mail.fromAddress ?? arrival.mailFrom ?? 'unknown').slice(0, 320),
            senderStatus,
            attachments: stored.length,
            answeredUserId: target.sentByUserId,
          },
        });
      return row.id;
    });
    if (!id) await removeFiles(deps.storage, stored);
    return id ? { id, senderStatus, attachments: stored.length, skipped: mail.skipped.length + skipped.length } : null;
  } catch (error) {
    await removeFiles(deps.storage, stored);
    throw error;
  }
}

async function removeFiles(storage: ObjectStorage, files: readonly Stored[]): Promise<void> {
  for (const file of files) await storage.delete(file.key).catch(() => undefined);
}

/**
 * A believed delivery failure marks the thread's address as bouncing (staff see it where they
 * write); a verified reply from the person shows the address works again. A contact message that
 * is answered is unread again.
 */
async function markAddress(db: Database, target: ReplyTarget, mail: ReadMail, senderStatus: SenderStatus) {
  const set =
    mail.kind === 'bounce' && mail.bounce?.permanent && senderStatus === 'verified'
      ? { emailBouncedAt: new Date(), emailBounceReason: mail.bounce.reason }
      : mail.kind === 'reply' && senderStatus === 'verified'
        ? { emailBouncedAt: null, emailBounceReason: null }
        : null;
  if (target.applicationId) {
    if (set) await db.update(applications).set(set).where(eq(applications.id, target.applicationId));
  } else if (target.contactMessageId) {
    const unread = mail.kind === 'reply' ? { readAt: null } : {};
    if (set || mail.kind === 'reply')
      await db
        .update(contactMessages)
        .set({ ...(set ?? {}), ...unread })
        .where(eq(contactMessages.id, target.contactMessageId));
  }
}
