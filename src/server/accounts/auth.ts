// Minimal: without Kysely, which the Drizzle adapter does not need (about 3 MB less in memory).
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, createEmailVerificationToken } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq, ne, sql } from 'drizzle-orm';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { resetPassword, verifyEmail } from '../mail/templates.ts';
import type { RateLimiters } from '../rate-limit.ts';
import { isCommonPassword } from './common-passwords.ts';
import { provePassword } from './email-verification.ts';
import { hashedSessionTokens } from './session-tokens.ts';
import { lockAdmins } from './users.ts';
import { ssoCallbackScope, ssoPlugin } from '../sso/plugin.ts';
import type { SsoProvider } from '../sso/provider.ts';
import { isBreakGlassAdmin } from '../sso/policy.ts';
import { SSO_PROVIDER_ID, type SignInMethod } from '../../lib/accounts/sso.ts';
import { PASSWORD_MAX, PASSWORD_MIN, signUpSchema, type AssuranceLevel } from '../../lib/accounts/schema.ts';
import { authMessages } from '../../lib/accounts/texts.ts';

/**
 * Accounts (Better Auth): e-mail and password, e-mail verification, password reset, sessions in
 * PostgreSQL. Roles are ours, not a plugin's: `users.role` is never accepted from a request and
 * is changed only by the admin commands, `npm run admin:create`, or ADMIN_EMAILS below.
 */

export const SESSION_DAYS = 7;
/** However active, a session ends this long after sign-in. */
export const SESSION_ABSOLUTE_DAYS = 30;
export const AUTH_BASE_PATH = '/api/auth';
/** Where the e-mailed "Confirm your e-mail address" link leads: the verifier sets the password there (decision 028). */
export const VERIFY_EMAIL_PATH = '/auth/verify-email';
/** How long that link works. */
export const VERIFY_EMAIL_SECONDS = 24 * 60 * 60;

/** The endpoints that finish a second-factor step: the sessions they create are aal2. */
export const CODE_STEP_PATHS: ReadonlySet<string> = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** Wrong codes, across challenges, before an account's second factor locks for 15 minutes. */
export const FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 } as const;

/** Which endpoints' passwords are new ones, and under which field. */
const newPasswordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** The provider's callback: the session it creates began at the company's identity provider (issue 56). */
export const isSsoCallback = (path: string | undefined) => path !== undefined && path.startsWith('/callback/');

/**
 * The assurance level of a session being created: aal2 when a code step creates it, or when it
 * replaces an aal2 session of the same person (a password change), or when the company's provider
 * signed them in (its own second factor is the company's, decision 074); aal1 otherwise.
 */
function assuranceOf(path: string | undefined, current: { aal?: unknown } | undefined): AssuranceLevel {
  if (path && CODE_STEP_PATHS.has(path)) return 'aal2';
  if (isSsoCallback(path)) return 'aal2';
  if (path === '/change-password' && current?.aal === 'aal2') return 'aal2';
  return 'aal1';
}

export interface AuthDeps {
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  /** The recipients' budget of unsolicited e-mail (src/server/mail/budget.ts). */
  rateLimits: Pick<RateLimiters, 'consume' | 'isLimited'>;
  siteUrl: string;
  secret: string;
  secureCookies: boolean;
  requireEmailVerification: boolean;
  /** Verified users with these addresses become admins when they sign in. */
  adminEmails: readonly string[];
  log: (data: object, message: string) => void;
  /** The company's identity provider for staff (issue 56), when one is set. */
  sso?: SsoProvider | null;
}

export function createAuth(deps: AuthDeps) {
  const adminEmails = new Set(deps.adminEmails.map((email) => email.toLowerCase()));

  /** The e-mailed link to confirm an address: our page, where the verifier chooses the password. */
  // Anybody can sign up (or sign in) with any address: each link counts against the address's mail
  // budget; a sign-in to an unverified account re-sends it only when none went in the last minutes.
  const sendVerification = async (user: { id: string; email: string; name: string }, request?: Request) => {
    const unlessSentRecently = request ? new URL(request.url).pathname.endsWith('/sign-in/email') : false;
    if (!(await spendMailBudget(deps.rateLimits, user.email, 'verification', { unlessSentRecently })))
      return deps.log({ unlessSentRecently }, 'verification e-mail withheld: sent moments ago, or mail budget spent');
    const token = await createEmailVerificationToken(deps.secret, user.email, undefined, VERIFY_EMAIL_SECONDS, { userId: user.id });
    const url = `${deps.siteUrl}${VERIFY_EMAIL_PATH}?token=${token}`;
    await deps.jobs.enqueueEmail({ to: user.email, ...verifyEmail({ name: user.name, url }) });
  };

  return betterAuth({
    appName: 'Helixpoint',
    baseURL: deps.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    telemetry: { enabled: false },
    // The library's own lines (a provider's token that failed its checks) go to our log, without their arguments (tokens).
    logger: { log: (level, message) => deps.log({ level, source: 'better-auth' }, message) },
    // Session tokens are stored as digests (session-tokens.ts, decision 029).
    database: hashedSessionTokens(
      drizzleAdapter(deps.db, { provider: 'pg', schema: { users, sessions, accounts, verifications, twoFactors } }),
    ),
    // Our pages post from the site's own origin; a request's Origin must match its Host (or SITE_URL).
    trustedOrigins: (request) => [deps.siteUrl, ...(request ? [new URL(request.url).origin] : [])],
    user: {
      modelName: 'users',
      additionalFields: {
        username: { type: 'string', required: true, input: true },
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
        breakGlass: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Rolling: an active session is extended at most once a day; never past 30 days from sign-in
      // (the database clamps expires_at, so every reader of sessions sees the cap).
      updateAge: 24 * 60 * 60,
      additionalFields: {
        aal: { type: 'string', required: false, input: false, defaultValue: 'aal1' },
        method: { type: 'string', required: false, input: false, defaultValue: 'password' },
      },
    },
    account: {
      modelName: 'accounts',
      // The provider's refresh token is a credential: sealed at rest with the secret.
      encryptOAuthTokens: true,
      // A staff member with a password account signs in through the provider as the same person,
      // when the provider says it checked the address (email_verified, sso/plugin.ts), the address
      // is of the provider's domains, and the local address was confirmed; never a break-glass
      // admin's account (databaseHooks.account below).
      accountLinking: { enabled: true, allowDifferentEmails: false },
    },
    // Reset links and code-step challenges are looked up by a digest: the table holds no working token.
    verification: { modelName: 'verifications', storeIdentifier: 'hashed' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: deps.requireEmailVerification,
      autoSignIn: !deps.requireEmailVerification,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        if (!(await spendMailBudget(deps.rateLimits, user.email, 'password-reset')))
          return deps.log({}, 'reset e-mail withheld: mail budget spent');
        await deps.jobs.enqueueEmail({ to: user.email, ...resetPassword({ name: user.name, url }) });
      },
      // The reset link proved the address, and its holder chose the password (Better Auth has ended
      // every session): see provePassword.
      onPasswordReset: async ({ user }) => {
        await deps.db.transaction((tx) => provePassword(tx, user.id, { unprovenFactor: !user.emailVerified }));
      },
      // A sign-up with an address that has an account: the same answer as a new one (no one learns
      // who has an account); an unconfirmed one was replaced by this sign-up (hooks.before) and its
      // address gets a new link.
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified) await sendVerification(user);
      },
    },
    emailVerification: {
      sendOnSignUp: deps.requireEmailVerification,
      sendOnSignIn: deps.requireEmailVerification,
      // Better Auth's own /verify-email is closed (auth-handler.ts): confirming an address sets the
      // password and signs in through ours (email-verification.ts).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_SECONDS,
      sendVerificationEmail: async ({ user }, request) => sendVerification(user, request),
    },
    advanced: {
      useSecureCookies: deps.secureCookies,
      cookiePrefix: 'helixpoint',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The client IP for Better Auth's own bookkeeping; our rate limits are applied in front of it.
      ipAddress: { disableIpTracking: false },
    },
    // Our rate limits (src/server/rate-limit.ts) run in front of the handler, in PostgreSQL.
    rateLimit: { enabled: false },
    plugins: [
      twoFactor({
        issuer: 'Helixpoint',
        twoFactorTable: 'twoFactors',
        // Backup codes: ten, single use, encrypted at rest (the plugin's defaults, said out loud).
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, ...FACTOR_LOCKOUT },
        // A code step must be finished within 10 minutes of the password step.
        twoFactorCookieMaxAge: 10 * 60,
      }),
      ...(deps.sso ? [ssoPlugin(deps.sso, deps.db)] : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The sign-up rules for new passwords, wherever one is set: not one of the most common.
        const field = newPasswordFields[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && (await isCommonPassword(password)))
          throw new APIError('BAD_REQUEST', { message: authMessages.commonPassword, code: 'COMMON_PASSWORD' });
        if (ctx.path === '/sign-up/email' && deps.requireEmailVerification)
          await replacePendingSignUp(deps.db, ctx.body as Record<string, unknown>, (plain) => ctx.context.password.hash(plain));
      }),
    },
    databaseHooks: {
      account: {
        create: {
          // The break-glass admin stays apart from the provider: the way in when it is down, or wrong.
          before: async (account) => {
            if (account.providerId !== SSO_PROVIDER_ID) return;
            const [owner] = await deps.db
              .select({ breakGlass: users.breakGlass, role: users.role })
              .from(users)
              .where(eq(users.id, account.userId));
            if (owner && isBreakGlassAdmin(owner))
              throw new APIError('FORBIDDEN', { code: 'SSO_BREAK_GLASS', message: 'A break-glass account is not linked to the provider.' });
          },
        },
      },
      user: {
        create: {
          before: async (user) => {
            const parsed = signUpSchema.safeParse({
              username: user.username,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email,
              password: 'x'.repeat(PASSWORD_MIN),
            });
            if (!parsed.success) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid sign-up' });
            const { username, firstName, lastName } = parsed.data;
            const [taken] = await deps.db
              .select({ id: users.id })
              .from(users)
              .where(sql`lower(${users.username}) = lower(${username})`);
            if (taken) throw new APIError('BAD_REQUEST', { message: authMessages.usernameTaken });
            // An account the provider's sign-in makes waits for an admin's role, or the claim's (auth-handler.ts).
            const scope = ssoCallbackScope.getStore();
            if (scope) scope.created = true;
            // The spec's full_name; the role is never taken from the request.
            return { data: { ...user, username, firstName, lastName, name: `${firstName} ${lastName}`, role: 'user', breakGlass: false } };
          },
        },
      },
      session: {
        create: {
          before: async (session, ctx) => {
            await promoteListedAdmin(deps.db, session.userId, adminEmails, deps.log);
            const current = ctx?.context.session?.session as { aal?: unknown } | undefined;
            const method: SignInMethod = isSsoCallback(ctx?.path) ? 'sso' : 'password';
            return { data: { ...session, aal: assuranceOf(ctx?.path, current), method } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Who changed a role because of ADMIN_EMAILS, in the audit log. */
const listActor: Actor = { id: null, email: 'ADMIN_EMAILS' };

/**
 * ADMIN_EMAILS: an address on the list is made admin as it signs in, when it is verified and its
 * password was set by someone who had proven the address (decision 028): a password a stranger
 * chose at sign-up, before the owner confirmed the address, never becomes an admin's.
 */
async function promoteListedAdmin(db: Database, userId: string, adminEmails: ReadonlySet<string>, log: AuthDeps['log']): Promise<void> {
  if (adminEmails.size === 0) return;
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, role: users.role, passwordProvenAt: users.passwordProvenAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !user.emailVerified || !user.passwordProvenAt || user.role === 'admin' || !adminEmails.has(user.email)) return;
  await db.transaction(async (tx) => {
    const [promoted] = await tx
      .update(users)
      .set({ role: 'admin', roleFromAdminEmails: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), ne(users.role, 'admin')))
      .returning({ id: users.id });
    if (promoted) await audit(tx, listActor, 'user.promoted', userId, { role: 'admin', from: user.role, source: 'ADMIN_EMAILS' });
  });
  log({ userId }, 'user made admin (ADMIN_EMAILS)');
}

/**
 * At start: an admin whose role came from ADMIN_EMAILS and whose address is no longer on it goes
 * back to user (audited). Admins made by a person (admin:create, another admin, an invitation) are
 * not the list's to take back, and the last admin is never demoted.
 */
export async function withdrawUnlistedAdmins(
  db: Database,
  adminEmailsInput: readonly string[],
  log: AuthDeps['log'],
): Promise<{ demoted: string[]; kept: string[] }> {
  const adminEmails = new Set(adminEmailsInput.map((email) => email.toLowerCase()));
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const listed = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.roleFromAdminEmails, true)));
    const unlisted = listed.filter((user) => !adminEmails.has(user.email));
    const demoted: string[] = [];
    const kept: string[] = [];
    let remaining = admins.length;
    for (const user of unlisted) {
      if (remaining <= 1) {
        kept.push(user.id);
        log({ userId: user.id }, 'admin no longer in ADMIN_EMAILS kept: the last admin');
        continue;
      }
      await tx.update(users).set({ role: 'user', roleFromAdminEmails: false, updatedAt: new Date() }).where(eq(users.id, user.id));
      await audit(tx, listActor, 'user.role_changed', user.id, { from: 'admin', to: 'user', source: 'ADMIN_EMAILS' });
      remaining -= 1;
      demoted.push(user.id);
      log({ userId: user.id }, 'admin role withdrawn: address no longer in ADMIN_EMAILS');
    }
    return { demoted, kept };
  });
}

/**
 * A sign-up with an address whose account was never confirmed replaces that sign-up (decision 028):
 * its profile and password become this request's, its sessions end, and Better Auth answers as for
 * any existing address (and onExistingUserSignUp sends a new link). Nobody who merely knows an
 * address can hold it with a sign-up of their own; whoever confirms it chooses the password then.
 */
async function replacePendingSignUp(
  db: Database,
  body: Record<string, unknown>,
  hash: (password: string) => Promise<string>,
): Promise<void> {
  const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
  const [pending] = email
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), eq(users.emailVerified, false)))
    : [];
  if (!pending) return;
  const parsed = signUpSchema.safeParse({
    username: body['username'],
    firstName: body['firstName'],
    lastName: body['lastName'],
    email,
    password: body['password'],
  });
  if (!parsed.success) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid sign-up' });
  const { username, firstName, lastName, password } = parsed.data;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, pending.id)));
  if (taken) throw new APIError('BAD_REQUEST', { message: authMessages.usernameTaken });
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ username, firstName, lastName, name: `${firstName} ${lastName}`, passwordProvenAt: null, updatedAt: new Date() })
      .where(eq(users.id, pending.id));
    await tx
      .update(accounts)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, pending.id), eq(accounts.providerId, 'credential')));
    await tx.delete(sessions).where(eq(sessions.userId, pending.id));
  });
}
