import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { replyTokens } from '../db/schema.ts';
import { hashSecretToken } from '../secret-tokens.ts';

/**
 * The reply addresses of a thread's e-mails (issue 35): `replies+<token>@mail.example.com`, a new
 * token for each e-mail (so the one who sent it is the one told of the answer), kept only as its
 * hash. The token is hex: mail systems may change the case of an address's local part.
 */

/** An application's or a contact message's conversation. */
export type Thread = { applicationId: string } | { contactMessageId: string };

/** What a reply address leads to. */
export interface ReplyTarget {
  applicationId: string | null;
  contactMessageId: string | null;
  sentByUserId: string | null;
  /** The Message-ID of the e-mail the token went out with (null for e-mails sent before issue 50). */
  messageId: string | null;
  /** The token is an envelope sender's (where delivery reports go), not a Reply-To. */
  forBounces: boolean;
}

const TOKEN_PATTERN = /^[0-9a-f]{40}$/;

/** `replies@mail.example.com` + token → `replies+<token>@mail.example.com`. */
export function replyAddressFor(base: string, token: string): string {
  const at = base.lastIndexOf('@');
  return `${base.slice(0, at)}+${token}${base.slice(at)}`;
}

/**
 * The token of an address when it is one of ours (the base's local part and domain, any case);
 * null for anything else, so the receiver refuses mail to other addresses (never an open relay).
 */
export function tokenOfAddress(base: string, address: string): string | null {
  const at = base.lastIndexOf('@');
  const local = base.slice(0, at).toLowerCase();
  const domain = base.slice(at + 1).toLowerCase();
  const match = /^([^@+]+)\+([^@]+)@([^@]+)$/.exec(address.trim().toLowerCase());
  if (!match || match[1] !== local || match[3] !== domain) return null;
  return TOKEN_PATTERN.test(match[2]!) ? match[2]! : null;
}

/** A new reply address of a thread, stored (hashed) in the caller's transaction. */
export async function newReplyAddress(
  db: Pick<Database, 'insert'>,
  base: string,
  thread: Thread,
  sentByUserId: string | null = null,
  { messageId = null, forBounces = false }: { messageId?: string | null; forBounces?: boolean } = {},
): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await db.insert(replyTokens).values({
    tokenHash: hashSecretToken(token),
    sentByUserId,
    messageId,
    forBounces,
    ...('applicationId' in thread ? { applicationId: thread.applicationId } : { contactMessageId: thread.contactMessageId }),
  });
  return replyAddressFor(base, token);
}

/** Where a token leads; null when it is unknown or its thread is gone (erased, deleted by retention). */
export async function targetOfToken(db: Pick<Database, 'select'>, token: string): Promise<ReplyTarget | null> {
  const [row] = await db
    .select({
      applicationId: replyTokens.applicationId,
      contactMessageId: replyTokens.contactMessageId,
      sentByUserId: replyTokens.sentByUserId,
      messageId: replyTokens.messageId,
      forBounces: replyTokens.forBounces,
    })
    .from(replyTokens)
    .where(eq(replyTokens.tokenHash, hashSecretToken(token)));
  return row ?? null;
}

/**
 * The addressing of one e-mail of a thread: replies come back to the thread (Reply-To), and so do
 * delivery reports (the envelope sender), each to a token of its own, with a Message-ID of ours:
 * a report is believed only when it came to the envelope's token, which the people who see the
 * Reply-To never see, or names that Message-ID (issue 50). Without a reply address configured,
 * replies go where they went before (`fallbackReplyTo`, e.g. the staff member who wrote).
 */
export async function threadAddressing(
  db: Pick<Database, 'insert'>,
  replyAddress: string | null,
  thread: Thread,
  { sentByUserId = null, fallbackReplyTo }: { sentByUserId?: string | null; fallbackReplyTo?: string } = {},
): Promise<{ replyTo?: string; envelopeFrom?: string; messageId?: string }> {
  if (!replyAddress) return fallbackReplyTo ? { replyTo: fallbackReplyTo } : {};
  const messageId = `<${randomUUID()}@${replyAddress.slice(replyAddress.lastIndexOf('@') + 1)}>`;
  const replyTo = await newReplyAddress(db, replyAddress, thread, sentByUserId, { messageId });
  const envelopeFrom = await newReplyAddress(db, replyAddress, thread, sentByUserId, { messageId, forBounces: true });
  return { replyTo, envelopeFrom, messageId };
}
