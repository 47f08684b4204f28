import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/client.ts';
import { bufferedBody } from '../http/body-limits.ts';
import type { AstroHandler, RequestLocals } from '../http/server.ts';
import { readFormPost } from '../public-form.ts';
import { UNSUBSCRIBE_PATH, unsubscribeAlert } from './alerts.ts';

/**
 * POST /careers/alerts/unsubscribe?token=… answered before Astro: mail providers send the RFC 8058
 * one-click POST (`List-Unsubscribe=One-Click`) from their own site, which Astro's origin check
 * refuses. The page's own button posts here too (no one-click field): it is sent on to the page's
 * "unsubscribed" state. The token is the only credential, as in the link.
 */

const MAX_BODY_BYTES = 16 * 1024;

export async function answerOneClickUnsubscribe(db: Database, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  if (request.method !== 'POST' || url.pathname.replace(/\/$/, '') !== UNSUBSCRIBE_PATH) return null;
  const post = await readFormPost(request);
  const removed = await unsubscribeAlert(db, url.searchParams.get('token'));
  const headers = { 'Cache-Control': 'no-store' };
  if (post?.fields['List-Unsubscribe'] === 'One-Click') {
    return new Response(removed ? 'You are unsubscribed from job alerts.\n' : 'This job alert does not exist (any more).\n', {
      status: 200,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(null, { status: 303, headers: { ...headers, Location: `${UNSUBSCRIBE_PATH}?${removed ? 'done' : 'invalid'}=1` } });
}

/** Astro's handler, with the one-click unsubscribe POST answered first (scripts/lib/server-main.mjs). */
export function withOneClickUnsubscribe(handler: AstroHandler, db: Database): AstroHandler {
  return (req: IncomingMessage, res: ServerResponse, next, locals?: RequestLocals) => {
    if (req.method !== 'POST' || (req.url ?? '').split('?')[0]?.replace(/\/$/, '') !== UNSUBSCRIBE_PATH) {
      return handler(req, res, next, locals);
    }
    if (locals) locals.routePattern = UNSUBSCRIBE_PATH;
    return (async () => {
      try {
        // Our server has read the body already, within its route's limits (src/server/http/body-limits.ts).
        const buffered = bufferedBody(req);
        const chunks: Buffer[] = buffered ? [buffered] : [];
        let size = buffered?.length ?? 0;
        if (size > MAX_BODY_BYTES) {
          res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Too large\n');
          return;
        }
        if (!buffered)
          for await (const chunk of req as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
              res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Too large\n');
              return;
            }
            chunks.push(chunk);
          }
        const request = new Request(new URL(req.url ?? '/', 'http://localhost'), {
          method: 'POST',
          headers: { 'Content-Type': String(req.headers['content-type'] ?? 'application/octet-stream') },
          body: Buffer.concat(chunks),
        });
        const response = await answerOneClickUnsubscribe(db, request);
        // Never null here (the path and method were checked above); the body is read, so Astro cannot have it.
        if (!response) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('The request could not be handled.\n');
      }
    })();
  };
}
