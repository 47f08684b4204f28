import type { Auth } from './auth.ts';
import type { RateLimitPolicy, RateLimiters } from '../rate-limit.ts';
import { HONEYPOT_FIELD, isHoneypotFilled } from '../../lib/honeypot.ts';
import { authMessages } from '../../lib/accounts/texts.ts';

/**
 * Everything under /api/auth goes to Better Auth, behind our own abuse checks: the rate limits of
 * src/server/rate-limit.ts per client IP, and the honeypot field of the public forms.
 */

const limitedPaths: Record<string, RateLimitPolicy> = {
  '/api/auth/sign-in/email': 'signIn',
  '/api/auth/sign-up/email': 'signUp',
  '/api/auth/request-password-reset': 'passwordReset',
  '/api/auth/reset-password': 'passwordReset',
  '/api/auth/send-verification-email': 'passwordReset',
};

export interface AuthHandlerDeps {
  auth: Pick<Auth, 'handler'>;
  rateLimits: RateLimiters;
  log: (data: object, message: string) => void;
}

export async function handleAuthRequest(deps: AuthHandlerDeps, request: Request, clientKey: string): Promise<Response> {
  const policy = request.method === 'POST' ? limitedPaths[new URL(request.url).pathname] : undefined;
  if (!policy) return deps.auth.handler(request);

  const body = await request.text();
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(body || '{}') as Record<string, unknown>;
  } catch {
    // Better Auth answers malformed JSON itself.
  }
  if (isHoneypotFilled(fields[HONEYPOT_FIELD])) {
    deps.log({ policy }, 'auth request dropped: honeypot filled');
    // The same answer a real sign-up or reset request gets, and nothing done.
    return Response.json({ status: true }, { status: 200 });
  }
  const decision = await deps.rateLimits.consume(policy, clientKey);
  if (!decision.allowed) {
    return Response.json(
      { code: 'TOO_MANY_REQUESTS', message: authMessages.tooManyAttempts },
      { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
    );
  }
  // The body was read here, so Better Auth gets a copy.
  return deps.auth.handler(new Request(request, { body }));
}
