import type { APIRoute } from 'astro';

export const prerender = false;

/**
 * The provider's back-channel logout is a POST answered before the site (src/server/sso/
 * backchannel-route.ts); anything else that reaches this address is told so.
 */
export const ALL: APIRoute = () =>
  new Response(JSON.stringify({ error: 'invalid_request', error_description: 'POST a logout_token.' }), {
    status: 405,
    headers: { Allow: 'POST', 'Cache-Control': 'no-store', 'Content-Type': 'application/json' },
  });
