import type { APIRoute } from 'astro';
import { accountToasts } from '@/lib/accounts/texts';
import { flashCookie } from '@/lib/flash';
import { getRuntime } from '@/server/runtime';
import { authHintCookie, getViewer } from '@/server/accounts/session';

export const prerender = false;

/** Where the e-mailed verification link lands (Better Auth has verified and signed the user in). */
export const GET: APIRoute = async ({ request, url }) => {
  const runtime = getRuntime();
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (url.searchParams.has('error')) {
    headers.set('Location', '/auth');
    headers.append('Set-Cookie', flashCookie([accountToasts.verificationLinkInvalid]));
    return new Response(null, { status: 303, headers });
  }
  const viewer = await getViewer({ auth: runtime.auth, db: runtime.database.db }, request.headers);
  headers.set('Location', viewer?.isStaff ? '/admin' : '/');
  headers.append('Set-Cookie', authHintCookie(viewer, runtime.config.secureCookies));
  headers.append('Set-Cookie', flashCookie([accountToasts.verified]));
  return new Response(null, { status: 303, headers });
};
