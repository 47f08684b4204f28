import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testMailDomains } from '../testing/mail-auth';
import { aligned, checkSender, parseAuthenticationResults, relayVerdict } from './sender-check';

/*
 * Who sent a mail (issue 50): DKIM, SPF and DMARC checked by mailauth against a DNS table of the
 * test's own, or the trusted relay's Authentication-Results header (its topmost one only).
 */

const dir = mkdtempSync(join(tmpdir(), 'sender-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const domains = testMailDomains(['mail.test', 'other.test'], { spf: 'v=spf1 ip4:192.0.2.10 -all' });
let files = 0;
const file = (raw: string) => {
  const path = join(dir, `${++files}.eml`);
  writeFileSync(path, raw);
  return path;
};
const message = (from: string) => `From: ${from}\r\nTo: replies+x@helixpoint.test\r\nSubject: Re: Hello\r\n\r\nYes.\r\n`;
const check = (
  raw: string,
  fromAddress: string,
  envelope = { remoteAddress: '203.0.113.9', helo: 'mx.outside.test', mailFrom: fromAddress },
) => checkSender(file(raw), { envelope, trustedAuthservId: null, topAuthenticationResults: null, fromAddress, dns: domains.dns });

describe('checking the sender', () => {
  it('verifies a mail its domain signed (DKIM aligned, DMARC pass), wherever it came from', async () => {
    const result = await check(await domains.sign(message('c@mail.test'), 'mail.test'), 'c@mail.test');
    expect(result).toMatchObject({ verified: true, fromDomain: 'mail.test', by: 'receiver', provenDomains: ['mail.test'] });
    expect(result.summary).toMatch(/^dmarc=pass dkim=pass spf=fail$/);
  });

  it('verifies an unsigned mail from a server its domain names in SPF', async () => {
    const result = await check(message('c@mail.test'), 'c@mail.test', {
      remoteAddress: '192.0.2.10',
      helo: 'mx.mail.test',
      mailFrom: 'c@mail.test',
    });
    expect(result).toMatchObject({ verified: true, summary: 'dmarc=pass dkim=none spf=pass' });
  });

  it('does not verify a forged From: (no signature, SPF fails), nor a mail signed by another domain', async () => {
    expect(await check(message('Carla <c@mail.test>'), 'c@mail.test')).toMatchObject({
      verified: false,
      summary: 'dmarc=fail dkim=none spf=fail',
    });
    const signedElsewhere = await check(await domains.sign(message('c@mail.test'), 'other.test'), 'c@mail.test', {
      remoteAddress: '203.0.113.9',
      helo: 'x',
      mailFrom: 'x@other.test',
    });
    expect(signedElsewhere).toMatchObject({ verified: false, provenDomains: ['other.test'] });
  });

  it('does not verify a domain that publishes nothing, and says so', async () => {
    expect(await check(message('c@nothing.test'), 'c@nothing.test')).toMatchObject({
      verified: false,
      summary: 'dmarc=none dkim=none spf=none',
    });
  });

  it('believes the trusted relay’s topmost Authentication-Results header, and only that one', async () => {
    const top =
      'mx.relay.test; dkim=pass header.d=mail.test header.s=s1; spf=softfail smtp.mailfrom=mail.test; dmarc=pass (p=REJECT) header.from=mail.test';
    const path = file(message('c@mail.test'));
    const trusted = await checkSender(path, {
      envelope: {},
      trustedAuthservId: 'mx.relay.test',
      topAuthenticationResults: top,
      fromAddress: 'c@mail.test',
      dns: domains.dns,
    });
    expect(trusted).toMatchObject({ verified: true, by: 'relay', summary: 'dmarc=pass dkim=pass spf=softfail' });
    // A header of another authserv-id on top (written by the sender) is not the relay's: the receiver checks itself.
    const forged = await checkSender(path, {
      envelope: {},
      trustedAuthservId: 'mx.relay.test',
      topAuthenticationResults: top.replace('mx.relay.test', 'mx.forged.test'),
      fromAddress: 'c@mail.test',
      dns: domains.dns,
    });
    expect(forged).toMatchObject({ verified: false, by: 'receiver' });
  });
});

describe('Authentication-Results', () => {
  it('reads methods, results and properties, comments and folding left out', () => {
    const parsed = parseAuthenticationResults(
      'mx.google.com;\r\n       dkim=pass header.i=@mail.test header.s=s1 header.b="abc; def";\r\n       spf=pass (google.com: domain of a@mail.test designates 1.2.3.4; as permitted sender) smtp.mailfrom=a@mail.test;\r\n       dmarc=fail (p=NONE sp=NONE dis=NONE) header.from=mail.test',
    );
    expect(parsed.authservId).toBe('mx.google.com');
    expect(parsed.results.map((result) => [result.method, result.result])).toEqual([
      ['dkim', 'pass'],
      ['spf', 'pass'],
      ['dmarc', 'fail'],
    ]);
    expect(parsed.results[1]!.props['smtp.mailfrom']).toBe('a@mail.test');
  });

  it('verifies by DKIM or SPF aligned with the From domain when DMARC is not said', () => {
    expect(relayVerdict('r; dkim=pass header.d=mail.mail.test', 'mail.test').verified).toBe(true);
    expect(relayVerdict('r; dkim=pass header.d=other.test', 'mail.test').verified).toBe(false);
    expect(relayVerdict('r; spf=pass smtp.mailfrom=bounce@mail.test', 'mail.test').verified).toBe(true);
    expect(relayVerdict('r; dkim=fail header.d=mail.test', 'mail.test').verified).toBe(false);
  });

  it('aligns domains of one organisation, by the public suffix list', () => {
    expect(aligned('mx.example.co.uk', 'example.co.uk')).toBe(true);
    expect(aligned('example.co.uk', 'other.co.uk')).toBe(false);
  });
});
