import type { IncomingMessage, ServerResponse } from 'node:http';
import { smallBody } from '../http/body-limits.ts';
import type { AstroHandler, RequestLocals } from '../http/server.ts';
import { backchannelLogout, type SsoSessionDeps } from './sessions.ts';

/** Where the provider posts its logout tokens (registered there as the back-channel logout URI). */
export const BACKCHANNEL_LOGOUT_PATH = '/api/sso/backchannel-logout';
const MAX_BODY_BYTES = 16 * 1024;

/**
 * POST /api/sso/backchannel-logout, answered before the site: the provider's server posts a form
 * without an Origin, which Astro's check of cross-site form posts would refuse. The signed logout
 * token is the only key (sso/sessions.ts).
 */
export function withBackchannelLogout(handler: AstroHandler, deps: SsoSessionDeps): AstroHandler {
  return (req: IncomingMessage, res: ServerResponse, next, locals?: RequestLocals) => {
    if (req.method !== 'POST' || (req.url ?? '').split('?')[0]?.replace(/\/$/, '') !== BACKCHANNEL_LOGOUT_PATH)
      return handler(req, res, next, locals);
    if (locals) locals.routePattern = BACKCHANNEL_LOGOUT_PATH;
    const answer = (status: number, body?: object) => {
      res.writeHead(status, { 'Cache-Control': 'no-store', ...(body ? { 'Content-Type': 'application/json' } : {}) });
      res.end(body ? JSON.stringify(body) : undefined);
    };
    return (async () => {
      try {
        const body = await smallBody(req, MAX_BODY_BYTES);
        if (!body) return answer(413, { error: 'invalid_request' });
        const type = String(req.headers['content-type'] ?? '');
        const token = type.startsWith('application/x-www-form-urlencoded')
          ? new URLSearchParams(body.toString('utf8')).get('logout_token')
          : null;
        const outcome = await backchannelLogout(deps, token ?? '');
        return outcome.ok ? answer(200) : answer(400, { error: outcome.error });
      } catch {
        if (!res.headersSent) answer(500, { error: 'server_error' });
        else res.end();
      }
    })();
  };
}
