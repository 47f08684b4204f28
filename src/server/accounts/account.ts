import QRCode from 'qrcode';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import type { Viewer } from './session.ts';
import { audit } from '../audit/log.ts';
import { lockAdmins, removesLastAdmin } from './users.ts';
import { sessionTokenIn } from './cookies.ts';
import { hashSessionToken } from './session-tokens.ts';
import type { Database } from '../db/client.ts';
import { UNIQUE_VIOLATION, violates } from '../db/errors.ts';
import { sessions, users } from '../db/schema.ts';
import type { RateLimiters } from '../rate-limit.ts';
import {
  changePasswordSchema,
  disableTwoFactorSchema,
  passwordConfirmSchema,
  profileSchema,
  twoFactorCodeSchema,
} from '../../lib/accounts/schema.ts';
import { accountTexts, authMessages, twoFactorTexts } from '../../lib/accounts/texts.ts';
import { describeUserAgent } from '../../lib/accounts/user-agent.ts';

/**
 * The account page's commands (/account): the signed-in person changes their profile, password,
 * second factor and sessions, or deletes their account. Each validates its input with the schema
 * the form uses, and calls Better Auth on the server for what it owns (passwords, factors), so the
 * library's own endpoints for these stay closed (src/server/accounts/auth-handler.ts).
 */

export type FieldErrors = Record<string, string>;

/** What a command answers: done (with its data), or refused with messages for fields or the form. */
export type CommandResult<T = object> =
  ({ ok: true } & T) | { ok: false; fieldErrors: FieldErrors; message: string; status?: 'locked' | 'invalid' };

/** Cookies Better Auth set while a command ran (a new session token), for the response. */
export interface WithCookies {
  cookies: string[];
}

export interface AccountDeps {
  auth: Pick<Auth, 'api'>;
  db: Database;
  rateLimits: RateLimiters;
}

const refuse = (fieldErrors: FieldErrors, message = Object.values(fieldErrors)[0] ?? 'Please check the form.') =>
  ({ ok: false, fieldErrors, message }) as const;

function issuesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Better Auth's error code, when a call of its API failed with one. */
function apiErrorCode(error: unknown): string | undefined {
  const body = (error as { body?: { code?: unknown } } | null)?.body;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** Checking a password or a code is guessing work for an attacker with a stolen session: counted per account. */
async function sensitiveAttempt(deps: AccountDeps, viewer: Viewer) {
  const decision = await deps.rateLimits.consume('accountSensitive', viewer.id);
  return decision.allowed ? null : ({ ok: false, fieldErrors: {}, message: authMessages.tooManyAttempts, status: 'locked' } as const);
}

export async function updateProfile(db: Database, viewer: Viewer, input: unknown): Promise<CommandResult> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return refuse(issuesOf(parsed.error.issues));
  const { username, firstName, lastName } = parsed.data;
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, viewer.id)));
  if (taken) return refuse({ username: authMessages.usernameTaken });
  try {
    await db
      .update(users)
      .set({ username, firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
      .where(eq(users.id, viewer.id));
  } catch (error) {
    // Two people choosing the same username at once: the unique index decides.
    if (violates(error, UNIQUE_VIOLATION)) return refuse({ username: authMessages.usernameTaken });
    throw error;
  }
  return { ok: true };
}

export async function changePassword(
  deps: AccountDeps,
  viewer: Viewer,
  headers: Headers,
  input: unknown,
): Promise<CommandResult<WithCookies>> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return refuse(issuesOf(parsed.error.issues));
  const limited = await sensitiveAttempt(deps, viewer);
  if (limited) return limited;
  try {
    const result = await deps.auth.api.changePassword({
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    });
    return { ok: true, cookies: result.headers.getSetCookie() };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === 'INVALID_PASSWORD') return refuse({ currentPassword: authMessages.wrongPassword });
    if (code === 'COMMON_PASSWORD') return refuse({ newPassword: authMessages.commonPassword });
    throw error;
  }
}

/** The secret of an otpauth:// URI, in groups of four for typing by hand. */
export function manualKey(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export interface Enrolment {
  /** The otpauth:// URI as a QR code, an SVG drawn here on the server. */
  qrSvg: string;
  /** The same secret for typing by hand. */
  manualKey: string;
}

/** Starts enrolment (password confirmed): a new, not yet verified TOTP secret. */
export async function startTwoFactor(
  deps: AccountDeps,
  viewer: Viewer,
  headers: Headers,
  input: unknown,
): Promise<CommandResult<Enrolment>> {
  const parsed = passwordConfirmSchema.safeParse(input);
  if (!parsed.success) return refuse(issuesOf(parsed.error.issues));
  if (viewer.hasFactor) return refuse({ form: twoFactorTexts.enabled });
  const limited = await sensitiveAttempt(deps, viewer);
  if (limited) return limited;
  try {
    const { totpURI } = (await deps.auth.api.enableTwoFactor({ body: { password: parsed.data.password }, headers })) as { totpURI: string };
    const qrSvg = await QRCode.toString(totpURI, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 200 });
    return { ok: true, qrSvg, manualKey: manualKey(totpURI) };
  } catch (error) {
    if (apiErrorCode(error) === 'INVALID_PASSWORD') return refuse({ password: authMessages.wrongPassword });
    throw error;
  }
}

/** Confirms enrolment with a current code: the factor is verified, the session aal2, and the backup codes shown once. */
export async function confirmTwoFactor(
  deps: AccountDeps,
  viewer: Viewer,
  headers: Headers,
  input: unknown,
): Promise<CommandResult<WithCookies & { backupCodes: string[] }>> {
  const parsed = twoFactorCodeSchema.safeParse(input);
  if (!parsed.success) return refuse(issuesOf(parsed.error.issues));
  const limited = await sensitiveAttempt(deps, viewer);
  if (limited) return limited;
  try {
    const result = await deps.auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, returnHeaders: true });
    const cookies = result.headers.getSetCookie();
    await endOtherSessions(deps.db, viewer.id, cookies);
    const { backupCodes } = (await deps.auth.api.viewBackupCodes({ body: { userId: viewer.id } })) as { backupCodes: string[] };
    return { ok: true, cookies, backupCodes };
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === 'INVALID_CODE') return refuse({ code: authMessages.invalidCode });
    if (code === 'TOTP_NOT_ENABLED') return refuse({ form: authMessages.signInExpired });
    throw error;
  }
}

/**
 * A factor just confirmed: every other session of the account ends (issue 25). They were signed in
 * with the password alone, before the factor existed, and would otherwise keep their access without
 * ever passing a code step. The session kept is the one enrolment's confirmation started (its
 * cookie); without one, none is kept.
 */
async function endOtherSessions(db: Database, userId: string, cookies: readonly string[]): Promise<void> {
  const token = sessionTokenIn(cookies);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ...(token ? [ne(sessions.token, hashSessionToken(token))] : [])));
}

/** Turning the factor off takes the password and a current code; the session goes back to aal1. */
export async function disableTwoFactor(
  deps: AccountDeps,
  viewer: Viewer,
  headers: Headers,
  input: unknown,
): Promise<CommandResult<WithCookies>> {
  const parsed = disableTwoFactorSchema.safeParse(input);
  if (!parsed.success) return refuse(issuesOf(parsed.error.issues));
  const limited = await sensitiveAttempt(deps, viewer);
  if (limited) return limited;
  try {
    await deps.auth.api.verifyPassword({ body: { password: parsed.data.password }, headers });
  } catch (error) {
    if (apiErrorCode(error) === 'INVALID_PASSWORD') return refuse({ password: authMessages.wrongPassword });
    throw error;
  }
  try {
    await deps.auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers });
  } catch (error) {
    if (apiErrorCode(error) === 'INVALID_CODE') return refuse({ code: authMessages.invalidCode });
    throw error;
  }
  const result = await deps.auth.api.disableTwoFactor({ body: { password: parsed.data.password }, headers, returnHeaders: true });
  return { ok: true, cookies: result.headers.getSetCookie() };
}

export interface SessionRow {
  id: string;
  browser: string;
  ipAddress: string | null;
  lastSeen: Date;
  createdAt: Date;
  current: boolean;
  aal: 'aal1' | 'aal2';
}

export async function listOwnSessions(db: Database, viewer: Viewer, now = new Date()): Promise<SessionRow[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      updatedAt: sessions.updatedAt,
      createdAt: sessions.createdAt,
      aal: sessions.aal,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, viewer.id), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((row) => ({
      id: row.id,
      browser: describeUserAgent(row.userAgent, accountTexts.unknownBrowser),
      ipAddress: row.ipAddress,
      lastSeen: row.updatedAt,
      createdAt: row.createdAt,
      current: row.id === viewer.sessionId,
      aal: row.aal,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function signOutOtherSessions(db: Database, viewer: Viewer): Promise<CommandResult<{ ended: number }>> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, viewer.id), ne(sessions.id, viewer.sessionId)))
    .returning({ id: sessions.id });
  return { ok: true, ended: ended.length };
}

export async function signOutSession(db: Database, viewer: Viewer, sessionId: string): Promise<CommandResult> {
  if (sessionId === viewer.sessionId) return refuse({ form: 'Use Logout to end this session.' });
  await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, viewer.id)));
  return { ok: true };
}

/** Deletes the viewer's account after checking the password; the last admin cannot. */
export async function deleteOwnAccount(deps: AccountDeps, viewer: Viewer, headers: Headers, input: unknown): Promise<CommandResult> {
  const parsed = passwordConfirmSchema.safeParse(input);
  if (!parsed.success) return refuse(issuesOf(parsed.error.issues));
  const limited = await sensitiveAttempt(deps, viewer);
  if (limited) return limited;
  try {
    await deps.auth.api.verifyPassword({ body: { password: parsed.data.password }, headers });
  } catch (error) {
    if (apiErrorCode(error) === 'INVALID_PASSWORD') return refuse({ password: authMessages.wrongPassword });
    throw error;
  }
  return deps.db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const [user] = await tx.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, viewer.id)).for('update');
    if (!user) return { ok: true } as const;
    if (removesLastAdmin(admins, user.role, null)) return refuse({ form: accountTexts.lastAdmin });
    await tx.delete(users).where(eq(users.id, viewer.id));
    await audit(tx, { id: null, email: user.email }, 'user.self_deleted', viewer.id, { role: user.role });
    return { ok: true } as const;
  });
}

/** The profile the account page edits. */
export async function ownProfile(db: Database, viewer: Viewer) {
  const [row] = await db
    .select({ username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, viewer.id));
  return row ?? { username: viewer.username, firstName: '', lastName: '', email: viewer.email };
}
