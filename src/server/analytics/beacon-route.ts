import type { IncomingMessage, ServerResponse } from 'node:http';
import { smallBody } from '../http/body-limits.ts';
import type { AstroHandler, RequestLocals } from '../http/server.ts';
import { BEACON_PATH } from '../../lib/analytics/beacon.ts';
import { countedPath } from '../../lib/analytics/pages.ts';
import { countingAgent, countView, type HitCollector, type KnownPages } from './collect.ts';

const MAX_BODY_BYTES = 1024;

/**
 * POST /api/analytics/view, answered before the site: the view of a page a cache in front served
 * (src/lib/analytics/beacon.ts), which the server never saw. Always 204, counted or not (a bot's,
 * a refusal to be tracked, a path that is not a public page this instance has answered, a body
 * that is not one): it tells nobody anything. At most a kilobyte is read.
 */
export function withViewBeacon(
  handler: AstroHandler,
  collector: Pick<HitCollector, 'view'>,
  where: { siteHost: string; trustProxy: boolean },
  known: KnownPages,
): AstroHandler {
  return (req: IncomingMessage, res: ServerResponse, next, locals?: RequestLocals) => {
    if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== BEACON_PATH) return handler(req, res, next, locals);
    if (locals) locals.routePattern = BEACON_PATH;
    const done = (): void => {
      if (res.headersSent) res.end();
      else res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
    };
    return (async (): Promise<void> => {
      try {
        const text = await smallBody(req, MAX_BODY_BYTES);
        const agent = countingAgent('GET', 200, req.headers);
        if (!text || agent === null) return done();
        const body = JSON.parse(text.toString('utf8')) as { p?: unknown; r?: unknown };
        if (typeof body.p !== 'string' || (body.r !== undefined && typeof body.r !== 'string')) return done();
        const queryAt = body.p.indexOf('?');
        const page = countedPath(queryAt === -1 ? body.p : body.p.slice(0, queryAt));
        if (page === null || !known.has(page)) return done();
        const query = queryAt === -1 ? '' : body.p.slice(queryAt + 1, queryAt + 500);
        countView(collector, req, page, query, body.r || undefined, where, agent);
        return done();
      } catch {
        return done();
      }
    })();
  };
}
