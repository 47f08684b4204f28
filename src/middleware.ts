import { ActionError, getActionContext } from 'astro:actions';
import { defineMiddleware, sequence } from 'astro:middleware';
import { accountToasts, authMessages, guardMessages } from '@/lib/accounts/texts';
import { flashCookie } from '@/lib/flash';
import { authHintCookie, checkAdmin, CODE_STEP_PATH, ENROL_PATH, type AdminRefusal } from '@/server/accounts/session';
import { answerFaults } from '@/server/http/fault-middleware';
import { getRuntime } from '@/server/runtime';

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/') || path.startsWith('/api/admin/');
const isAdminPage = (path: string) => path === '/admin' || path.startsWith('/admin/');

/** Where a refused request for an admin page goes. */
function refusedPageLocation(reason: AdminRefusal, url: URL): string {
  const next = encodeURIComponent(url.pathname + url.search);
  if (reason === 'anonymous') return `/auth?next=${next}`;
  if (reason === 'enrol') return ENROL_PATH;
  if (reason === 'second-factor') return `${CODE_STEP_PATH}?next=${next}`;
  return '/';
}

const refusalError = (reason: AdminRefusal) =>
  reason === 'anonymous'
    ? new ActionError({ code: 'UNAUTHORIZED', message: guardMessages.anonymous })
    : new ActionError({ code: 'FORBIDDEN', message: reason === 'forbidden' ? guardMessages.forbidden : guardMessages.secondFactor });

/** An action posted as JSON that is not JSON: Astro would answer an empty 500 and log a stack. */
async function isUnreadableJson(request: Request): Promise<boolean> {
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('application/json')) return false;
  const text = await request.clone().text();
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * The admin area is every /admin page, /api/admin endpoint and admin.* action, however the action
 * is called (RPC under /_actions/, or a form posted with ?_action=): Astro's own reading of the
 * request names the action, so no spelling of its URL can slip past this check.
 */
const guardAdminArea = defineMiddleware(async (context, next) => {
  // Read by our HTTP server (src/server/http/server.ts) to label the request metrics.
  context.locals.routePattern = context.routePattern;
  if (context.isPrerendered) return next();
  const { action, serializeActionResult } = getActionContext(context);
  if (action && (await isUnreadableJson(context.request))) {
    getRuntime().logger.warn({ action: action.name }, 'action refused: body is not JSON');
    return Response.json({ error: authMessages.badRequest }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
  if (!action?.name.startsWith('admin.') && !isAdminPath(context.url.pathname)) return next();

  const runtime = getRuntime();
  const check = await checkAdmin(
    { auth: runtime.auth, db: runtime.database.db, requireTwoFactor: runtime.config.adminRequireTwoFactor },
    context.request.headers,
  );
  if (check.allowed) {
    context.locals.viewer = check.viewer;
    const response = await next();
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  const secure = runtime.config.secureCookies;
  const hint = authHintCookie(check.viewer, secure);
  if (isAdminPage(context.url.pathname)) {
    const headers = new Headers({ Location: refusedPageLocation(check.reason, context.url), 'Cache-Control': 'no-store' });
    headers.append('Set-Cookie', hint);
    if (check.reason === 'forbidden') headers.append('Set-Cookie', flashCookie([accountToasts.accessDenied], secure));
    if (check.reason === 'enrol') headers.append('Set-Cookie', flashCookie([accountToasts.enrolRequired], secure));
    return new Response(null, { status: 303, headers });
  }
  if (!action) {
    // A download: the spec's guard messages as plain text.
    const anonymous = check.reason === 'anonymous';
    return new Response(anonymous ? guardMessages.anonymous : refusalError(check.reason).message, {
      status: anonymous ? 401 : 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Set-Cookie': hint },
    });
  }
  // The spec's guard messages, as the action's error; the action itself never runs.
  const result = serializeActionResult({ data: undefined, error: refusalError(check.reason) });
  return new Response(result.type === 'error' ? result.body : null, {
    status: result.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Set-Cookie': hint },
  });
});

/** Faults first (src/server/http/fault-middleware.ts): they catch what the admin check and the routes throw. */
export const onRequest = sequence(answerFaults, guardAdminArea);
