import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { resetPassword, verifyEmail } from '../mail/templates.ts';
import { PASSWORD_MAX, PASSWORD_MIN, signUpSchema } from '../../lib/accounts/schema.ts';
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

export interface AuthDeps {
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
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
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: { users, sessions, accounts, verifications } }),
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
      // Rolling: an active session is extended at most once a day.
      updateAge: 24 * 60 * 60,
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
        await deps.jobs.enqueueEmail({ to: user.email, ...resetPassword({ name: user.name, url }) });
      },
    },
    emailVerification: {
      sendOnSignUp: deps.requireEmailVerification,
      sendOnSignIn: deps.requireEmailVerification,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
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
          before: async (session) => {
            await promoteListedAdmin(deps.db, session.userId, adminEmails, deps.log);
            return { data: session };
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
