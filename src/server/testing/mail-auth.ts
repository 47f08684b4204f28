import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth';
import type { DnsRecords } from '../replies/sender-check.ts';

/**
 * Mail domains for tests of who sent a mail (issue 50), offline: each domain gets a DKIM key, an
 * SPF record and a DMARC policy in a DNS table the mail reader answers from (no lookup leaves the
 * machine), and the test signs the mails its domains send, as their mail servers would.
 */

export interface TestMailDomains {
  dns: DnsRecords;
  /** The mail with a DKIM signature of `domain` on top (the domain's own server sent it). */
  sign(raw: string, domain: string): Promise<string>;
}

const SELECTOR = 'test';

/** A TXT answer: one record, in strings of at most 255 characters. */
const txt = (value: string) => [value.match(/.{1,255}/g)!];

export function testMailDomains(
  domains: readonly string[],
  { spf = 'v=spf1 -all', dmarc = 'v=DMARC1; p=reject' }: { spf?: string; dmarc?: string } = {},
): TestMailDomains {
  const keys = new Map<string, string>();
  const dns: DnsRecords = {};
  for (const domain of domains) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    keys.set(domain, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    dns[`TXT ${SELECTOR}._domainkey.${domain}`] = txt(`v=DKIM1; k=rsa; p=${der}`);
    dns[`TXT ${domain}`] = txt(spf);
    dns[`TXT _dmarc.${domain}`] = txt(dmarc);
  }
  return {
    dns,
    async sign(raw, domain) {
      const privateKey = keys.get(domain);
      if (!privateKey) throw new Error(`${domain} is not a test mail domain`);
      const key = { signingDomain: domain, selector: SELECTOR, privateKey };
      // mailauth signs with the keys of signatureData (the top-level ones only type the call).
      const { signatures } = await dkimSign(raw, { ...key, signatureData: [key] });
      return `${signatures}${raw}`;
    },
  };
}
