/**
 * Sending e-mail. With an SMTP URL, messages go through nodemailer's SMTP transport and errors
 * propagate, so the job queue can retry. Without one (a laptop with nothing configured), every
 * message is written as an RFC 822 `.eml` file into the outbox directory, and its subject,
 * recipient and links are logged, with their tokens replaced (the `.eml` file has the whole link).
 *
 * Runs directly under Node (type stripping): relative imports with `.ts`, erasable syntax only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /**
   * The envelope sender (SMTP MAIL FROM), where delivery failure reports go: a thread's reply
   * address (issue 35), so a bounce comes back to the thread. Unset: the From address.
   */
  envelopeFrom?: string;
  /**
   * The Message-ID to send it with (a thread's e-mails, issue 50: a delivery report is believed only
   * when it names one we sent). Unset: nodemailer makes one.
   */
  messageId?: string;
  /** Extra headers, e.g. `List-Unsubscribe` (job alerts). */
  headers?: Record<string, string>;
  /**
   * A calendar invitation (bookings): sent as the text/calendar part calendar apps act on (with
   * its METHOD) and as an invite.ics attachment for those that only offer files.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; content: string };
}

export interface SendResult {
  messageId: string;
  /** Path of the `.eml` file, in file mode only. */
  file?: string;
}

export interface MailLogger {
  info(obj: object, msg?: string): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; unset writes `.eml` files. */
  smtpUrl?: string;
  /** The From header, e.g. `"Helixpoint" <hello@helixpoint.example>`. */
  from: string;
  /** Where `.eml` files go when there is no SMTP URL (`DATA_DIR/mail`). */
  outboxDir: string;
  logger?: MailLogger;
}

export interface Mailer {
  send(message: MailMessage): Promise<SendResult>;
  /** Closes the SMTP connection pool, if any. */
  close(): void;
}

/**
 * A link as the log may write it: every secret token in it (a path segment or query value that
 * looks like one: 20 or more token characters, or a JWT) replaced, so the log opens nothing. UUIDs
 * (a position's page) are not secrets and stay. The outbox's .eml file keeps the whole link.
 */
export function redactLink(link: string): string {
  const secret = (part: string) =>
    /^[A-Za-z0-9_-]{20,}$|^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(part) &&
    !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(part);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return '[link]';
  }
  url.pathname = url.pathname
    .split('/')
    .map((part) => (secret(part) ? 'REDACTED' : part))
    .join('/');
  for (const [name, value] of [...url.searchParams]) if (secret(value)) url.searchParams.set(name, 'REDACTED');
  return url.toString();
}

/** Absolute http(s) links in a plain-text body, trailing punctuation removed, duplicates once. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"']+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)\]}]+$/, '')))];
}

/** `2026-05-04T10-11-12-345Z-1a2b3c4d5e6f.eml`: sortable, and valid on every file system. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`;
}

function toMailOptions(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.envelopeFrom ? { envelope: { from: message.envelopeFrom, to: message.to } } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
    ...(message.calendar
      ? {
          // Nodemailer sends it both as the text/calendar alternative and as an invite.ics attachment.
          icalEvent: { method: message.calendar.method, filename: 'invite.ics', content: message.calendar.content },
        }
      : {}),
  };
}

/**
 * The transport is made on the first message: nodemailer is loaded only then, so a web process
 * that never sends mail does not hold it in memory (decision 026).
 */
function lazyTransport(create: (nodemailer: (typeof import('nodemailer'))['default']) => Transporter) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((module) => create(module.default))),
    // Also a transport still being made when the mailer is closed; a failed load has none.
    close: () =>
      void made?.then(
        (transporter) => transporter.close(),
        () => undefined,
      ),
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;

  if (smtpUrl) {
    // Pooled: connections are reused across messages (a burst of applications is mailed at
    // tens of messages a second); `?pool=false` in the URL turns it off.
    // Timeouts well inside the e-mail job's 30 s expiry (jobs/queue.ts): a server that stops answering
    // fails the send, to be retried, instead of holding the job (nodemailer waits 2 to 10 minutes).
    const transport = lazyTransport((nodemailer) =>
      nodemailer.createTransport({ url: smtpUrl, pool: true, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 }),
    );
    return {
      async send(message) {
        // Errors (connection refused, rejected recipient...) propagate to the caller.
        const info = await (await transport.get()).sendMail(toMailOptions(from, message));
        logger?.info({ messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
      close() {
        transport.close();
      },
    };
  }

  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail(toMailOptions(from, message));
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, outboxFileName(new Date()));
      // Written aside, then renamed: whoever reads the outbox (a test, a person) never sees half a message.
      await writeFile(`${file}.partial`, info.message);
      await rename(`${file}.partial`, file);
      // Subject, recipient and links only, their tokens replaced: never the body, never a secret.
      const links = extractLinks(message.text).map(redactLink);
      logger?.info({ subject: message.subject, to: message.to, links, file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
