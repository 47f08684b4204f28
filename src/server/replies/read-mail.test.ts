import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mailsplit from '@zone-eu/mailsplit';
import { afterAll, describe, expect, it } from 'vitest';
import { readMail, TextPartCutter } from './read-mail';

/* One spooled mail read as the mail reader's process reads it (issue 50). */

const dir = mkdtempSync(join(tmpdir(), 'read-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cut(raw: string, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  const joiner = new mailsplit.Joiner();
  joiner.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pipeline(Readable.from([Buffer.from(raw)]), new mailsplit.Splitter(), new TextPartCutter(max), joiner);
  return Buffer.concat(chunks).toString('utf8');
}

describe('cutting text parts as the mail streams', () => {
  it('keeps a text part up to the limit, at a line’s end, and passes attachments and structure untouched', async () => {
    const text = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\r\n');
    const attachment = 'A'.repeat(76);
    const raw = [
      'Content-Type: multipart/mixed; boundary=b',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      text,
      '--b',
      'Content-Type: text/plain; name=log.txt',
      'Content-Disposition: attachment; filename=log.txt',
      '',
      text,
      '--b',
      'Content-Type: application/octet-stream',
      'Content-Transfer-Encoding: base64',
      '',
      attachment,
      '--b--',
      '',
    ].join('\r\n');
    const result = await cut(raw, 100);
    const [, first, second, third] = result.split('--b');
    expect(first!.trim().split('\r\n').at(-1)).toBe('line 11');
    expect(first!.length).toBeLessThan(150);
    // The text attachment is a file, not a part to read: kept whole.
    expect(second).toContain('line 99');
    expect(third).toContain(attachment);
    expect(result.trimEnd().endsWith('--b--')).toBe(true);
  });

  it('reads a mail of a 20 MB text part as its first megabyte, said so', async () => {
    const path = join(dir, 'big.eml');
    writeFileSync(path, `From: a@mail.test\r\nSubject: Log\r\n\r\n${`${'z'.repeat(998)}\r\n`.repeat(20_000)}`);
    const read = await readMail({ path, attachmentDir: dir, envelope: {}, trustedAuthservId: null, dns: {} });
    if (!read.ok) throw new Error('not read');
    expect(read.mail.fullText.length).toBeLessThan(110_000);
    expect(read.mail.fullText).toMatch(/the rest of this e-mail was not kept/);
  });

  it('names the returned message of a delivery report by its Message-ID', async () => {
    const path = join(dir, 'report.eml');
    writeFileSync(
      path,
      `From: MAILER-DAEMON@mx.mail.test\r\nSubject: Undelivered Mail Returned to Sender\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=r\r\n\r\n--r\r\nContent-Type: message/delivery-status\r\n\r\nFinal-Recipient: rfc822; c@mail.test\r\nAction: failed\r\nStatus: 5.1.1\r\n--r\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <ours@helixpoint.test>\r\nSubject: Hello\r\n--r--\r\n`,
    );
    const read = await readMail({ path, attachmentDir: dir, envelope: {}, trustedAuthservId: null, dns: {} });
    if (!read.ok) throw new Error('not read');
    expect(read.mail.kind).toBe('bounce');
    expect(read.mail.names).toContain('<ours@helixpoint.test>');
  });
});
