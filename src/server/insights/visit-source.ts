import type { IncomingMessage } from 'node:http';
import { DIRECT, referrerHost, visitSource, type VisitSource } from '../../lib/applications/source.ts';

/**
 * The source of a visit as the careers pages see it (../../lib/applications/source.ts), from the
 * request: its query and its Referer. Our own addresses (SITE_URL's and the one asked for) are not
 * a source: moving from the job board to a position is the same visit.
 */

function ownHosts(siteUrl: string, requestHost: string | null | undefined): string[] {
  const hosts = [new URL(siteUrl).host];
  if (requestHost) hosts.push(requestHost);
  return hosts;
}

export function requestSource(request: Request, siteUrl: string): VisitSource {
  const url = new URL(request.url);
  return visitSource(url.searchParams, request.headers.get('referer'), ownHosts(siteUrl, url.host));
}

/**
 * The referring site a careers page depends on, for the page cache's key; null when the address
 * names the source itself (UTM or ref) or the visit comes from nowhere else.
 */
export function externalReferrerHost(req: IncomingMessage, siteUrl: string): string | null {
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  if (visitSource(query, null, []).source !== DIRECT.source) return null;
  const referer = req.headers.referer;
  return referrerHost(typeof referer === 'string' ? referer : null, ownHosts(siteUrl, req.headers.host));
}
