import type { IncomingMessage, ServerResponse } from 'node:http';
import { admitBody, bodyLimitFor } from './body-limits.ts';
import { loggedPath } from './log-path.ts';
import { crossSiteMessage, crossSiteRefusal } from './same-origin.ts';

/**
 * What a request must pass before any route sees it, in order: writes to actions and endpoints
 * from the site's own pages only (same-origin.ts), then the route's body limits (body-limits.ts).
 * A refusal is answered here (403, 413 or 400: never a 500), logged as a warning with the limit
 * it broke and never any of the body.
 */

export interface AdmissionOptions {
  /** SITE_URL's origin: a write whose Origin is this passes (the Host header's does too). */
  siteOrigin?: string | undefined;
  warn?: ((data: object, message: string) => void) | undefined;
}

export const admissionMessages = {
  tooLarge: 'The request is too large.',
  badShape: 'The request has too many fields or is nested too deeply.',
  crossSite: crossSiteMessage,
} as const;

function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, closeConnection: boolean): void {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const json = path.startsWith('/api/') || path.startsWith('/_actions/') || /json/i.test(String(req.headers['accept'] ?? ''));
  res.writeHead(status, {
    'Content-Type': json ? 'application/json' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    // A body left unread is not read at all: the connection ends with the answer.
    ...(closeConnection ? { Connection: 'close' } : {}),
  });
  res.end(json ? JSON.stringify({ error: message }) : `${message}\n`);
}

/** Resolves true when the request may go on to the routes; false when it has been answered. */
export async function admitRequest(req: IncomingMessage, res: ServerResponse, { siteOrigin, warn }: AdmissionOptions): Promise<boolean> {
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const crossSite = crossSiteRefusal(method, path, req.headers, siteOrigin);
  if (crossSite) {
    warn?.({ method, path: loggedPath(path), reason: crossSite }, 'request refused: not from the site');
    refuse(req, res, 403, admissionMessages.crossSite, true);
    return false;
  }
  if (method === 'GET' || method === 'HEAD') return true;
  let refusal;
  try {
    refusal = await admitBody(req, bodyLimitFor(path));
  } catch {
    // The client went away mid-body: nothing to answer.
    if (!res.headersSent) res.destroy();
    return false;
  }
  if (!refusal) return true;
  warn?.(
    { method, path: loggedPath(path), status: refusal.status, reason: refusal.reason, contentLength: req.headers['content-length'] },
    'request refused: body over its limits',
  );
  refuse(req, res, refusal.status, refusal.status === 413 ? admissionMessages.tooLarge : admissionMessages.badShape, refusal.unread);
  return false;
}
