import type { APIRoute } from 'astro';
import { handleAuthRequest } from '@/server/accounts/auth-handler';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** Better Auth: sign-in, sign-up, sign-out, verification, password reset, session. */
export const ALL: APIRoute = ({ request, clientAddress }) => {
  const runtime = getRuntime();
  return handleAuthRequest(
    { auth: runtime.auth, rateLimits: runtime.rateLimits, log: (data, message) => runtime.logger.info(data, message) },
    request,
    clientKeyOf(request, clientAddress),
  );
};
