import EmailReplyParser from 'email-reply-parser';
import { fileTypeFromBuffer } from 'file-type';
import { convert } from 'html-to-text';
import { readFile } from 'node:fs/promises';
import type { ParsedMail } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { looksLikeText, namesWordDocument } from '../uploads/detect.ts';
import { REPLY_ATTACHMENT_MAX_BYTES, type InboundKind } from '../../lib/replies/kinds.ts';

/**
 * What a mail that came back says, decided from the parsed mail: a bounce (a delivery status
 * report), an automatic reply, or a person's reply; the reply's own words without the quoted
 * history and the signature; its HTML made safe; its attachments typed by their content.
 */

/**
 * A parsed mail as these rules read it: mailparser's, with each attachment's content, or (in the
 * mail reader, read-mail.ts) only its first bytes, the rest in a file.
 */
export type MailView = Omit<ParsedMail, 'attachments'> & { attachments: ReadonlyArray<{ contentType: string; content: Buffer }> };

/** Longest text kept of a mail (a pasted log, a forwarded thread): the rest is cut, said so. */
const MAX_TEXT = 100_000;
/** HTML longer than this is not kept (the text is): sanitising megabytes of markup is not worth it. */
const MAX_HTML = 500_000;

const header = (mail: MailView, name: string): string => {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return String(value);
};

/** A delivery status report (RFC 3464), or a mailer daemon's plain "undeliverable". */
export function isBounce(mail: MailView): boolean {
  const type = mail.headers.get('content-type');
  const reportType =
    typeof type === 'object' && type && 'params' in type ? (type.params as Record<string, string>)['report-type'] : undefined;
  if (reportType?.toLowerCase() === 'delivery-status') return true;
  if (mail.attachments.some((part) => part.contentType === 'message/delivery-status')) return true;
  const from = mail.from?.value[0]?.address ?? '';
  return (
    /^(mailer-daemon|postmaster)@/i.test(from) &&
    /undeliver|delivery (status|failure)|failure notice|returned mail/i.test(mail.subject ?? '')
  );
}

/** Out of office and other answers no person wrote (RFC 3834 and the headers mail systems use instead). */
export function isAutomatic(mail: MailView): boolean {
  const autoSubmitted = header(mail, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond') || mail.headers.has('x-autoresponder')) return true;
  if (/^(auto_reply|bulk|junk|list)$/i.test(header(mail, 'precedence').trim())) return true;
  return /^\s*(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|abwesenheitsnotiz|abwesenheit|absence|réponse automatique|respuesta automática)\b/i.test(
    mail.subject ?? '',
  );
}

export function kindOf(mail: MailView): InboundKind {
  if (isBounce(mail)) return 'bounce';
  return isAutomatic(mail) ? 'auto_reply' : 'reply';
}

/** What a bounce says: the failed address, whether it is for good (5.x.x, "failed") and the server's words. */
export function bounceDetails(mail: MailView): { permanent: boolean; recipient: string | null; reason: string } {
  const report = mail.attachments.find((part) => part.contentType === 'message/delivery-status');
  const text = report ? report.content.toString('utf8') : (mail.text ?? '');
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(text)?.[1]?.trim() ?? '';
  const action = field('Action').toLowerCase();
  const status = field('Status');
  const recipient = field('Final-Recipient').replace(/^rfc822;\s*/i, '') || null;
  const diagnostic = field('Diagnostic-Code').replace(/^smtp;\s*/i, '');
  // The report's Action ("failed" or "delayed"), else its Status class; a plain "undeliverable"
  // notice without either is a mailer daemon's word, taken as final.
  const permanent = action ? action === 'failed' : status ? status.startsWith('5') : true;
  const reason = (diagnostic || status || (action ? `delivery ${action}` : 'undeliverable')).slice(0, 300);
  return { permanent, recipient, reason };
}

function cut(text: string, max: number): string {
  return text.length > max
    ? `${text.slice(0, max)}\n\n[… the rest of this e-mail was not kept: it is longer than ${max.toLocaleString('en-US')} characters]`
    : text;
}

/**
 * The mail's text: its plain part, or the text of its HTML (the parser is told not to make one:
 * its default writes every image's address, a tracking pixel's included). Line ends made \n.
 */
export function fullTextOf(mail: MailView): string {
  const text =
    mail.text ||
    (typeof mail.html === 'string' && mail.html.length <= MAX_HTML
      ? convert(mail.html, {
          wordwrap: false,
          selectors: [
            { selector: 'img', format: 'skip' },
            { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
          ],
        })
      : '');
  return cut(text.replace(/\r\n?/g, '\n').trim(), MAX_TEXT);
}

/**
 * What they wrote above the quoted history ("On … wrote:", "> …", Outlook's "From:" block) and
 * their signature ("-- "), by GitHub's rules as email-reply-parser ports them. A reply that is all
 * quote (they wrote inline) keeps its whole text.
 */
export function replyTextOf(fullText: string): string {
  const visible = new EmailReplyParser().read(fullText).getVisibleText().trim();
  return visible || fullText;
}

/**
 * The HTML part made safe to show staff: formatting and links only. No images (a remote image is a
 * read receipt for whoever sent it), no styles, no scripts, no forms; links open apart, without
 * telling the other site where they came from.
 */
export function safeHtmlOf(mail: MailView): string | null {
  if (typeof mail.html !== 'string' || mail.html.length === 0 || mail.html.length > MAX_HTML) return null;
  const clean = sanitizeHtml(mail.html, {
    allowedTags: [
      'p',
      'br',
      'div',
      'span',
      'b',
      'strong',
      'i',
      'em',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'blockquote',
      'pre',
      'code',
      'a',
      'h1',
      'h2',
      'h3',
      'h4',
      'table',
      'thead',
      'tbody',
      'tr',
      'td',
      'th',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
  }).trim();
  return clean === '' ? null : clean;
}

/** The attachment types a reply may bring, by what their bytes are. */
const attachmentTypes = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

/** The content type of an attachment we keep, decided by its bytes (never its name or declared type); null to refuse it. */
export async function attachmentTypeOf(content: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(content);
  if (detected) {
    if (detected.ext === 'cfb') return namesWordDocument(content) ? attachmentTypes.doc : null;
    return (attachmentTypes as Record<string, string>)[detected.ext] ?? null;
  }
  return looksLikeText(content, true) ? attachmentTypes.txt : null;
}

/** A file name safe to store and offer for download: no path, no control characters, 200 characters at most. */
export function safeFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  return (base || fallback).slice(0, 200);
}

/** Why an attachment is left out, or null to keep it. */
export async function attachmentVerdict(content: Buffer): Promise<{ contentType: string } | { reason: string }> {
  if (content.length === 0) return { reason: 'empty' };
  if (content.length > REPLY_ATTACHMENT_MAX_BYTES) return { reason: 'larger than 10 MB' };
  const contentType = await attachmentTypeOf(content);
  return contentType ? { contentType } : { reason: 'not a PDF, Word document, text file or image' };
}

/** The same verdict for an attachment the reader wrote to a file (at most 10 MB and a byte are written). */
export async function attachmentVerdictOfFile(part: { path: string; size: number }): Promise<{ contentType: string } | { reason: string }> {
  if (part.size > REPLY_ATTACHMENT_MAX_BYTES) return { reason: 'larger than 10 MB' };
  return attachmentVerdict(await readFile(part.path));
}

/**
 * The mail's Message-ID; a mail without a usable one is known by its bytes (`hashOfBytes`, the hex
 * SHA-256 of the whole mail, asked for only then), so the same one delivered twice is still one.
 */
export async function messageIdOf(mail: MailView, hashOfBytes: () => Promise<string>): Promise<string> {
  const id = mail.messageId?.trim();
  return id && id.length <= 500 ? id : `<sha256-${await hashOfBytes()}@helixpoint.invalid>`;
}
