import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { xssVectors } from '../testing/xss-vectors';
import { attachmentTypeOf, bounceDetails, fullTextOf, isAutomatic, kindOf, replyTextOf, safeFileName, safeHtmlOf } from './content';
import { replyAddressFor, tokenOfAddress } from './addresses';

/* What a mail that came back says (issue 35): its kind, its own words, safe HTML, typed attachments. */

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url));
const parse = (headers: Record<string, string>, body: string) =>
  simpleParser(
    `${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n')}\r\n\r\n${body}`,
  );

describe('reply addresses', () => {
  it('puts the token after a plus, and finds it back whatever the case, only for our own address', () => {
    const token = 'ab'.repeat(20);
    const address = replyAddressFor('replies@mail.example.com', token);
    expect(address).toBe(`replies+${token}@mail.example.com`);
    expect(tokenOfAddress('replies@mail.example.com', address.toUpperCase())).toBe(token);
    expect(tokenOfAddress('replies@mail.example.com', `replies+${token}@other.example.com`)).toBeNull();
    expect(tokenOfAddress('replies@mail.example.com', `sales+${token}@mail.example.com`)).toBeNull();
    expect(tokenOfAddress('replies@mail.example.com', 'replies+short@mail.example.com')).toBeNull();
    expect(tokenOfAddress('replies@mail.example.com', 'replies@mail.example.com')).toBeNull();
  });
});

describe('the words of a reply', () => {
  it.each([
    ['Gmail', 'Yes, Tuesday works.\n\nOn Mon, 23 Nov 2026 at 10:00, Rita <rita@x.test> wrote:\n> When are you free?\n> Rita'],
    ['a signature', 'Yes, Tuesday works.\n\n-- \nCarla Candidate\n+1 512 555 0147'],
    ['Outlook', 'Yes, Tuesday works.\n\n-----Original Message-----\nFrom: Rita\nSent: Monday\nSubject: Next steps\n\nWhen are you free?'],
    ['a phone', 'Yes, Tuesday works.\n\nSent from my iPhone'],
  ])('leaves out the quoted history and the signature (%s)', (_client, text) => {
    expect(replyTextOf(text)).toBe('Yes, Tuesday works.');
  });

  it('keeps a reply written inline, all of it quoted', () => {
    expect(replyTextOf('> When are you free?')).toBe('> When are you free?');
  });

  it('reads a long hostile text in a bounded time and cuts it to 100,000 characters', async () => {
    const mail = await parse(
      { From: 'x@y.test', Subject: 'x' },
      `${'> '.repeat(200_000)}\n${'a'.repeat(300_000)}\n${'On x wrote:\n'.repeat(20_000)}`,
    );
    const started = performance.now();
    const full = fullTextOf(mail);
    replyTextOf(full);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(full.length).toBeLessThan(100_200);
    expect(full).toMatch(/the rest of this e-mail was not kept/);
  });
});

describe('the HTML of a reply', () => {
  it('gives an HTML-only mail a text without its images', async () => {
    const mail = await simpleParser(
      'From: x@y.test\r\nContent-Type: text/html\r\n\r\n<p>We need a <b>review</b>.</p><img src="https://tracker.example/p.gif"><p><a href="https://x.example">https://x.example</a></p>',
      { skipHtmlToText: true },
    );
    expect(fullTextOf(mail)).toBe('We need a review.\n\nhttps://x.example');
  });

  it.each(xssVectors.map((vector) => [vector]))('keeps nothing that runs or loads: %s', async (vector) => {
    const html = safeHtmlOf(await parse({ From: 'x@y.test', 'Content-Type': 'text/html' }, `<p>Hi</p>${vector}`)) ?? '';
    // Text may say anything (it is shown as text); no tag may run or load something.
    const tags = html.match(/<[a-z][^>]*>/gi) ?? [];
    for (const tag of tags) {
      expect(tag).toMatch(/^<(p|br|div|span|b|strong|i|em|u|s|ul|ol|li|blockquote|pre|code|a|h[1-4]|table|thead|tbody|tr|td|th|hr)[\s>/]/i);
      expect(tag).not.toMatch(/\son\w+\s*=|(javascript|vbscript|data):|style\s*=|src\s*=/i);
    }
  });

  it('keeps formatting and links, which open apart without a referrer', async () => {
    const html = safeHtmlOf(
      await parse(
        { From: 'x@y.test', 'Content-Type': 'text/html' },
        '<p><b>Yes</b>, see <a href="https://carla.example" target="_self">my site</a></p>',
      ),
    );
    expect(html).toBe(
      '<p><b>Yes</b>, see <a href="https://carla.example" target="_blank" rel="noopener noreferrer nofollow">my site</a></p>',
    );
  });
});

describe('what kind of mail it is', () => {
  it.each([
    [{ 'Auto-Submitted': 'auto-replied' }, 'Re: Hello'],
    [{ 'X-Autoreply': 'yes' }, 'Re: Hello'],
    [{ Precedence: 'auto_reply' }, 'Re: Hello'],
    [{}, 'Out of Office: Re: Hello'],
    [{}, 'Automatic reply: Hello'],
    [{}, 'Abwesenheitsnotiz'],
  ])('an automatic reply: %o %s', async (headers, subject) => {
    const mail = await parse({ From: 'x@y.test', Subject: subject, ...headers }, 'Away.');
    expect(isAutomatic(mail)).toBe(true);
    expect(kindOf(mail)).toBe('auto_reply');
  });

  it('a person, when Auto-Submitted says no', async () => {
    expect(kindOf(await parse({ From: 'x@y.test', Subject: 'Re: Hello', 'Auto-Submitted': 'no' }, 'Hi'))).toBe('reply');
  });

  it('a bounce: a delivery status report, failed for good or only delayed', async () => {
    const report = (action: string, status: string) =>
      parse(
        {
          From: 'MAILER-DAEMON@mx.test',
          Subject: 'Delivery Status Notification',
          'Content-Type': 'multipart/report; report-type=delivery-status; boundary=b',
        },
        `--b\r\nContent-Type: text/plain\r\n\r\nSorry.\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.test\r\n\r\nFinal-Recipient: rfc822; gone@mail.test\r\nAction: ${action}\r\nStatus: ${status}\r\n--b--\r\n`,
      );
    const failed = await report('failed', '5.1.1');
    expect(kindOf(failed)).toBe('bounce');
    expect(bounceDetails(failed)).toEqual({ permanent: true, recipient: 'gone@mail.test', reason: '5.1.1' });
    expect(bounceDetails(await report('delayed', '4.4.7'))).toMatchObject({ permanent: false });
    const plain = await parse({ From: 'postmaster@mx.test', Subject: 'Undeliverable: Hello' }, 'Could not deliver.');
    expect(kindOf(plain)).toBe('bounce');
  });
});

describe('attachments', () => {
  it('are typed by their bytes, never their names', async () => {
    expect(await attachmentTypeOf(fixture('resume.pdf'))).toBe('application/pdf');
    expect(await attachmentTypeOf(fixture('resume.docx'))).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await attachmentTypeOf(fixture('resume.doc'))).toBe('application/msword');
    expect(await attachmentTypeOf(fixture('brief.txt'))).toBe('text/plain; charset=utf-8');
    expect(await attachmentTypeOf(fixture('image.txt'))).toBe('image/png');
    for (const fake of ['program.pdf', 'setup.docx', 'installer.doc']) expect(await attachmentTypeOf(fixture(fake))).toBeNull();
  });

  it('keep a file name without a path or control characters', () => {
    expect(safeFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\cv.pdf', 'x')).toBe('cv.pdf');
    expect(safeFileName('a\u0000b\r\n".pdf', 'x')).toBe('ab.pdf');
    expect(safeFileName(undefined, 'attachment-1')).toBe('attachment-1');
    expect(safeFileName('x'.repeat(500), 'y')).toHaveLength(200);
  });
});
