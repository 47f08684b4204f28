import { z } from 'zod/mini';
import { textField } from '../forms.ts';

/**
 * Where an applicant came from (issue 18), without a tracking cookie: the campaign's UTM
 * parameters of the careers or position address, else the host of the site that linked to us,
 * else "direct". The careers page carries what it found on to its apply links (?utm_… or ?ref=),
 * and the apply page puts it in the form, so the source survives the visit in the URL and the form.
 */

export interface VisitSource {
  source: string;
  medium: string | null;
  campaign: string | null;
}

export const DIRECT: VisitSource = { source: 'direct', medium: null, campaign: null };

const MAX = 100;

/** Printable, short, and without markup: these values come from anybody's link. */
function clean(value: string | null | undefined): string | null {
  const text = (value ?? '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._:/+@-]/gu, '')
    .trim()
    .toLowerCase()
    .slice(0, MAX);
  return text === '' ? null : text;
}

/**
 * Whether `referrer` is a page of one of our hosts, read without parsing it ("https://host/…" or
 * "http://host/…", the host as given, port included): the usual referrer, a link followed within
 * the site. False is no verdict: referrerHost parses the address then.
 */
export function isOwnPageAddress(referrer: string, ownHosts: readonly string[]): boolean {
  const at = referrer.startsWith('https://') ? 8 : referrer.startsWith('http://') ? 7 : -1;
  if (at === -1) return false;
  return ownHosts.some(
    (host) => referrer.startsWith(host, at) && (referrer.length === at + host.length || referrer[at + host.length] === '/'),
  );
}

/** A referrer's host without "www.", or null when it is one of ours or not an address. */
export function referrerHost(referrer: string | null | undefined, ownHosts: readonly string[]): string | null {
  if (!referrer || isOwnPageAddress(referrer, ownHosts)) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  if (ownHosts.some((own) => own.toLowerCase().split(':')[0] === host)) return null;
  return clean(host.replace(/^www\./, ''));
}

/**
 * The source of a visit to the careers or a position page: UTM first (a campaign link says what
 * it is), then a `ref` the careers page carried on, then the referring site, then direct.
 */
export function visitSource(params: URLSearchParams, referrer: string | null | undefined, ownHosts: readonly string[]): VisitSource {
  const utm = clean(params.get('utm_source'));
  if (utm) return { source: utm, medium: clean(params.get('utm_medium')), campaign: clean(params.get('utm_campaign')) };
  const ref = clean(params.get('ref')) ?? referrerHost(referrer, ownHosts);
  return ref ? { source: ref, medium: null, campaign: null } : DIRECT;
}

/** The query parameters that carry a source on to the next page (none for a direct visit). */
export function sourceParams(source: VisitSource): [string, string][] {
  if (source.source === DIRECT.source) return [];
  if (!source.medium && !source.campaign) return [['ref', source.source]];
  const params: [string, string][] = [['utm_source', source.source]];
  if (source.medium) params.push(['utm_medium', source.medium]);
  if (source.campaign) params.push(['utm_campaign', source.campaign]);
  return params;
}

/** A source as the apply form's hidden fields carry it. */
export function sourceFormFields({ source, medium, campaign }: VisitSource) {
  return { source, source_medium: medium ?? '', source_campaign: campaign ?? '' };
}

/** The source fields as the apply form posts them (hidden inputs), checked again by the server. */
export const sourceFields = {
  source: z._default(textField(z.maxLength(MAX)), ''),
  source_medium: z._default(textField(z.maxLength(MAX)), ''),
  source_campaign: z._default(textField(z.maxLength(MAX)), ''),
};

/** What the server stores from the posted fields: cleaned again, "direct" when empty. */
export function sourceFromForm(form: { source?: string; source_medium?: string; source_campaign?: string }): VisitSource {
  const source = clean(form.source);
  if (!source) return DIRECT;
  return { source, medium: clean(form.source_medium), campaign: clean(form.source_campaign) };
}
