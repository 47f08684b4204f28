import { DIRECT, sourceParams, visitSource, type VisitSource } from '../../lib/applications/source.ts';
import type { PageSlots } from '../http/page-cache.ts';

/**
 * The source of a visit as the careers pages see it (../../lib/applications/source.ts), from the
 * request: its query and its Referer. Our own addresses (SITE_URL's and the one asked for) are not
 * a source: moving from the job board to a position is the same visit.
 */

function ownHosts(siteHost: string, requestHost: string | null | undefined): string[] {
  return requestHost ? [siteHost, requestHost] : [siteHost];
}

export function requestSource(request: Request, siteUrl: string): VisitSource {
  const url = new URL(request.url);
  return visitSource(url.searchParams, request.headers.get('referer'), ownHosts(new URL(siteUrl).host, url.host));
}

/**
 * Stand-ins for a source, its medium and its campaign in a page rendered once for every visit
 * (decision 035): they pass the source's cleaning unchanged and hold each character (space, ":",
 * "/", "+", "@") that a link's query writes differently from HTML text, so every place the page
 * writes them is found with its form.
 */
export const SOURCE_STAND_INS = ['hxsrc0 ._:/+@-hx', 'hxsrc1 ._:/+@-hx', 'hxsrc2 ._:/+@-hx'] as const;

/**
 * The careers pages' visit source as the page cache's slots: each page is rendered once per shape
 * of source (none, a referring site, a campaign with a medium and/or a name) and the request's
 * source is filled in when it is served. A cleaned value has no character HTML or JSON escapes
 * (source.ts), so it is written as is in text, attributes and island props, and as
 * URLSearchParams writes it in links.
 */
export function visitSourceSlots(siteUrl: string): PageSlots {
  const siteHost = new URL(siteUrl).host;
  return {
    // On every request for a careers page, kept or not: SITE_URL is parsed once, and a request
    // with neither a query nor a Referer (most of them) is direct without parsing anything.
    read(req) {
      const url = req.url ?? '';
      const queryAt = url.indexOf('?');
      const referer = req.headers.referer;
      if (queryAt === -1 && referer === undefined) return [null, null, null];
      const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
      const source = visitSource(query, referer ?? null, ownHosts(siteHost, req.headers.host));
      return source.source === DIRECT.source ? [null, null, null] : [source.source, source.medium, source.campaign];
    },
    query([source, medium, campaign]) {
      return source ? sourceParams({ source, medium: medium ?? null, campaign: campaign ?? null }) : [];
    },
    template: {
      sentinels: SOURCE_STAND_INS,
      encodings: [(value) => value, (value) => new URLSearchParams([['', value]]).toString().slice(1)],
      marker: 'hxsrc',
    },
    headers: ['referer'],
  };
}
