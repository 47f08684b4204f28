import { defineMiddleware } from 'astro:middleware';
import { flashCookie } from '@/lib/flash';
import { getRuntime } from '@/server/runtime';
import { authHintCookie, checkAdmin } from '@/server/session';

/** Pages, endpoints and actions of the admin area: all of them go through the one admin check. */
export function isAdminArea(url: URL): boolean {
  const path = url.pathname;
  return (
    path === '/admin' ||
    path.startsWith('/admin/') ||
    path.startsWith('/api/admin/') ||
    path.startsWith('/_actions/admin.') ||
    // Astro can also run an action posted to a page as ?_action=name.
    (url.searchParams.get('_action') ?? '').startsWith('admin.')
  );
}

const isAdminPage = (path: string) => path === '/admin' || path.startsWith('/admin/');

export const accessDenied = {
  kind: 'error',
  title: 'Access Denied',
  description: "You don't have permission to access this page.",
} as const;

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || !isAdminArea(context.url)) return next();
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
    if (check.reason === 'forbidden') headers.append('Set-Cookie', flashCookie([accessDenied]));
    return new Response(null, { status: 303, headers });
  }
  // The spec's guard messages, in the shape Astro's action client reads as an ActionError.
  const anonymous = check.reason === 'anonymous';
  return Response.json(
    {
      type: 'AstroActionError',
      code: anonymous ? 'UNAUTHORIZED' : 'FORBIDDEN',
      status: anonymous ? 401 : 403,
      message: anonymous ? 'Not authenticated' : 'Not authorized',
    },
    { status: anonymous ? 401 : 403, headers: { 'Cache-Control': 'no-store', 'Set-Cookie': hint } },
  );
});
