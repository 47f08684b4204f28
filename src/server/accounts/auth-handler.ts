import { eq } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import { AUTH_BASE_PATH, VERIFY_EMAIL_PATH } from './auth.ts';
import { sessionTokenIn } from './cookies.ts';
import { isKnownDevice, readDeviceCookie, recordSignIn } from './devices.ts';
import { confirmAddress } from './email-verification.ts';
import { authHintCookie, mustPassCodeStep } from './session.ts';
import { hashSessionToken } from './session-tokens.ts';
import { afterResponse, type ResponseHooks } from '../after-response.ts';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { accountLocked } from '../mail/templates.ts';
import { rateLimitPolicies, type RateLimitPolicy, type RateLimiters } from '../rate-limit.ts';
import type { Runtime } from '../runtime.ts';
import { HONEYPOT_FIELD, isHoneypotFilled } from '../../lib/honeypot.ts';
import { forgotPasswordSchema } from '../../lib/accounts/schema.ts';
import { controlCharactersMessage, hasControlCharacters } from '../../lib/text.ts';
import { authErrorMessages, authMessages } from '../../lib/accounts/texts.ts';
import { sitePath } from '../../lib/site-path.ts';
import { audit } from '../audit/log.ts';
import { recordEvent } from '../events/record.ts';
import type { SsoHolder } from '../sso/holder.ts';
import { isBreakGlassAdmin, passwordRefused } from '../sso/policy.ts';
import { applySsoSignIn, failureOf, SSO_FAILED_PATH, SSO_PENDING_PATH, withCallbackScope } from '../sso/sign-in.ts';
import { isStaff } from '../access/permissions.ts';
import { destinationAfterSignIn } from '../../lib/accounts/destinations.ts';
import { domainOf, ssoTexts } from '../../lib/accounts/sso.ts';
import { signedInToast } from '../../lib/accounts/texts.ts';
import { flashCookie } from '../../lib/flash.ts';

/**
 * Everything under /api/auth goes to Better Auth through here, and only what the site uses: any
 * other endpoint of the library (update-user, change-password, two-factor/disable, ...) answers
 * 404, so the account page's own commands, with our rules, are the only way to change an account.
 * In front of the library: the rate limits (per client, and per account for wrong passwords, reset
 * e-mails and codes), the honeypot, and the one site-path check for every return address. Behind
 * it: its messages in our words, the session's assurance level after a code step, and the e-mail
 * to the owner when a new browser signs in. Confirming an e-mail address is ours, not the
 * library's: the verifier sets the password (email-verification.ts, decision 028).
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
  'POST /verify-email': { policy: 'passwordReset' },
  'POST /two-factor/verify-totp': { policy: 'twoFactor' },
  'POST /two-factor/verify-backup-code': { policy: 'twoFactor' },
  'GET /get-session': {},
  // The company's identity provider sends the browser back here (issue 56).
  'GET /callback/sso': { policy: 'signIn' },
  'GET /verify-email': {},
  'GET /reset-password/:token': {},
};

/** Parameters Better Auth redirects to, in a query or a body. */
const redirectParams = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

const codePaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

export interface AuthHandlerDeps {
  /** With the company's provider beside it (sso/holder.ts), when the site has one. */
  auth: Pick<Auth, 'handler' | 'api' | '$context'> & { sso?: Pick<SsoHolder, 'current' | 'refresh'> };
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  rateLimits: RateLimiters;
  siteUrl: string;
  secureCookies: boolean;
  log: (data: object, message: string) => void;
  /** Loud lines (a break-glass sign-in); `log` when absent. */
  warn?: (data: object, message: string) => void;
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

/** Better Auth's answer to a reset request, whether or not the address has an account. */
const resetRequested = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

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

/** The account behind a reset token (looked up the way Better Auth stores it: hashed), so that a reset can unlock it. */
async function resetTokenAccount(deps: AuthHandlerDeps, token: unknown): Promise<{ id: string; email: string } | null> {
  if (typeof token !== 'string' || token.length > 200) return null;
  const verification = await (await deps.auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return null;
  const [user] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, verification.value));
  return user ?? null;
}

/**
 * Whether sign-in to this address is locked for this request: wrong passwords from its network,
 * then from anywhere, lock it for a while, but never for a browser the account already knows (its
 * owner's), so nobody can keep the owner out by guessing.
 */
async function signInLock(deps: AuthHandlerDeps, request: Request, email: string, clientKey: string) {
  const deviceId = readDeviceCookie(request.headers.get('cookie'));
  if (deviceId && (await isKnownDevice(deps.db, email, deviceId))) return null;
  const here = await deps.rateLimits.isLimited('signInAddressNetwork', `${clientKey}:${email}`);
  if (here.limited) return tooMany(authMessages.accountLockedHere, here.retryAfterSeconds);
  const everywhere = await deps.rateLimits.isLimited('signInAccount', email);
  if (everywhere.limited) return tooMany(authMessages.accountLocked, everywhere.retryAfterSeconds);
  return null;
}

/** A browser that has just proven the address (a reset link, a confirmation link) is one the account knows from now on. */
async function rememberBrowser(deps: AuthHandlerDeps, request: Request, response: Response, userId: string, ip: string) {
  const setCookie = await recordSignIn(deps, {
    userId,
    deviceId: readDeviceCookie(request.headers.get('cookie')),
    userAgent: request.headers.get('user-agent'),
    ip,
    notify: false,
  });
  if (!setCookie) return response;
  const headers = new Headers(response.headers);
  headers.append('Set-Cookie', setCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * POST /verify-email: the verifier of an address chooses its password (email-verification.ts), and
 * is signed in with it; the address's sign-in locks are lifted (its owner has just proven it).
 */
async function verifyEmail(deps: AuthHandlerDeps, request: Request, fields: Record<string, unknown>, clientKey: string): Promise<Response> {
  const result = await confirmAddress({ db: deps.db, auth: deps.auth }, fields);
  if (!result.ok) return json(400, { code: result.code, message: result.message, ...(result.field ? { field: result.field } : {}) });
  await deps.rateLimits.reset('signInAccount', result.email);
  await deps.rateLimits.reset('signInAddressNetwork', `${clientKey}:${result.email}`);
  const response = await deps.auth.api.signInEmail({
    body: { email: result.email, password: String(fields['password']), rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });
  // Confirming proves the mailbox: the browser is recorded, without a "new sign-in" warning.
  return afterSignIn(deps, request, await withOurMessages(response), clientKey, false);
}

export async function handleAuthRequest(
  deps: AuthHandlerDeps,
  request: Request,
  clientKey: string,
  hooks?: ResponseHooks,
): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(AUTH_BASE_PATH) ? url.pathname.slice(AUTH_BASE_PATH.length) : url.pathname;
  const route = routeOf(request.method, path);
  if (!route) return json(404, { code: 'NOT_FOUND', message: authMessages.notFound });
  for (const name of redirectParams) {
    const value = url.searchParams.get(name);
    if (value !== null && !sitePath(value)) return json(400, { code: 'INVALID_REDIRECT', message: authMessages.invalidRedirect });
  }

  if (request.method === 'GET' && path === '/verify-email') {
    // A confirmation link e-mailed by an earlier version of the site: our page, where the password is chosen.
    const token = url.searchParams.get('token') ?? '';
    const location = `${VERIFY_EMAIL_PATH}${/^[A-Za-z0-9_.-]{1,2000}$/.test(token) ? `?token=${token}` : ''}`;
    return new Response(null, {
      status: 303,
      headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    });
  }
  if (request.method === 'GET' && path === '/get-session') {
    // A session that owes its code step is not shown as signed in, here as everywhere (session.ts).
    const response = await deps.auth.handler(request);
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { session?: { aal?: unknown }; user?: { twoFactorEnabled?: unknown } } | null;
    const pending =
      body?.session &&
      mustPassCodeStep({ hasFactor: body.user?.twoFactorEnabled === true, aal: body.session.aal === 'aal2' ? 'aal2' : 'aal1' });
    if (!pending) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response('null', { status: 200, headers });
  }
  if (request.method === 'GET' && path === '/callback/sso') return ssoCallback(deps, request, clientKey);
  if (request.method !== 'POST') return deps.auth.handler(request);

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

  if (path === '/verify-email') return verifyEmail(deps, request, fields, clientKey);

  const email = emailKey(fields['email']);
  if ((path === '/sign-in/email' || path === '/sign-up/email') && email) {
    // Where staff sign in only through the company's provider (issue 56), its domains' passwords
    // open nothing, but a break-glass admin's: the same answer whether or not the address has an
    // account. Nor is a password account made for its addresses, by them or by a stranger who
    // would hold the address.
    const provider = deps.auth.sso ? await deps.auth.sso.refresh() : null;
    if (provider && passwordRefused(provider, email, false) && !(path === '/sign-in/email' && (await isBreakGlass(deps.db, email))))
      return json(403, { code: 'SSO_REQUIRED', message: ssoTexts.ssoRequired(provider.name, domainOf(email)) });
  }
  if (path === '/sign-in/email' && email) {
    const locked = await signInLock(deps, request, email, clientKey);
    if (locked) return locked;
  }
  if (path === '/request-password-reset') {
    const parsed = forgotPasswordSchema.safeParse({ email: fields['email'] });
    if (!parsed.success) return json(400, { code: 'INVALID_EMAIL', message: parsed.error.issues[0]?.message ?? authMessages.badRequest });
    const decision = await deps.rateLimits.consume('passwordResetAddress', email);
    if (!decision.allowed) return tooMany(authMessages.tooManyAttempts, decision.retryAfterSeconds);
    // The same answer, in the same time, whether or not the address has an account: the lookup,
    // the link and the e-mail come after it (issue 25).
    const body = { email: parsed.data.email, ...(typeof fields['redirectTo'] === 'string' ? { redirectTo: fields['redirectTo'] } : {}) };
    const headers = new Headers(request.headers);
    afterResponse(
      async () => void (await deps.auth.api.requestPasswordReset({ body, headers })),
      (error) => deps.log({ err: { message: (error as Error).message } }, 'password reset e-mail not sent'),
      hooks,
    );
    return json(200, resetRequested);
  }
  if (codePaths.has(path)) {
    // A code tried from a signed-in session (enrolment, a step up to aal2) counts against the account.
    const session = await deps.auth.api.getSession({ headers: request.headers }).catch(() => null);
    if (session) {
      const decision = await deps.rateLimits.consume('accountSensitive', session.user.id);
      if (!decision.allowed) return tooMany(authMessages.tooManyAttempts, decision.retryAfterSeconds);
    }
  }
  const resetAccount = path === '/reset-password' ? await resetTokenAccount(deps, fields['token']) : null;

  const response = await withOurMessages(await deps.auth.handler(new Request(request, { body: JSON.stringify(fields) })));

  if (path === '/sign-in/email' && email && response.status === 401) {
    await deps.rateLimits.consume('signInAddressNetwork', `${clientKey}:${email}`);
    const decision = await deps.rateLimits.consume('signInAccount', email);
    if (decision.allowed && decision.remaining === 0) await lockedAccountMail(deps, email);
  }
  if (resetAccount && response.ok) {
    // A fresh reset lets its owner in: the lock is lifted, and this browser is the account's from now on.
    await deps.rateLimits.reset('signInAccount', resetAccount.email);
    return rememberBrowser(deps, request, response, resetAccount.id, clientKey);
  }
  if (codePaths.has(path) && response.ok) {
    // A code confirmed from a signed-in session lifts that session to aal2 (a sign-in's new session already is).
    const { token } = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { token?: unknown };
    if (typeof token === 'string')
      await deps.db
        .update(sessions)
        .set({ aal: 'aal2' })
        .where(eq(sessions.token, hashSessionToken(token)));
  }
  if (path === '/sign-in/email' || codePaths.has(path)) return afterSignIn(deps, request, response, clientKey, true);
  return response;
}

/** When a response starts a session: record the browser, warn the owner if it is new to the account. */
async function afterSignIn(deps: AuthHandlerDeps, request: Request, response: Response, ip: string, notify: boolean): Promise<Response> {
  const token = sessionTokenIn(response.headers.getSetCookie());
  if (!token) return response;
  const stored = hashSessionToken(token);
  // The session's IP as our rate limits see it (X-Forwarded-For only with TRUST_PROXY), not as sent.
  const [session] = await deps.db
    .update(sessions)
    .set({ ipAddress: ip })
    .where(eq(sessions.token, stored))
    .returning({ userId: sessions.userId, method: sessions.method });
  if (!session) return response;
  if (session.method === 'password') await auditBreakGlass(deps, session.userId, ip);
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

const isBreakGlass = async (db: Database, email: string) => {
  const [user] = await db.select({ breakGlass: users.breakGlass, role: users.role }).from(users).where(eq(users.email, email));
  return user ? isBreakGlassAdmin(user) : false;
};

/**
 * A break-glass admin's password sign-in where staff sign in only through the company's provider:
 * audited, logged as a warning, and told to everyone who keeps users (issue 56). Loud on purpose:
 * it is the way around the company's own sign-in.
 */
async function auditBreakGlass(deps: AuthHandlerDeps, userId: string, ip: string): Promise<void> {
  const provider = deps.auth.sso?.current();
  if (!provider?.ssoOnly) return;
  const [user] = await deps.db
    .select({ breakGlass: users.breakGlass, role: users.role, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !isBreakGlassAdmin(user)) return;
  await deps.db.transaction(async (tx) => {
    await audit(tx, { id: userId, email: user.email }, 'user.break_glass_sign_in', userId, { ip });
    await recordEvent(tx, {
      kind: 'account.break_glass_used',
      actorUserId: userId,
      data: { userId, name: user.name, email: user.email, ip },
    });
  });
  (deps.warn ?? deps.log)({ userId, ip }, 'BREAK-GLASS sign-in: an admin signed in with a password, around single sign-on');
}

/**
 * GET /callback/sso: the provider sends the browser back with a code. Better Auth checks the state,
 * exchanges the code (with the PKCE verifier) and verifies the ID token (keys, issuer, audience,
 * nonce); then ours: the claim's role, the browser recorded, and where the person lands: their
 * part of the admin area, or the page that says they wait for a role. A failure of any step lands
 * on the sign-in page with its reason, and no session.
 */
async function ssoCallback(deps: AuthHandlerDeps, request: Request, clientKey: string): Promise<Response> {
  const redirect = (location: string, cookies: readonly string[] = []) => {
    const headers = new Headers({ Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    for (const cookie of cookies) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 303, headers });
  };
  const failed = (code: string | null | undefined, cookies: readonly string[] = []) => {
    deps.log({ code: String(code ?? '').slice(0, 100) }, 'single sign-on failed');
    return redirect(`${SSO_FAILED_PATH}&error=${failureOf(code)}`, cookies);
  };
  const decision = await deps.rateLimits.consume('signIn', clientKey);
  if (!decision.allowed) return failed('too_many');
  const provider = deps.auth.sso ? await deps.auth.sso.refresh() : null;
  if (!provider) return failed('unavailable');
  const { response, scope } = await withCallbackScope(() => deps.auth.handler(request));
  const cookies = response.headers.getSetCookie();
  const token = sessionTokenIn(cookies);
  if (!token) {
    const location = response.headers.get('location');
    if (location) return failed(new URL(location, deps.siteUrl).searchParams.get('error'), cookies);
    const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
    return failed(typeof body?.code === 'string' ? body.code : 'other', cookies);
  }
  const [session] = await deps.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.token, hashSessionToken(token)));
  if (!session) return failed('other', cookies);
  const outcome = await applySsoSignIn(deps.db, provider, session.userId, scope, deps.log);
  const recorded = await afterSignIn(deps, request, response, clientKey, true);
  const came = new URL(response.headers.get('location') ?? '/admin', deps.siteUrl);
  const staff = isStaff(outcome.role);
  const location = staff ? destinationAfterSignIn({ isStaff: true, mustEnrol: false }, `${came.pathname}${came.search}`) : SSO_PENDING_PATH;
  const extra = [authHintCookie({ isStaff: staff }, deps.secureCookies)];
  if (staff) extra.push(flashCookie([signedInToast({ role: outcome.role, isStaff: true, mustEnrol: false })], deps.secureCookies));
  return redirect(location, [...recorded.headers.getSetCookie(), ...extra]);
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
    warn: (data, message) => runtime.logger.warn(data, message),
  };
}
