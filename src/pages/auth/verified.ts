import type { APIRoute } from 'astro';
import { flashCookie } from '@/lib/flash';
import { getRuntime } from '@/server/runtime';
import { authHintCookie, getViewer } from '@/server/session';

export const prerender = false;

/** Where the e-mailed verification link lands (Better Auth has verified and signed the user in). */
export const GET: APIRoute = async ({ request, url }) => {
  const runtime = getRuntime();
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (url.searchParams.has('error')) {
    headers.set('Location', '/auth');
    headers.append(
      'Set-Cookie',
      flashCookie([
        { kind: 'error', title: 'Error', description: 'This verification link is invalid or has expired. Sign in to get a new one.' },
      ]),
    );
    return new Response(null, { status: 303, headers });
  }
  const viewer = await getViewer({ auth: runtime.auth, db: runtime.database.db }, request.headers);
  headers.set('Location', viewer?.isAdmin ? '/admin' : '/');
  headers.append('Set-Cookie', authHintCookie(viewer, runtime.config.secureCookies));
  headers.append(
    'Set-Cookie',
    flashCookie([{ kind: 'success', title: 'Welcome!', description: 'Your email has been verified successfully.' }]),
  );
  return new Response(null, { status: 303, headers });
};
