import type { APIRoute } from 'astro';
import { startSsoSignIn, SSO_FAILED_PATH } from '@/server/sso/sign-in';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/**
 * GET /auth/sso: "Sign in with <provider>" (issue 56), a link so that it works before any script
 * and so that the browser follows the redirect to the provider (the site's CSP lets forms go to
 * the site only, redirects included). ?email= is the provider's login hint, ?next= where to go
 * after. Starting a sign-in changes nothing here but the browser's own state cookie.
 */
export const GET: APIRoute = async ({ request, url, clientAddress }) => {
  const runtime = getRuntime();
  const failed = (reason: string) =>
    new Response(null, { status: 303, headers: { Location: `${SSO_FAILED_PATH}&error=${reason}`, 'Cache-Control': 'no-store' } });
  const provider = await runtime.auth.sso.refresh();
  if (!provider) return failed('unavailable');
  const decision = await runtime.rateLimits.consume('signIn', clientKeyOf(request, clientAddress));
  if (!decision.allowed) return failed('busy');
  const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
  return startSsoSignIn({ auth: runtime.auth }, request, {
    // A hint only (the provider decides who signs in): an address, or nothing.
    ...(/^[^\s@]{1,64}@[^\s@]{1,189}$/.test(email) ? { email } : {}),
    next: url.searchParams.get('next'),
  });
};
