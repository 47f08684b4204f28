import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor, type AccountDeps } from './account';
import { createStaffAccount, resetAdminTwoFactor } from './admin-create';
import { checkAccount, checkStaff, getViewer } from './session';
import { resetTwoFactor } from './users';
import { AdminRuleError } from '../admin-command';
import { auditLog, sessions, twoFactors, users } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { startAuthServer, TestClient, totpNow, wrongCode, type AuthServer } from '../testing/auth-server';
import { authMessages } from '../../lib/accounts/texts';

/*
 * The second factor end to end on the server: enrolment (QR code drawn here, key, a code to
 * confirm, backup codes once), the code step of a sign-in (the password alone gives no session),
 * aal2 and the admin check, wrong codes limited per client and per account, backup codes used
 * once, turning it off (password and code), an admin resetting another's, and admin:create's
 * recovery.
 */

// Every password is hashed with scrypt, many times a test: on a busy two-core machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

let backend: TestBackend;
let accounts: AuthServer;
let deps: AccountDeps;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  backend = await startTestBackend();
  accounts = await startAuthServer(backend);
  deps = { auth: accounts.auth, db: backend.database.db, rateLimits: backend.rateLimits };
}, 120_000);

afterAll(async () => {
  await accounts?.close();
  await backend?.stop();
}, 60_000);

const client = () => new TestClient(accounts.server.url);
const adminCheck = (c: TestClient, requireTwoFactor = true) =>
  checkStaff({ auth: accounts.auth, db: backend.database.db, requireTwoFactor }, c.headers);

async function signedUp(username: string): Promise<TestClient> {
  const c = client();
  const result = await c.post('sign-up/email', {
    email: `${username}@mail.test`,
    password: PASSWORD,
    name: 'x',
    username,
    firstName: 'Test',
    lastName: 'Person',
  });
  expect(result.status).toBe(200);
  return c;
}

async function signedInAdmin(name: string): Promise<TestClient> {
  await createStaffAccount(backend.database.db, accounts.auth, { email: `${name}@helixpoint.test`, password: PASSWORD });
  const c = client();
  expect((await c.post('sign-in/email', { email: `${name}@helixpoint.test`, password: PASSWORD })).status).toBe(200);
  return c;
}

async function viewerOf(c: TestClient) {
  const viewer = await getViewer({ auth: accounts.auth, db: backend.database.db }, c.headers);
  if (!viewer) throw new Error('not signed in');
  return viewer;
}

/** Enrols through the account page's commands; returns the key shown and the backup codes. */
async function enrol(c: TestClient): Promise<{ key: string; backupCodes: string[] }> {
  const started = await startTwoFactor(deps, await viewerOf(c), c.headers, { password: PASSWORD });
  if (!started.ok) throw new Error(started.message);
  const confirmed = await confirmTwoFactor(deps, await viewerOf(c), c.headers, { code: totpNow(started.manualKey) });
  if (!confirmed.ok) throw new Error(confirmed.message);
  c.keep(confirmed.cookies);
  return { key: started.manualKey, backupCodes: confirmed.backupCodes };
}

describe('enrolment', () => {
  it('shows a QR code drawn on the server and the key, needs the password, and a current code to confirm', async () => {
    const c = await signedUp('enrolling');
    const wrongPassword = await startTwoFactor(deps, await viewerOf(c), c.headers, { password: 'not my password' });
    expect(wrongPassword).toMatchObject({ ok: false, fieldErrors: { password: authMessages.wrongPassword } });

    const started = await startTwoFactor(deps, await viewerOf(c), c.headers, { password: PASSWORD });
    if (!started.ok) throw new Error(started.message);
    expect(started.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^]*<path[^]*<\/svg>\s*$/);
    expect(started.qrSvg).not.toMatch(/<script|href=|https?:\/\/(?!www\.w3\.org)/);
    expect(started.manualKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);

    // Not on until a code confirms it: sign-in still asks for the password only.
    expect((await viewerOf(c)).hasFactor).toBe(false);
    const wrong = await confirmTwoFactor(deps, await viewerOf(c), c.headers, { code: wrongCode(started.manualKey) });
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { code: authMessages.invalidCode } });
    expect((await confirmTwoFactor(deps, await viewerOf(c), c.headers, { code: '12ab' })).ok).toBe(false);

    const confirmed = await confirmTwoFactor(deps, await viewerOf(c), c.headers, { code: totpNow(started.manualKey) });
    if (!confirmed.ok) throw new Error(confirmed.message);
    c.keep(confirmed.cookies);
    expect(confirmed.backupCodes).toHaveLength(10);
    expect(new Set(confirmed.backupCodes).size).toBe(10);
    for (const code of confirmed.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // The session that confirmed the code is aal2; the factor is stored encrypted, verified.
    expect(await viewerOf(c)).toMatchObject({ hasFactor: true, aal: 'aal2' });
    const [factor] = await backend.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, (await viewerOf(c)).id));
    expect(factor?.verified).toBe(true);
    expect(factor?.secret).not.toContain(started.manualKey.replace(/\s+/g, ''));
    expect(factor?.backupCodes).not.toContain(confirmed.backupCodes[0]);
  });
});

describe('signing in with a verified factor', () => {
  it('the password step gives no session; the code step gives an aal2 one; wrong codes get a clear message', async () => {
    const first = await signedUp('coded');
    const { key } = await enrol(first);

    const c = client();
    const password = await c.post('sign-in/email', { email: 'coded@mail.test', password: PASSWORD });
    expect(password.status).toBe(200);
    expect(password.body).toMatchObject({ twoFactorRedirect: true });
    expect(c.hasSession).toBe(false);
    expect(await getViewer({ auth: accounts.auth, db: backend.database.db }, c.headers)).toBeNull();

    const wrong = await c.post('two-factor/verify-totp', { code: wrongCode(key) });
    expect(wrong.status).toBe(401);
    expect(wrong.body['message']).toBe(authMessages.invalidCode);
    expect(c.hasSession).toBe(false);

    // "Trust this device" is ignored: the next sign-in asks again.
    const right = await c.post('two-factor/verify-totp', { code: totpNow(key), trustDevice: true });
    expect(right.status).toBe(200);
    expect(await viewerOf(c)).toMatchObject({ email: 'coded@mail.test', aal: 'aal2', hasFactor: true });
    const again = client();
    again.cookies.clear();
    for (const [name, value] of c.cookies) if (!name.endsWith('session_token')) again.cookies.set(name, value);
    expect((await again.post('sign-in/email', { email: 'coded@mail.test', password: PASSWORD })).body).toMatchObject({
      twoFactorRedirect: true,
    });
  });

  it('a backup code works once, then is refused', async () => {
    const owner = await signedUp('backup');
    const { backupCodes } = await enrol(owner);
    const code = backupCodes[3]!;

    const c = client();
    await c.post('sign-in/email', { email: 'backup@mail.test', password: PASSWORD });
    expect((await c.post('two-factor/verify-backup-code', { code })).status).toBe(200);
    expect(await viewerOf(c)).toMatchObject({ aal: 'aal2' });

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const other = client();
      await other.post('sign-in/email', { email: 'backup@mail.test', password: PASSWORD });
      const reused = await other.post('two-factor/verify-backup-code', { code });
      expect(reused.status).toBe(401);
      expect(reused.body['message']).toBe(authMessages.invalidBackupCode);
      expect(other.hasSession).toBe(false);
    }
  });

  it('wrong codes are limited per sign-in, per account (the factor locks) and per client', async () => {
    const owner = await signedUp('guessed');
    const { key } = await enrol(owner);
    const wrong = wrongCode(key);

    // Five wrong codes end this sign-in's code step.
    const c = client();
    await c.post('sign-in/email', { email: 'guessed@mail.test', password: PASSWORD });
    for (let i = 0; i < 5; i += 1) expect((await c.post('two-factor/verify-totp', { code: wrong })).status).toBe(401);
    const exhausted = await c.post('two-factor/verify-totp', { code: totpNow(key) });
    expect(exhausted.status).toBe(400);
    expect(exhausted.body['message']).toBe(authMessages.codeAttemptsExhausted);

    // Ten across sign-ins (each from another client) lock the account's factor: even the right code waits.
    for (const tries of [5]) {
      const d = client();
      await d.post('sign-in/email', { email: 'guessed@mail.test', password: PASSWORD });
      for (let i = 0; i < tries; i += 1) await d.post('two-factor/verify-totp', { code: wrong });
    }
    const e = client();
    await e.post('sign-in/email', { email: 'guessed@mail.test', password: PASSWORD });
    const locked = await e.post('two-factor/verify-totp', { code: totpNow(key) });
    expect(locked.status).toBe(429);
    expect(locked.body['message']).toBe(authMessages.factorLocked);
    expect(e.hasSession).toBe(false);

    // One client guessing for many accounts meets the per-client limit (10 codes per 15 minutes).
    const guesser = client();
    let lastStatus = 0;
    for (let i = 0; i < 11; i += 1) lastStatus = (await guesser.post('two-factor/verify-totp', { code: wrong })).status;
    expect(lastStatus).toBe(429);
  });
});

describe('the admin check and the second factor', () => {
  it('holds an admin without a factor (ADMIN_REQUIRE_2FA), lets them through once enrolled', async () => {
    const c = await signedInAdmin('newadmin');
    expect(await adminCheck(c)).toMatchObject({ allowed: false, reason: 'enrol' });
    expect(await adminCheck(c, false)).toMatchObject({ allowed: true });
    await enrol(c);
    expect(await adminCheck(c)).toMatchObject({ allowed: true });
  });

  it('confirming a factor ends every other session of the account (issue 25), and keeps the one that confirmed it', async () => {
    await createStaffAccount(backend.database.db, accounts.auth, { email: 'twosessions@helixpoint.test', password: PASSWORD });
    const early = client();
    await early.post('sign-in/email', { email: 'twosessions@helixpoint.test', password: PASSWORD });
    const enrolling = client();
    await enrolling.post('sign-in/email', { email: 'twosessions@helixpoint.test', password: PASSWORD });
    const userId = (await viewerOf(enrolling)).id;
    await enrol(enrolling);

    // Signed in with the password alone, before the factor existed: that session is gone.
    expect(await getViewer({ auth: accounts.auth, db: backend.database.db }, early.headers)).toBeNull();
    expect(await viewerOf(enrolling)).toMatchObject({ aal: 'aal2', hasFactor: true });
    expect(await backend.database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
  });

  it('refuses an aal1 session of an admin with a factor, until that session confirms a code', async () => {
    await createStaffAccount(backend.database.db, accounts.auth, { email: 'skipped@helixpoint.test', password: PASSWORD });
    const enrolling = client();
    await enrolling.post('sign-in/email', { email: 'skipped@helixpoint.test', password: PASSWORD });
    const { key } = await enrol(enrolling);
    // A session of an account with a factor that never passed a code step, however it came to be
    // (sessions from before enrolment used to outlive it): everything refuses it but the code step.
    const early = client();
    await early.post('sign-in/email', { email: 'skipped@helixpoint.test', password: PASSWORD });
    await early.post('two-factor/verify-totp', { code: totpNow(key) });
    await backend.database.db
      .update(sessions)
      .set({ aal: 'aal1' })
      .where(eq(sessions.id, (await viewerOf(early)).sessionId));

    expect(await viewerOf(early)).toMatchObject({ aal: 'aal1', hasFactor: true });
    // Nothing of the account either: the account pages, actions and API routes ask checkAccount.
    expect(await checkAccount({ auth: accounts.auth, db: backend.database.db }, early.headers)).toMatchObject({
      allowed: false,
      reason: 'second-factor',
    });
    expect((await early.get('/api/auth/get-session')).body).toBeNull();
    expect(await adminCheck(early)).toMatchObject({ allowed: false, reason: 'second-factor' });
    expect(await adminCheck(early, false)).toMatchObject({ allowed: false, reason: 'second-factor' });

    expect((await early.post('two-factor/verify-totp', { code: wrongCode(key) })).status).toBe(401);
    expect(await adminCheck(early)).toMatchObject({ reason: 'second-factor' });
    expect((await early.post('two-factor/verify-totp', { code: totpNow(key) })).status).toBe(200);
    expect(await adminCheck(early)).toMatchObject({ allowed: true });
    expect(await checkAccount({ auth: accounts.auth, db: backend.database.db }, early.headers)).toMatchObject({ allowed: true });
    expect((await early.get('/api/auth/get-session')).body).toMatchObject({ user: { email: 'skipped@helixpoint.test' } });
  });

  it('keeps aal2 through a password change (the new session replaces an aal2 one)', async () => {
    const c = await signedInAdmin('changer');
    await enrol(c);
    const { changePassword } = await import('./account');
    const result = await changePassword(deps, await viewerOf(c), c.headers, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    if (!result.ok) throw new Error(result.message);
    c.keep(result.cookies);
    expect(await adminCheck(c)).toMatchObject({ allowed: true, viewer: { aal: 'aal2' } });
  });
});

describe('turning the factor off', () => {
  it('needs the password and a current code; the session returns to aal1', async () => {
    const c = await signedUp('disabling');
    const { key } = await enrol(c);
    expect(await disableTwoFactor(deps, await viewerOf(c), c.headers, { password: 'wrong password', code: totpNow(key) })).toMatchObject({
      ok: false,
      fieldErrors: { password: authMessages.wrongPassword },
    });
    expect(await disableTwoFactor(deps, await viewerOf(c), c.headers, { password: PASSWORD, code: wrongCode(key) })).toMatchObject({
      ok: false,
      fieldErrors: { code: authMessages.invalidCode },
    });
    expect((await disableTwoFactor(deps, await viewerOf(c), c.headers, { password: PASSWORD })).ok).toBe(false);
    expect((await viewerOf(c)).hasFactor).toBe(true);

    const done = await disableTwoFactor(deps, await viewerOf(c), c.headers, { password: PASSWORD, code: totpNow(key) });
    if (!done.ok) throw new Error(done.message);
    c.keep(done.cookies);
    expect(await viewerOf(c)).toMatchObject({ hasFactor: false, aal: 'aal1' });
    // And the password alone signs in again.
    const next = client();
    expect(
      (await next.post('sign-in/email', { email: 'disabling@mail.test', password: PASSWORD })).body['twoFactorRedirect'],
    ).toBeUndefined();
    expect(next.hasSession).toBe(true);
  });

  it("Better Auth's own endpoints for factors are closed: only our commands, with our rules, change them", async () => {
    const c = await signedUp('closedfactor');
    for (const path of ['two-factor/disable', 'two-factor/enable', 'two-factor/get-totp-uri', 'two-factor/generate-backup-codes']) {
      expect((await c.post(path, { password: PASSWORD })).status, path).toBe(404);
    }
  });
});

describe('resetting a lost factor', () => {
  it("an admin resets another user's factor (audited), never their own", async () => {
    const admin = await signedInAdmin('resetter');
    await enrol(admin);
    const user = await signedUp('lostphone');
    await enrol(user);
    const adminViewer = await viewerOf(admin);
    const actor = { id: adminViewer.id, email: adminViewer.email };
    const userId = (await viewerOf(user)).id;

    await expect(resetTwoFactor(backend.database.db, actor, actor.id)).rejects.toThrow(AdminRuleError);
    await resetTwoFactor(backend.database.db, actor, userId);
    const [row] = await backend.database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
    expect(row?.on).toBe(false);
    expect(await backend.database.db.select().from(twoFactors).where(eq(twoFactors.userId, userId))).toEqual([]);
    const [entry] = await backend.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.targetId, userId)));
    expect(entry?.actorEmail).toBe('resetter@helixpoint.test');
    await expect(resetTwoFactor(backend.database.db, actor, userId)).rejects.toThrow(AdminRuleError);
  });

  it('admin:create --reset-2fa recovers the last admin (audited), and only for staff', async () => {
    const admin = await signedInAdmin('lastone');
    await enrol(admin);
    expect(await resetAdminTwoFactor(backend.database.db, 'LastOne@helixpoint.test')).toBe('reset');
    expect(await resetAdminTwoFactor(backend.database.db, 'lastone@helixpoint.test')).toBe('none');
    const c = client();
    await c.post('sign-in/email', { email: 'lastone@helixpoint.test', password: PASSWORD });
    expect(c.hasSession).toBe(true);
    expect(await adminCheck(c)).toMatchObject({ allowed: false, reason: 'enrol' });
    await signedUp('notadmin');
    await expect(resetAdminTwoFactor(backend.database.db, 'notadmin@mail.test')).rejects.toThrow(/not a staff account/);
    const entries = await backend.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.two_factor_reset'));
    expect(entries.some((entry) => entry.actorEmail === 'admin:create')).toBe(true);
  });
});

describe('sessions are aal1 unless a code step made them', () => {
  it('a session cannot be written aal2 by a request', async () => {
    const c = await signedUp('sneaky');
    await c.request('POST', '/api/auth/update-session', { aal: 'aal2' });
    const [row] = await backend.database.db
      .select({ aal: sessions.aal })
      .from(sessions)
      .where(eq(sessions.userId, (await viewerOf(c)).id));
    expect(row?.aal).toBe('aal1');
  });
});
