import { ActionError, getActionContext } from 'astro:actions';
import { defineMiddleware } from 'astro:middleware';
import { accountToasts, guardMessages } from '@/lib/accounts/texts';
import { flashCookie } from '@/lib/flash';
import { authHintCookie, checkAdmin } from '@/server/accounts/session';
import { getRuntime } from '@/server/runtime';

const isAdminPath = (path: string) => path === '/admin' || path.startsWith('/admin/') || path.startsWith('/api/admin/');
const isAdminPage = (path: string) => path === '/admin' || path.startsWith('/admin/');

/**
 * The admin area is every /admin page, /api/admin endpoint and admin.* action, however the action
 * is called (RPC under /_actions/, or a form posted with ?_action=): Astro's own reading of the
 * request names the action, so no spelling of its URL can slip past this check.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { action, serializeActionResult } = getActionContext(context);
  if (!action?.name.startsWith('admin.') && !isAdminPath(context.url.pathname)) return next();

  const runtime = getRuntime();
  const check = await checkAdmin({ auth: runtime.auth, db: runtime.database.db }, context.request.headers);
  if (check.allowed) {
    context.locals.viewer = check.viewer;
    const response = await next();
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  const hint = authHintCookie(check.viewer, runtime.config.secureCookies);
  if (isAdminPage(context.url.pathname)) {
    const location = check.reason === 'anonymous' ? `/auth?next=${encodeURIComponent(context.url.pathname + context.url.search)}` : '/';
    const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
    headers.append('Set-Cookie', hint);
    if (check.reason === 'forbidden') headers.append('Set-Cookie', flashCookie([accountToasts.accessDenied]));
    return new Response(null, { status: 303, headers });
  }
  // The spec's guard messages, as the action's error; the action itself never runs.
  const anonymous = check.reason === 'anonymous';
  const result = serializeActionResult({
    data: undefined,
    error: new ActionError(
      anonymous ? { code: 'UNAUTHORIZED', message: guardMessages.anonymous } : { code: 'FORBIDDEN', message: guardMessages.forbidden },
    ),
  });
  return new Response(result.type === 'error' ? result.body : null, {
    status: result.status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Set-Cookie': hint },
  });
});
