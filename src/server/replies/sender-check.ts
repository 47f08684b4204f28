import { createReadStream } from 'node:fs';
import { promises as dns } from 'node:dns';
import { authenticate, type AuthenticateResult, type DNSResolver } from 'mailauth';
import { getDomain } from 'tldts';

/**
 * Who really sent a mail that came back (issue 50): anyone can write any name and address into a
 * `From:` header, so a reply is shown as the person's only when their domain vouches for it. DKIM,
 * SPF and DMARC are checked by mailauth (run in the mail reader's process, with its own DNS resolver
 * in tests); or, when the operator names the relay in front of us (INBOUND_AUTHSERV_ID), that
 * relay's own `Authentication-Results` header is believed, the topmost one only (the one it added:
 * a sender can write such a header too, further down).
 */

/** How the mail reached us, as the SMTP session saw it (nothing of it over IMAP). */
export interface Envelope {
  remoteAddress?: string | undefined;
  helo?: string | undefined;
  /** MAIL FROM: '' for a delivery report (the null sender). */
  mailFrom?: string | undefined;
}

/** DNS answers by `TYPE name` ("TXT sel._domainkey.mail.test"), for tests: no lookup leaves the machine. */
export type DnsRecords = Record<string, unknown[]>;

export interface SenderCheck {
  /**
   * The domain of the `From:` address vouched for this mail: DMARC passed, or a DKIM signature or
   * SPF passed for a domain aligned with it (the same organisation's domain).
   */
  verified: boolean;
  /** The `From:` address's domain. */
  fromDomain: string | null;
  /** Domains a check proved the mail to come from (DKIM signers, SPF's domain), aligned or not. */
  provenDomains: string[];
  /** What the checks said, as Authentication-Results would: "dmarc=fail dkim=none spf=softfail". */
  summary: string;
  /** Checked here, or read from the trusted relay's header. */
  by: 'receiver' | 'relay';
}

/** The organisational domain (example.co.uk for mx.example.co.uk), by the public suffix list. */
const organisation = (domain: string) => (getDomain(domain, { allowPrivateDomains: true }) ?? domain).toLowerCase();

/** DMARC's relaxed alignment: the same organisational domain. */
export const aligned = (a: string, b: string) => organisation(a) === organisation(b);

const domainOf = (address: string | undefined | null) => {
  const at = (address ?? '').lastIndexOf('@');
  return at > 0 ? address!.slice(at + 1).toLowerCase() : null;
};

function resolverOf(records: DnsRecords | undefined): DNSResolver {
  if (!records) {
    // A few seconds per lookup at most: the mail's reader has a time limit, and DNS is somebody else's server.
    const resolver = new dns.Resolver({ timeout: 3_000, tries: 2 });
    return (name, type) => resolver.resolve(name, type) as Promise<string[][] | string[]>;
  }
  return async (name, type) => {
    const found = records[`${type.toUpperCase()} ${name.toLowerCase().replace(/\.$/, '')}`];
    if (found) return found as string[][] | string[];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

/** `method=result` pairs and their properties of one Authentication-Results header. */
export function parseAuthenticationResults(value: string): {
  authservId: string;
  results: { method: string; result: string; props: Record<string, string> }[];
} {
  // Comments go first: "(sender IP is 203.0.113.7)" may hold any character, semicolons included.
  let text = value.replace(/\r?\n[ \t]+/g, ' ');
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(/\([^()]*\)/g, ' ');
  }
  const [authservPart, ...parts] = text.split(';');
  const authservId = (authservPart ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const results = parts.flatMap((part) => {
    const tokens = part.trim().split(/\s+/).filter(Boolean);
    const head = /^([a-z0-9_-]+)=([a-z]+)$/i.exec(tokens[0] ?? '');
    if (!head) return [];
    const props: Record<string, string> = {};
    for (const token of tokens.slice(1)) {
      const prop = /^([a-z0-9_.-]+)=(.+)$/i.exec(token);
      if (prop) props[prop[1]!.toLowerCase()] = prop[2]!.replace(/^"|"$/g, '');
    }
    return [{ method: head[1]!.toLowerCase(), result: head[2]!.toLowerCase(), props }];
  });
  return { authservId, results };
}

/** What the trusted relay's header says of the `From:` domain. */
export function relayVerdict(header: string, fromDomain: string | null): SenderCheck {
  const { results } = parseAuthenticationResults(header);
  const passed = (method: string) => results.filter((result) => result.method === method && result.result === 'pass');
  const proven = [
    ...passed('dkim').map((result) => result.props['header.d'] ?? domainOf(result.props['header.i']) ?? ''),
    ...passed('spf').map(
      (result) => domainOf(result.props['smtp.mailfrom']) ?? result.props['smtp.mailfrom'] ?? result.props['smtp.helo'] ?? '',
    ),
  ]
    .filter(Boolean)
    .map((domain) => domain.toLowerCase());
  const dmarcPass = passed('dmarc').some(
    (result) => !fromDomain || !result.props['header.from'] || aligned(result.props['header.from'], fromDomain),
  );
  const first = (method: string) => results.find((result) => result.method === method)?.result ?? 'none';
  return {
    verified: fromDomain !== null && (dmarcPass || proven.some((domain) => aligned(domain, fromDomain))),
    fromDomain,
    provenDomains: [...new Set(proven)],
    summary: `dmarc=${first('dmarc')} dkim=${first('dkim')} spf=${first('spf')}`,
    by: 'relay',
  };
}

/** The verdict of mailauth's own checks. */
export function receiverVerdict(result: AuthenticateResult, fromDomain: string | null): SenderCheck {
  const dkimPassed = result.dkim.results
    .filter((row) => row.status.result === 'pass' && row.signingDomain)
    .map((row) => row.signingDomain!);
  const spfPassed = result.spf && result.spf.status.result === 'pass' ? [result.spf.domain] : [];
  const proven = [...dkimPassed, ...spfPassed].map((domain) => domain.toLowerCase());
  const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
  const dkim =
    result.dkim.results.length === 0 ? 'none' : dkimPassed.length > 0 ? 'pass' : (result.dkim.results[0]?.status.result ?? 'none');
  const spf = result.spf ? result.spf.status.result : 'none';
  return {
    // DMARC's own verdict when the domain publishes one; else the same alignment test without a policy.
    verified: fromDomain !== null && (dmarc === 'pass' || (dmarc !== 'fail' && proven.some((domain) => aligned(domain, fromDomain)))),
    fromDomain,
    provenDomains: [...new Set(proven)],
    summary: `dmarc=${dmarc} dkim=${dkim} spf=${spf}`,
    by: 'receiver',
  };
}

export interface CheckOptions {
  envelope: Envelope;
  /** INBOUND_AUTHSERV_ID: the relay whose topmost Authentication-Results header is believed. */
  trustedAuthservId: string | null;
  /** The top Authentication-Results header of the mail, if any. */
  topAuthenticationResults: string | null;
  fromAddress: string | null;
  dns?: DnsRecords | undefined;
}

/** Checks the spooled mail at `path`. Never throws: a check that cannot be made leaves the sender unverified. */
export async function checkSender(path: string, options: CheckOptions): Promise<SenderCheck> {
  const fromDomain = domainOf(options.fromAddress);
  if (options.trustedAuthservId && options.topAuthenticationResults) {
    const { authservId } = parseAuthenticationResults(options.topAuthenticationResults);
    if (authservId === options.trustedAuthservId.toLowerCase()) return relayVerdict(options.topAuthenticationResults, fromDomain);
  }
  try {
    const { envelope } = options;
    const result = await authenticate(createReadStream(path), {
      ...(envelope.remoteAddress ? { ip: envelope.remoteAddress.replace(/^::ffff:/, '') } : {}),
      ...(envelope.helo ? { helo: envelope.helo } : {}),
      ...(envelope.mailFrom !== undefined ? { sender: envelope.mailFrom } : {}),
      resolver: resolverOf(options.dns),
      // Neither changes who sent it; both would fetch more (BIMI logos, ARC chains nobody trusts here).
      disableArc: true,
      disableBimi: true,
    });
    return receiverVerdict(result, fromDomain);
  } catch (error) {
    return {
      verified: false,
      fromDomain,
      provenDomains: [],
      summary: `not checked: ${(error as Error).message.slice(0, 100)}`,
      by: 'receiver',
    };
  }
}
