import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, extractLinks, redactLink, type MailMessage } from './transport.ts';
import { freePort } from '../net';

const from = '"Helixpoint" <hello@helixpoint.example>';
// A confirmation link as the site sends it: its token is a signed JWT.
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSIsInVzZXJJZCI6IngifQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
const link = `http://localhost:4321/auth/verify-email?token=${jwt}`;

const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'Confirm your e-mail address',
  html: `<p>Hello Ada, <a href="${link.replace(/&/g, '&amp;')}">confirm</a></p>`,
  text: `Hello Ada,\n\nConfirm: ${link}\n\nSecret body line`,
  replyTo: 'careers@helixpoint.example',
};

/** Undo quoted-printable body encoding, enough to read the parts back. */
function decodeQuotedPrintable(value: string): string {
  return value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('extractLinks', () => {
  it('finds http(s) links without trailing punctuation', () => {
    expect(extractLinks('See https://a.example/x?y=1. And (http://b.example/z), https://a.example/x?y=1')).toEqual([
      'https://a.example/x?y=1',
      'http://b.example/z',
    ]);
  });
});

describe('redactLink (issue 25: no secret in the log)', () => {
  it('replaces every token, in a path or a query, and keeps what is not secret', () => {
    const token = 'Qm9vZ2llV29vZ2llQm9vZ2llV29vZ2llQm9vZ2llV29v'; // 43 characters, as ours are
    expect(redactLink(link)).toBe('http://localhost:4321/auth/verify-email?token=REDACTED');
    expect(redactLink(`https://h.example/applications/${token}`)).toBe('https://h.example/applications/REDACTED');
    expect(redactLink('https://h.example/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx?callbackURL=%2Fauth%2Freset-password')).toBe(
      'https://h.example/api/auth/reset-password/REDACTED?callbackURL=%2Fauth%2Freset-password',
    );
    expect(redactLink(`https://h.example/auth/invitation?token=${token}`)).toBe('https://h.example/auth/invitation?token=REDACTED');
    expect(redactLink(`https://h.example/careers/alerts/unsubscribe?token=${token}&x=1`)).toBe(
      'https://h.example/careers/alerts/unsubscribe?token=REDACTED&x=1',
    );
    // A position's page, the board, the account page: kept whole.
    const position = 'https://h.example/careers/apply/0b6f3c2e-59d3-4c4c-9a53-0f6a4a8a1d1e?utm_source=alert';
    expect(redactLink(position)).toBe(position);
    expect(redactLink('https://h.example/account')).toBe('https://h.example/account');
    expect(redactLink('https://h.example/solutions/aws/cost-optimization')).toBe('https://h.example/solutions/aws/cost-optimization');
  });
});

describe('file mode (no SMTP_URL)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mail-outbox-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one .eml with headers and both parts, and logs subject, recipient and links (tokens replaced) only', async () => {
    const logged: Array<{ obj: object; msg?: string }> = [];
    const outboxDir = join(dir, 'mail'); // does not exist yet: created on first send
    const mailer = createMailer({ from, outboxDir, logger: { info: (obj, msg) => logged.push({ obj, msg }) } });

    const result = await mailer.send(message);

    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]+\.eml$/);
    expect(result.file).toBe(join(outboxDir, files[0]!));
    expect(result.messageId).toMatch(/^<.+@.+>$/);

    const raw = readFileSync(result.file!, 'utf8');
    expect(raw).toContain('\r\n'); // RFC 822 line endings
    const eml = decodeQuotedPrintable(raw);
    expect(eml).toContain('Subject: Confirm your e-mail address');
    expect(eml).toContain('To: ada@example.com');
    expect(eml).toContain('From: Helixpoint <hello@helixpoint.example>');
    expect(eml).toContain('Reply-To: careers@helixpoint.example');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('Secret body line');
    expect(eml).toContain(`Confirm: ${link}`);
    expect(eml).toContain('confirm</a>');

    expect(logged).toHaveLength(1);
    const entry = JSON.stringify(logged[0]);
    expect(logged[0]!.obj).toMatchObject({
      subject: message.subject,
      to: message.to,
      links: ['http://localhost:4321/auth/verify-email?token=REDACTED'],
    });
    // The outbox keeps the whole link; the log has no part of its token.
    expect(entry).not.toContain(jwt.split('.')[2]);
    expect(entry).not.toContain(jwt.split('.')[0]);
    expect(entry).not.toContain('Secret body line');
    expect(entry).not.toContain('Hello Ada');
    mailer.close();
  });

  it('writes the extra headers a message carries (List-Unsubscribe for job alerts)', async () => {
    const outboxDir = join(dir, 'mail-headers');
    const mailer = createMailer({ from, outboxDir });
    const unsubscribe = 'https://www.helixpoint.example/careers/alerts/unsubscribe?token=abc';
    const result = await mailer.send({
      ...message,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    // Long header lines are folded (a line break before a space): unfolded to read them.
    const eml = readFileSync(result.file!, 'utf8').replace(/\r\n(?=[ \t])/g, '');
    expect(eml).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    mailer.close();
  });

  it('carries a calendar invitation as the text/calendar part calendar apps act on, and as an .ics file', async () => {
    const outboxDir = join(dir, 'mail-calendar');
    const mailer = createMailer({ from, outboxDir });
    const content = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nBEGIN:VEVENT\r\nUID:x@helixpoint\r\nSEQUENCE:2\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const result = await mailer.send({ ...message, calendar: { method: 'CANCEL', content } });
    const eml = readFileSync(result.file!, 'utf8').replace(/\r\n(?=[ \t])/g, '');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    expect(eml).toMatch(/Content-Type: application\/ics; name=invite\.ics/);
    mailer.close();
  });
});

describe('SMTP mode', () => {
  interface Received {
    from: string | undefined;
    to: string[];
    raw: string;
  }
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the message to a real SMTP server', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, outboxDir: '/nonexistent/never-used' });
    const result = await mailer.send(message);
    mailer.close();

    expect(result.messageId).toMatch(/^<.+@.+>$/);
    expect(result.file).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('hello@helixpoint.example');
    expect(received[0]!.to).toEqual(['ada@example.com']);
    expect(received[0]!.raw).toContain('Subject: Confirm your e-mail address');
    expect(received[0]!.raw).toContain('To: ada@example.com');
    expect(decodeQuotedPrintable(received[0]!.raw)).toContain(`Confirm: ${link}`);
  });

  it('rejects when the SMTP server is down, so the job queue can retry', async () => {
    const deadPort = await freePort();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${deadPort}`, from, outboxDir: '/nonexistent/never-used' });
    await expect(mailer.send(message)).rejects.toThrow(/ECONNREFUSED|connect/i);
    mailer.close();
  });
});
