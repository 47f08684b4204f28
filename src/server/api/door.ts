import { can } from '../access/permissions.ts';
import type { Rule } from '../access/rules.ts';
import { audit } from '../audit/log.ts';
import type { Runtime } from '../runtime-types.ts';
import { apiError, apiTexts } from './respond.ts';
import { authenticateToken, type ApiCaller } from './tokens.ts';

/**
 * The JSON API's one door (issue 55), run by the middleware for every route whose rule is a token's:
 * a personal token in `Authorization: Bearer` (a cookie opens nothing here, so no other site can
 * make a signed-in browser call the API), its owner on the staff with the route's permission as
 * their role is now, a read-write token for anything but reading, at most 300 calls a minute per
 * token; then the route, narrowed to the owner's reach. Every call let in is audited: who, which
 * token, what, and the answer's status (500 when it failed).
 */

const READING = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function throughApiDoor(
  runtime: Pick<Runtime, 'database' | 'rateLimits' | 'logger'>,
  request: Request,
  rule: Rule,
  enter: (caller: ApiCaller) => Promise<Response>,
): Promise<Response> {
  const caller = await authenticateToken(runtime.database.db, request.headers.get('authorization'));
  if (!caller) return apiError('unauthorized', apiTexts.unauthorized, { headers: { 'WWW-Authenticate': 'Bearer realm="helixpoint"' } });
  const path = new URL(request.url).pathname;
  const answer = async (): Promise<Response> => {
    const limit = await runtime.rateLimits.consume('api', caller.tokenId);
    if (!limit.allowed)
      return apiError('rate_limited', apiTexts.rateLimited(limit.retryAfterSeconds), {
        headers: { 'Retry-After': String(limit.retryAfterSeconds) },
      });
    if (rule.permission && !can(caller, rule.permission)) return apiError('forbidden', apiTexts.forbidden);
    if (!READING.has(request.method) && caller.scope !== 'write') return apiError('forbidden', apiTexts.readOnly);
    return enter(caller);
  };
  let status = 500;
  try {
    const response = await answer();
    status = response.status;
    response.headers.set('Cache-Control', 'no-store');
    return response;
  } finally {
    // Every call let in is audited, one that failed too (500); not those past the rate limit, one
    // row each of which would let a token write the audit log as fast as it can send.
    if (status !== 429)
      await audit(runtime.database.db, { id: caller.id, email: caller.email, role: caller.role }, 'api.called', caller.tokenId, {
        method: request.method,
        path,
        status,
      }).catch((error: unknown) => runtime.logger.warn({ err: { message: (error as Error).message } }, 'an API call was not audited'));
  }
}
