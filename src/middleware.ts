import { ActionError, getActionContext } from 'astro:actions';
import { defineMiddleware, sequence } from 'astro:middleware';
import { accountToasts, authMessages, guardMessages } from '@/lib/accounts/texts';
import { flashCookie } from '@/lib/flash';
import { authHintCookie, checkStaff, CODE_STEP_PATH, ENROL_PATH, type AdminRefusal } from '@/server/accounts/session';
import { ruleOfRoute } from '@/server/access/permissions';
import { actionRules, type Rule } from '@/server/access/rules';
import { answerFaults } from '@/server/http/fault-middleware';
import { throughApiDoor } from '@/server/api/door';
import { getRuntime } from '@/server/runtime';
import { clientKeyOf } from '@/server/request-context';
import { runInVisit } from '@/server/visit-context';
import { requestVisitor } from '@/server/analytics/visitor';

/** A page (rendered HTML), as opposed to a download or an API route under /api/. */
const isPage = (path: string) => !path.startsWith('/api/') && !path.startsWith('/_actions/');

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
    : new ActionError({
        code: 'FORBIDDEN',
        message: reason === 'forbidden' || reason === 'denied' ? guardMessages.forbidden : guardMessages.secondFactor,
      });

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
 * Every request rendered on demand meets its rule from the permission module (src/server/access/
 * rules.ts): by Astro's route pattern for pages and endpoints, by the action's name for actions,
 * however the action is called (RPC under /_actions/, or a form posted with ?_action=): Astro's own
 * reading of the request names it, so no spelling of its URL slips past. A route or action without
 * a rule is refused. Staff rules are checked here (session, staff role, second factor, permission);
 * the pages and commands then narrow to the records the person may reach.
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
  // Astro's client calls actions with a trailing slash (/_actions/admin.invite/), and runs them so.
  const actionName = action?.name.replace(/\/$/, '');
  const rule: Rule | undefined =
    actionName === undefined
      ? ruleOfRoute(context.routePattern)
      : Object.hasOwn(actionRules, actionName)
        ? actionRules[actionName as keyof typeof actionRules]
        : undefined;
  if (!rule) {
    // Fails closed: a route or action nobody wrote a rule for is nobody's.
    getRuntime().logger.error({ route: context.routePattern, action: actionName }, 'request refused: no access rule');
    return new Response(guardMessages.forbidden, {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  // The JSON API (issue 55): its own door, a token and never a cookie.
  if (rule.access === 'token')
    return throughApiDoor(getRuntime(), context.request, rule, (caller) => {
      context.locals.apiCaller = caller;
      return next();
    });
  if (rule.access !== 'staff') return next();

  const runtime = getRuntime();
  const check = await checkStaff(
    { auth: runtime.auth, db: runtime.database.db, requireTwoFactor: runtime.config.adminRequireTwoFactor },
    context.request.headers,
    rule.permission,
  );
  if (check.allowed) {
    context.locals.viewer = check.viewer;
    const response = await next();
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  const secure = runtime.config.secureCookies;
  const hint = authHintCookie(check.viewer, secure);
  if (!action && isPage(context.url.pathname)) {
    if (check.reason === 'denied') {
      // A staff member whose role does not include the page: a page that says so (403), with the
      // way to what they may use, instead of a redirect that would leave them guessing.
      context.locals.viewer = check.viewer!;
      const response = await context.rewrite('/403');
      const headers = new Headers(response.headers);
      headers.set('Cache-Control', 'no-store');
      return new Response(response.body, { status: 403, headers });
    }
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

/**
 * A request that may make a goal (a form or action posted: an application, a contact message, a
 * booking, a job alert confirmed) is answered with its visitor at hand (src/server/visit-context.ts),
 * for the analytics to link the goal to its visit (issue 57). Pages and downloads need none.
 */
const keepVisit = defineMiddleware((context, next) => {
  if (context.isPrerendered || context.request.method === 'GET' || context.request.method === 'HEAD') return next();
  const runtime = getRuntime();
  if (!runtime.config.analytics) return next();
  const visitor = requestVisitor(runtime.database.db, {
    ip: clientKeyOf(context.request, context.clientAddress),
    headers: context.request.headers,
    siteHost: new URL(runtime.config.siteUrl).host,
  });
  // Made now, before any transaction of the request holds a connection (it may need one for the day's salt).
  void visitor();
  return runInVisit({ visitor }, next);
});

/** Faults first (src/server/http/fault-middleware.ts): they catch what the admin check and the routes throw. */
export const onRequest = sequence(answerFaults, guardAdminArea, keepVisit);
