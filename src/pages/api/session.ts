import type { APIRoute } from 'astro';
import { getRuntime } from '@/server/runtime';
import { authHintCookie, getViewer } from '@/server/accounts/session';

export const prerender = false;

/** GET /api/session: who is signed in (name and whether admin), and the header's hint cookie set to match. */
export const GET: APIRoute = async ({ request }) => {
  const runtime = getRuntime();
  const viewer = await getViewer({ auth: runtime.auth, db: runtime.database.db }, request.headers);
  return Response.json(viewer ? { signedIn: true, name: viewer.name, isAdmin: viewer.isAdmin } : { signedIn: false }, {
    headers: { 'Cache-Control': 'no-store', 'Set-Cookie': authHintCookie(viewer, runtime.config.secureCookies) },
  });
};
