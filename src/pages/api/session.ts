import type { APIRoute } from 'astro';
import { getRuntime } from '@/server/runtime';
import { authHintCookie, checkAccount, sessionInfo } from '@/server/accounts/session';

export const prerender = false;

/**
 * GET /api/session: who is signed in (name, whether admin, whether they must set up 2FA), and the
 * header's hint cookie set to match. A session that still owes its code step is not signed in here.
 */
export const GET: APIRoute = async ({ request }) => {
  const runtime = getRuntime();
  const check = await checkAccount({ auth: runtime.auth, db: runtime.database.db }, request.headers);
  const viewer = check.allowed ? check.viewer : null;
  return Response.json(sessionInfo(viewer, runtime.config.adminRequireTwoFactor), {
    headers: { 'Cache-Control': 'no-store', 'Set-Cookie': authHintCookie(viewer, runtime.config.secureCookies) },
  });
};
