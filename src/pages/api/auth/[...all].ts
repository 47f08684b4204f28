import type { APIRoute } from 'astro';
import { authHandlerDeps, handleAuthRequest } from '@/server/accounts/auth-handler';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** Better Auth: sign-in (and its code step), sign-up, sign-out, verification, password reset, session. */
export const ALL: APIRoute = ({ request, clientAddress, locals }) =>
  handleAuthRequest(authHandlerDeps(getRuntime()), request, clientKeyOf(request, clientAddress), locals);
