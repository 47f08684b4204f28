import { eq, sql } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { readDeviceCookie, recordSignIn } from './devices.ts';
import type { Database } from '../db/client.ts';
import { sessions, users, verifications } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { accountLocked } from '../mail/templates.ts';
import { rateLimitPolicies, type RateLimitPolicy, type RateLimiters } from '../rate-limit.ts';
import type { Runtime } from '../runtime.ts';
import { HONEYPOT_FIELD, isHoneypotFilled } from '../../lib/honeypot.ts';
import { controlCharactersMessage, hasControlCharacters } from '../../lib/text.ts';
import { authErrorMessages, authMessages } from '../../lib/accounts/texts.ts';
import { sitePath } from '../../lib/site-path.ts';

/**
 * Everything under /api/auth goes to Better Auth through here, and only what the site uses: any
 * other endpoint of the library (update-user, change-password, two-factor/disable, ...) answers
 * 404, so the account page's own commands, with our rules, are the only way to change an account.
 * In front of the library: the rate limits (per client, and per account for wrong passwords, reset
 * e-mails and codes), the honeypot, and the one site-path check for every return address. Behind
 * it: its messages in our words, the session's assurance level after a code step, and the e-mail
 * to the owner when a new browser signs in.
 */

interface Route {
  /** The per-client limit. */
  policy?: RateLimitPolicy;
}

const routes: Record<string, Route> = {
  'POST /sign-in/email': { policy: 'signIn' },
  'POST /sign-up/email': { policy: 'signUp' },
  'POST /sign-out': {},
  'POST /request-password-reset': { policy: 'passwordReset' },
  'POST /reset-password': { policy: 'passwordReset' },
  'POST /send-verification-email': { policy: 'passwordReset' },
  'POST /two-factor/verify-totp': { policy: 'twoFactor' },
  'POST /two-factor/verify-backup-code': { policy: 'twoFactor' },
  'GET /get-session': {},
  'GET /verify-email': {},
  'GET /reset-password/:token': {},
};

/** Parameters Better Auth redirects to, in a query or a body. */
const redirectParams = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

const codePaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

export interface AuthHandlerDeps {
  auth: Pick<Auth, 'handler' | 'api'>;
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  rateLimits: RateLimiters;
  siteUrl: string;
  secureCookies: boolean;
  log: (data: object, message: string) => void;
}

function routeOf(method: string, path: string): Route | undefined {
  if (method === 'GET' && /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/.test(path)) return routes['GET /reset-password/:token'];
  return Object.hasOwn(routes, `${method} ${path}`) ? routes[`${method} ${path}`] : undefined;
}

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

const tooMany = (message: string, retryAfterSeconds: number) =>
  json(429, { code: 'TOO_MANY_REQUESTS', message }, { 'Retry-After': String(retryAfterSeconds) });

const emailKey = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '');

/** The session token a response sets (a sign-in), if any. */
function newSessionToken(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^(?:__Secure-)?helixpoint\.session_token=([^;]+)/.exec(cookie);
    if (match?.[1] && !/Max-Age=0/i.test(cookie)) return decodeURIComponent(match[1]).split('.')[0] ?? null;
  }
  return null;
}

/** Better Auth's error messages in our words (texts.ts), by code. */
async function withOurMessages(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const ours = typeof body?.['code'] === 'string' ? authErrorMessages[body['code']] : undefined;
  if (!body || !ours) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, message: ours }), { status: response.status, headers });
}

async function lockedAccountMail(deps: AuthHandlerDeps, email: string): Promise<void> {
  const [user] = await deps.db.select({ name: users.name }).from(users).where(eq(users.email, email));
  if (!user || !(await spendMailBudget(deps.rateLimits, email, 'account-locked'))) return;
  const minutes = rateLimitPolicies.signInAccount.durationSeconds / 60;
  await deps.jobs.enqueueEmail({ to: email, ...accountLocked({ name: user.name, minutes, resetUrl: `${deps.siteUrl}/auth?mode=forgot` }) });
  deps.log({ policy: 'signInAccount' }, 'account sign-in locked after failed passwords');
}

/** The e-mail address behind a reset token, so that a reset can unlock the account. */
async function resetTokenEmail(db: Database, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, sql`${users.id} = ${verifications.value}`)
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.email ?? null;
}

export async function handleAuthRequest(deps: AuthHandlerDeps, request: Request, clientKey: string): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(AUTH_BASE_PATH) ? url.pathname.slice(AUTH_BASE_PATH.length) : url.pathname;
  const route = routeOf(request.method, path);
  if (!route) return json(404, { code: 'NOT_FOUND', message: authMessages.notFound });
  for (const name of redirectParams) {
    const value = url.searchParams.get(name);
    if (value !== null && !sitePath(value)) return json(400, { code: 'INVALID_REDIRECT', message: authMessages.invalidRedirect });
  }

  if (request.method !== 'POST') {
    const response = await deps.auth.handler(request);
    // Following an e-mailed verification link signs in: the browser is recorded, without a warning.
    return path === '/verify-email' ? afterSignIn(deps, request, response, clientKey, false) : response;
  }

  const text = await request.text();
  let fields: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SyntaxError('not an object');
    fields = parsed as Record<string, unknown>;
  } catch {
    return json(400, { code: 'BAD_REQUEST', message: authMessages.badRequest });
  }
  for (const name of redirectParams) {
    if (fields[name] !== undefined && !sitePath(fields[name]))
      return json(400, { code: 'INVALID_REDIRECT', message: authMessages.invalidRedirect });
  }
  // The one text rule (src/lib/text.ts) for every field but passwords, which are only ever hashed.
  const unfit = Object.keys(fields).find(
    (name) => !/password/i.test(name) && typeof fields[name] === 'string' && hasControlCharacters(fields[name]),
  );
  if (unfit) return json(400, { code: 'INVALID_CHARACTERS', message: controlCharactersMessage, field: unfit });
  if (isHoneypotFilled(fields[HONEYPOT_FIELD])) {
    deps.log({ path }, 'auth request dropped: honeypot filled');
    // The same answer a real sign-up or reset request gets, and nothing done.
    return Response.json({ status: true }, { status: 200 });
  }
  delete fields[HONEYPOT_FIELD];
  // "Trust this device" would skip the code step for 30 days: this site always asks.
  if (codePaths.has(path)) delete fields['trustDevice'];

  if (route.policy) {
    const decision = await deps.rateLimits.consume(route.policy, clientKey);
    if (!decision.allowed) return tooMany(authMessages.tooManyAttempts, decision.retryAfterSeconds);
  }

  const email = emailKey(fields['email']);
  if (path === '/sign-in/email' && email) {
    const lock = await deps.rateLimits.isLimited('signInAccount', email);
    if (lock.limited) return tooMany(authMessages.accountLocked, lock.retryAfterSeconds);
  }
  if (path === '/request-password-reset' && email) {
    const decision = await deps.rateLimits.consume('passwordResetAddress', email);
    if (!decision.allowed) return tooMany(authMessages.tooManyAttempts, decision.retryAfterSeconds);
  }
  if (codePaths.has(path)) {
    // A code tried from a signed-in session (enrolment, a step up to aal2) counts against the account.
    const session = await deps.auth.api.getSession({ headers: request.headers }).catch(() => null);
    if (session) {
      const decision = await deps.rateLimits.consume('accountSensitive', session.user.id);
      if (!decision.allowed) return tooMany(authMessages.tooManyAttempts, decision.retryAfterSeconds);
    }
  }
  const resetEmail = path === '/reset-password' ? await resetTokenEmail(deps.db, fields['token']) : null;

  const response = await withOurMessages(await deps.auth.handler(new Request(request, { body: JSON.stringify(fields) })));

  if (path === '/sign-in/email' && email && response.status === 401) {
    const decision = await deps.rateLimits.consume('signInAccount', email);
    if (decision.allowed && decision.remaining === 0) await lockedAccountMail(deps, email);
  }
  if (resetEmail && response.ok) await deps.rateLimits.reset('signInAccount', resetEmail);
  if (codePaths.has(path) && response.ok) {
    // A code confirmed from a signed-in session lifts that session to aal2 (a sign-in's new session already is).
    const { token } = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { token?: unknown };
    if (typeof token === 'string') await deps.db.update(sessions).set({ aal: 'aal2' }).where(eq(sessions.token, token));
  }
  if (path === '/sign-in/email' || codePaths.has(path)) return afterSignIn(deps, request, response, clientKey, true);
  return response;
}

/** When a response starts a session: record the browser, warn the owner if it is new to the account. */
async function afterSignIn(deps: AuthHandlerDeps, request: Request, response: Response, ip: string, notify: boolean): Promise<Response> {
  const token = newSessionToken(response);
  if (!token) return response;
  const [session] = await deps.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.token, token));
  if (!session) return response;
  // The session's IP as our rate limits see it (X-Forwarded-For only with TRUST_PROXY), not as sent.
  await deps.db.update(sessions).set({ ipAddress: ip }).where(eq(sessions.token, token));
  const setCookie = await recordSignIn(deps, {
    userId: session.userId,
    deviceId: readDeviceCookie(request.headers.get('cookie')),
    userAgent: request.headers.get('user-agent'),
    ip,
    notify,
  });
  if (!setCookie) return response;
  const headers = new Headers(response.headers);
  headers.append('Set-Cookie', setCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function authHandlerDeps(runtime: Runtime): AuthHandlerDeps {
  return {
    auth: runtime.auth,
    db: runtime.database.db,
    jobs: runtime.jobs,
    rateLimits: runtime.rateLimits,
    siteUrl: runtime.config.siteUrl,
    secureCookies: runtime.config.secureCookies,
    log: (data, message) => runtime.logger.info(data, message),
  };
}
