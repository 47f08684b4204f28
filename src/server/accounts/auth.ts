// Minimal: without Kysely, which the Drizzle adapter does not need (about 3 MB less in memory).
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { resetPassword, verifyEmail } from '../mail/templates.ts';
import type { RateLimiters } from '../rate-limit.ts';
import { isCommonPassword } from './common-passwords.ts';
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

/**
 * The assurance level of a session being created: aal2 when a code step creates it, or when it
 * replaces an aal2 session of the same person (a password change); aal1 otherwise.
 */
function assuranceOf(path: string | undefined, current: { aal?: unknown } | undefined): AssuranceLevel {
  if (path && CODE_STEP_PATHS.has(path)) return 'aal2';
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
}

export function createAuth(deps: AuthDeps) {
  const adminEmails = new Set(deps.adminEmails.map((email) => email.toLowerCase()));

  return betterAuth({
    appName: 'Helixpoint',
    baseURL: deps.siteUrl,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: { users, sessions, accounts, verifications, twoFactors } }),
    // Our pages post from the site's own origin; a request's Origin must match its Host (or SITE_URL).
    trustedOrigins: (request) => [deps.siteUrl, ...(request ? [new URL(request.url).origin] : [])],
    user: {
      modelName: 'users',
      additionalFields: {
        username: { type: 'string', required: true, input: true },
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        role: { type: 'string', required: false, input: false, defaultValue: 'user' },
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
      },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
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
      // A reset ends every other reset link of the account (one link used, all spent).
      onPasswordReset: async ({ user }) => {
        await deps.db
          .delete(verifications)
          .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, user.id)));
      },
    },
    emailVerification: {
      sendOnSignUp: deps.requireEmailVerification,
      sendOnSignIn: deps.requireEmailVerification,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }, request) => {
        // A sign-in to an unverified account re-sends the link, unless one went in the last minutes.
        const unlessSentRecently = request ? new URL(request.url).pathname.endsWith('/sign-in/email') : false;
        if (!(await spendMailBudget(deps.rateLimits, user.email, 'verification', { unlessSentRecently })))
          return deps.log({ unlessSentRecently }, 'verification e-mail withheld: sent moments ago, or mail budget spent');
        await deps.jobs.enqueueEmail({ to: user.email, ...verifyEmail({ name: user.name, url }) });
      },
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
    ],
    hooks: {
      // The sign-up rules for new passwords, wherever one is set: not one of the most common.
      before: createAuthMiddleware(async (ctx) => {
        const field = newPasswordFields[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && (await isCommonPassword(password)))
          throw new APIError('BAD_REQUEST', { message: authMessages.commonPassword, code: 'COMMON_PASSWORD' });
      }),
    },
    databaseHooks: {
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
            // The spec's full_name; the role is never taken from the request.
            return { data: { ...user, username, firstName, lastName, name: `${firstName} ${lastName}`, role: 'user' } };
          },
        },
      },
      session: {
        create: {
          before: async (session, ctx) => {
            await promoteListedAdmin(deps.db, session.userId, adminEmails, deps.log);
            const current = ctx?.context.session?.session as { aal?: unknown } | undefined;
            return { data: { ...session, aal: assuranceOf(ctx?.path, current) } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** ADMIN_EMAILS: a verified address on the list is made admin as it signs in. */
async function promoteListedAdmin(db: Database, userId: string, adminEmails: ReadonlySet<string>, log: AuthDeps['log']): Promise<void> {
  if (adminEmails.size === 0) return;
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !user.emailVerified || user.role === 'admin' || !adminEmails.has(user.email)) return;
  await db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(eq(users.id, userId), ne(users.role, 'admin')));
  log({ userId }, 'user made admin (ADMIN_EMAILS)');
}
