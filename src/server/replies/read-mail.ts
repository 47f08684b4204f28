import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mailsplit, { type SplitterChunk } from '@zone-eu/mailsplit';
import { MailParser, type AttachmentStream, type MessageText, type ParsedMail } from 'mailparser';
import { REPLY_ATTACHMENT_MAX_BYTES, type InboundKind } from '../../lib/replies/kinds.ts';
import {
  attachmentVerdictOfFile,
  bounceDetails,
  fullTextOf,
  kindOf,
  messageIdOf,
  replyTextOf,
  safeFileName,
  safeHtmlOf,
} from './content.ts';
import { checkSender, type DnsRecords, type Envelope, type SenderCheck } from './sender-check.ts';

/**
 * One mail that came back, read from the file it was spooled to (issue 50), in the mail reader's
 * own process (mail-reader.ts): the sender checked (sender-check.ts), the MIME parsed by mailparser
 * from a stream whose text parts are cut after TEXT_PART_MAX_BYTES (a reply is kilobytes: a 20 MB
 * "text" is never read whole), what it says decided (content.ts), and the attachments worth keeping
 * written to files beside it for the server to store. Everything the server needs comes back as
 * plain data; nothing here touches the database.
 */

/** Bytes of one text part read (as sent, encoded): at least the 100,000 characters kept of a text. */
export const TEXT_PART_MAX_BYTES = 1024 * 1024;
/** Files kept of one reply: a mail of a thousand tiny attachments is not a thousand stored files. */
export const MAX_ATTACHMENTS = 20;

export interface ReadMailRequest {
  /** The spooled mail. */
  path: string;
  /** Where the kept attachments are written (one file each), for the server to store and remove. */
  attachmentDir: string;
  envelope: Envelope;
  trustedAuthservId: string | null;
  /** Tests only: DNS answers, so the sender checks make no lookup. */
  dns?: DnsRecords | undefined;
}

export type KeptAttachment = { fileName: string; path: string; size: number; contentType: string };
export type SkippedAttachment = { fileName: string; reason: string };

export interface ReadMail {
  messageId: string;
  kind: InboundKind;
  fromAddress: string | null;
  fromName: string | null;
  subject: string;
  /** ISO time the mail says it was written, if it says. */
  sentAt: string | null;
  text: string;
  fullText: string;
  html: string | null;
  /** Where the headers say it was delivered (IMAP keeps no envelope). */
  deliveredTo: string[];
  /** Message-IDs the mail names: those it answers, and, in a delivery report, the one it returns. */
  names: string[];
  bounce: { permanent: boolean; recipient: string | null; reason: string } | null;
  attachments: KeptAttachment[];
  skipped: SkippedAttachment[];
  sender: SenderCheck;
}

export type ReadMailAnswer = { ok: true; mail: ReadMail } | { ok: false; reason: 'malformed' };

/** Passes the mail's structure on, cutting each text part (not a text attachment) after `max` bytes. */
export class TextPartCutter extends Transform {
  private node: SplitterChunk | null = null;
  private bytes = 0;
  private readonly max: number;

  constructor(max = TEXT_PART_MAX_BYTES) {
    super({ objectMode: true });
    this.max = max;
  }

  override _transform(chunk: SplitterChunk, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.type === 'node') {
      this.node = chunk;
      this.bytes = 0;
      return callback(null, chunk);
    }
    const node = this.node as { contentType?: string | false; disposition?: string | false } | null;
    const isText = chunk.type === 'body' && typeof node?.contentType === 'string' && node.contentType.startsWith('text/');
    if (!isText || node?.disposition === 'attachment') return callback(null, chunk);
    const value = (chunk as { value: Buffer }).value;
    if (this.bytes >= this.max) return callback();
    const room = this.max - this.bytes;
    this.bytes += value.length;
    if (value.length <= room) return callback(null, chunk);
    // Cut at a line's end (base64 and quoted-printable stay whole), else at a multiple of 4 bytes.
    const lineEnd = value.lastIndexOf(0x0a, room - 1);
    const end = lineEnd >= 0 ? lineEnd + 1 : room - (room % 4);
    return callback(null, { ...chunk, value: value.subarray(0, end) });
  }
}

/** An attachment as it was written to a file of its own: at most REPLY_ATTACHMENT_MAX_BYTES kept, the first 64 KB in memory. */
export interface SpooledAttachment {
  contentType: string;
  filename?: string | undefined;
  path: string;
  /** Its decoded size, all of it (also when it was too large to keep). */
  size: number;
  /** The first 64 KB: enough to type it, and all of a delivery report's status part. */
  content: Buffer;
}

/** The parsed mail as content.ts reads it, with its attachments in files rather than in memory. */
export type SpooledMail = Omit<ParsedMail, 'attachments'> & { attachments: SpooledAttachment[] };

const HEAD_BYTES = 64 * 1024;

/** Writes an attachment's stream to `path`: all of it up to `max` bytes, the rest read and dropped. */
function spoolPart(stream: Readable, path: string, max: number): Promise<{ size: number; head: Buffer }> {
  const file = createWriteStream(path, { mode: 0o600 });
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (headBytes < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headBytes));
        headBytes += Math.min(chunk.length, HEAD_BYTES - headBytes);
      }
      if (size - chunk.length < max && !file.write(chunk.subarray(0, Math.max(0, max - (size - chunk.length))))) {
        stream.pause();
        file.once('drain', () => stream.resume());
      }
    });
    stream.once('error', reject);
    file.once('error', reject);
    stream.once('end', () => file.end(() => resolve({ size, head: Buffer.concat(head) })));
  });
}

/**
 * Parses the spooled mail by streaming it through the text-part cutter into mailparser: texts as
 * strings (cut), attachments each into a file in `dir` (never whole in memory). Null for a mail
 * mailparser cannot read (too deep, too many parts, broken beyond repair).
 */
async function parse(path: string, dir: string): Promise<SpooledMail | null> {
  const parser = new MailParser({ skipTextLinks: true, skipImageLinks: true, skipHtmlToText: true, skipTextToHtml: true });
  const mail = { attachments: [] as SpooledAttachment[] } as SpooledMail;
  const parts: Promise<void>[] = [];
  parser.on('headers', (headers) => {
    mail.headers = headers;
    mail.headerLines = parser.headerLines || [];
  });
  parser.on('data', (data: MessageText | AttachmentStream) => {
    if (data.type === 'text') {
      if (data.text !== undefined) mail.text = data.text;
      if (data.html !== undefined) mail.html = data.html;
      return;
    }
    const partPath = join(dir, `part-${mail.attachments.length}`);
    const index = mail.attachments.length;
    mail.attachments.push({ contentType: data.contentType, filename: data.filename, path: partPath, size: 0, content: Buffer.alloc(0) });
    parts.push(
      spoolPart(data.content, partPath, REPLY_ATTACHMENT_MAX_BYTES + 1).then(({ size, head }) => {
        mail.attachments[index] = { ...mail.attachments[index]!, size, content: head };
        data.release?.();
      }),
    );
  });
  try {
    await Promise.all([
      pipeline(createReadStream(path), new mailsplit.Splitter(), new TextPartCutter(), new mailsplit.Joiner(), parser),
      ...parts,
    ]);
    await Promise.all(parts);
  } catch {
    return null;
  }
  if (!mail.headers) return null;
  for (const key of ['subject', 'references', 'date', 'from', 'to', 'cc', 'message-id', 'in-reply-to'] as const)
    if (mail.headers.has(key))
      (mail as unknown as Record<string, unknown>)[key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = mail.headers.get(key);
  return mail;
}

async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** The addresses a mail was delivered to, by its headers (IMAP: the envelope is gone; these keep it). */
export function deliveredTo(mail: Pick<ParsedMail, 'headers'>): string[] {
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

const MESSAGE_ID = /^Message-ID:\s*(<[^>\s]{1,490}>)/gim;

/**
 * The Message-IDs a mail names: In-Reply-To and References, and in a delivery report the returned
 * message's own (its headers come back as a message/rfc822 or text/rfc822-headers part, or in the text).
 */
export function namedMessageIds(mail: SpooledMail, kind: InboundKind): string[] {
  const ids = [mail.inReplyTo ?? '', ...(Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [])];
  if (kind === 'bounce') {
    const returned = mail.attachments
      .filter((part) => /^(message\/rfc822|text\/rfc822-headers|message\/rfc822-headers)$/i.test(part.contentType))
      .map((part) => part.content.toString('utf8'));
    for (const text of [...returned, mail.text ?? '']) for (const match of text.matchAll(MESSAGE_ID)) ids.push(match[1]!);
  }
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^<[^>\s]+>$/.test(id)))];
}

const topHeader = (mail: Pick<ParsedMail, 'headerLines'>, name: string): string | null => {
  const line = mail.headerLines.find((header) => header.key === name);
  return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : null;
};

export async function readMail(request: ReadMailRequest): Promise<ReadMailAnswer> {
  const mail = await parse(request.path, request.attachmentDir);
  if (!mail) return { ok: false, reason: 'malformed' };
  const kind = kindOf(mail);
  const from = mail.from?.value[0];
  const fullText = fullTextOf(mail);
  const bounce = kind === 'bounce' ? bounceDetails(mail) : null;
  const sender = await checkSender(request.path, {
    envelope: request.envelope,
    trustedAuthservId: request.trustedAuthservId,
    topAuthenticationResults: topHeader(mail, 'authentication-results'),
    fromAddress: from?.address ?? null,
    dns: request.dns,
  });

  const attachments: KeptAttachment[] = [];
  const skipped: SkippedAttachment[] = [];
  if (kind === 'reply') {
    for (const [index, part] of mail.attachments.entries()) {
      const fileName = safeFileName(part.filename, `attachment-${index + 1}`);
      if (attachments.length >= MAX_ATTACHMENTS) {
        skipped.push({ fileName, reason: `more than ${MAX_ATTACHMENTS} attachments` });
        continue;
      }
      const verdict = await attachmentVerdictOfFile(part);
      if ('reason' in verdict) {
        skipped.push({ fileName, reason: verdict.reason });
        continue;
      }
      attachments.push({ fileName, path: part.path, size: part.size, contentType: verdict.contentType });
    }
  }
  return {
    ok: true,
    mail: {
      messageId: await messageIdOf(mail, () => fileHash(request.path)),
      kind,
      fromAddress: from?.address ?? null,
      fromName: from?.name || null,
      subject: mail.subject ?? '',
      sentAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null,
      text: bounce ? bounce.reason : replyTextOf(fullText),
      fullText,
      html: kind === 'reply' ? safeHtmlOf(mail) : null,
      deliveredTo: deliveredTo(mail),
      names: namedMessageIds(mail, kind),
      bounce,
      attachments,
      skipped,
      sender,
    },
  };
}
