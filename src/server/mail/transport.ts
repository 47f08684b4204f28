/**
 * Sending e-mail. With an SMTP URL, messages go through nodemailer's SMTP transport and errors
 * propagate, so the job queue can retry. Without one (a laptop with nothing configured), every
 * message is written as an RFC 822 `.eml` file into the outbox directory, and its subject,
 * recipient and links are logged so a developer can follow a verification link.
 *
 * Runs directly under Node (type stripping): relative imports with `.ts`, erasable syntax only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** Extra headers, e.g. `List-Unsubscribe` (job alerts). */
  headers?: Record<string, string>;
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
    ...(message.headers ? { headers: message.headers } : {}),
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
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ url: smtpUrl, pool: true }));
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
      await writeFile(file, info.message);
      // Subject, recipient and links only: never the body.
      logger?.info({ subject: message.subject, to: message.to, links: extractLinks(message.text), file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
    close() {
      transport.close();
    },
  };
}
