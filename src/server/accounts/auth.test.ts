import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStaffAccount } from './admin-create';
import { createAuth, withdrawUnlistedAdmins, type Auth } from './auth';
import { authMessages, verifyEmailTexts } from '@/lib/accounts/texts';
import { handleAuthRequest } from './auth-handler';
import { hashSessionToken } from './session-tokens';
import { settled } from '../after-response';
import { auditLog, sessions, users, verifications } from '../db/schema';
import { clientIp } from '../rate-limit';
import { checkStaff, getViewer } from './session';
import { startTestBackend, type TestBackend } from '../testing/backend';
import type { TestDatabase } from '../testing/database';
import { serveForTest, type TestServer } from '../testing/http';

/*
 * Accounts through a real HTTP server and a real embedded PostgreSQL: sign-up with e-mail
 * verification (the verifier chooses the password: no account hijack by signing up first),
 * sign-in errors that do not tell accounts apart, rate limits and honeypot in front of Better
 * Auth, ADMIN_EMAILS (granted to proven passwords only, withdrawn when the address leaves the
 * list), secrets stored hashed, the absolute session cap, and the admin check.
 */

// Every password is hashed with scrypt, many times a test: on a busy two-core machine that takes seconds.
vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://www.helixpoint.test';
let backend: TestBackend;
let database: TestDatabase;
let auth: Auth;
let server: TestServer;
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE });
  database = backend.database;
  auth = createAuth({
    db: database.db,
    jobs: backend.jobs,
    rateLimits: backend.rateLimits,
    siteUrl: SITE,
    secret: 'test-secret-test-secret-test-secret-1234',
    secureCookies: false,
    requireEmailVerification: true,
    adminEmails: ['chief@helixpoint.test'],
    log: () => {},
  });
  const deps = {
    auth,
    db: database.db,
    jobs: backend.jobs,
    rateLimits: backend.rateLimits,
    siteUrl: SITE,
    secureCookies: false,
    log: () => {},
  };
  server = await serveForTest((request, socket) => handleAuthRequest(deps, request, clientIp(request.headers, socket, true)));
}, 120_000);

afterAll(async () => {
  await server?.close();
  await backend?.stop();
}, 60_000);

async function post(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/auth/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': headers['X-Forwarded-For'] ?? nextIp(),
      Origin: server.url,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
    cookies: response.headers.getSetCookie(),
  };
}

const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  post('sign-up/email', {
    email,
    password: 'correct horse battery',
    name: 'x',
    username: email.split('@')[0]!.replace(/[^a-z0-9]/gi, ''),
    firstName: 'Jane',
    lastName: 'Doe',
    callbackURL: '/auth/verified',
    ...extra,
  });

/** The e-mails queued to an address (subject and text), newest first. */
async function mailsTo(email: string): Promise<Array<{ subject: string; text: string }>> {
  const result = await database.pool.query(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on desc`,
    [email],
  );
  return result.rows.map((row: { data: { subject: string; text: string } }) => row.data);
}

/** The token of the newest "Confirm your e-mail address" link sent to an address: a link to our page. */
async function verificationToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).find((candidate) => /^Confirm your e-mail address/.test(candidate.subject));
  const token = /https:\/\/www\.helixpoint\.test\/auth\/verify-email\?token=(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`No verification e-mail for ${email}`);
  return token;
}

/** Follows the e-mailed link: the verifier chooses the password, and is signed in (its cookies). */
async function verify(email: string, password = 'correct horse battery'): Promise<string[]> {
  const result = await post('verify-email', { token: await verificationToken(email), password, confirmPassword: password });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.cookies;
}

const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(';')[0]).join('; ');

describe('sign-up and e-mail verification', () => {
  it('stores the profile, gives no session until the e-mailed link is followed, where a password is chosen and signs in', async () => {
    const result = await signUp('Jane.Doe@Mail.test', { role: 'admin' });
    expect(result.status).toBe(200);
    expect(result.body['token']).toBeNull();
    const [user] = await database.db.select().from(users).where(eq(users.email, 'jane.doe@mail.test'));
    // The profile of the spec; the role is never taken from the request.
    expect(user).toMatchObject({
      name: 'Jane Doe',
      firstName: 'Jane',
      lastName: 'Doe',
      username: 'JaneDoe',
      role: 'user',
      emailVerified: false,
    });

    const beforeVerifying = await post('sign-in/email', { email: 'jane.doe@mail.test', password: 'correct horse battery' });
    expect(beforeVerifying.status).toBe(403);
    expect(beforeVerifying.body['code']).toBe('EMAIL_NOT_VERIFIED');

    const cookies = await verify('jane.doe@mail.test');
    const viewer = await getViewer({ auth, db: database.db }, new Headers({ cookie: cookieHeader(cookies) }));
    expect(viewer).toMatchObject({ email: 'jane.doe@mail.test', isStaff: false, name: 'Jane Doe' });
    expect(cookies.join('\n')).toMatch(/helixpoint\.session_token=[^;]+;.*HttpOnly/i);
    expect(cookies.join('\n')).toMatch(/SameSite=Lax/i);
  });

  it('refuses a taken username and an invalid profile, with a message', async () => {
    expect((await signUp('other@mail.test', { username: 'janedoe' })).body['message']).toBe('This username is already taken');
    expect((await signUp('third@mail.test', { firstName: 'J4ne' })).body['message']).toBe(
      'Can only contain letters, spaces, hyphens, and apostrophes',
    );
    expect((await signUp('fourth@mail.test', { password: 'short' })).status).toBe(400);
  });
});

describe('without e-mail verification (AUTH_REQUIRE_EMAIL_VERIFICATION=false)', () => {
  it('signs a new account in at once', async () => {
    const open = createAuth({
      db: database.db,
      jobs: backend.jobs,
      rateLimits: backend.rateLimits,
      siteUrl: SITE,
      secret: 'test-secret-test-secret-test-secret-1234',
      secureCookies: false,
      requireEmailVerification: false,
      adminEmails: [],
      log: () => {},
    });
    const result = await open.api.signUpEmail({
      body: {
        email: 'instant@mail.test',
        password: 'correct horse battery',
        name: 'x',
        username: 'instant',
        firstName: 'Ina',
        lastName: 'Stant',
      },
    });
    expect(result.token).toEqual(expect.any(String));
  });
});

describe('sign-in', () => {
  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await post('sign-in/email', { email: 'jane.doe@mail.test', password: 'not the password' });
    const unknown = await post('sign-in/email', { email: 'nobody@mail.test', password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknown.body);
    expect(wrongPassword.body['message']).toBe('Invalid email or password');
  });

  it('starts a new session on each sign-in', async () => {
    const first = await post('sign-in/email', { email: 'jane.doe@mail.test', password: 'correct horse battery' });
    const second = await post('sign-in/email', { email: 'jane.doe@mail.test', password: 'correct horse battery' });
    expect(first.status).toBe(200);
    expect(first.body['token']).not.toEqual(second.body['token']);
  });

  it('limits attempts to 10 per client per 15 minutes', async () => {
    const client = nextIp();
    // Ten different accounts: this is the per-client limit, not the per-account one.
    for (let i = 0; i < 10; i += 1)
      expect(
        (await post('sign-in/email', { email: `nobody${i}@mail.test`, password: 'guess' }, { 'X-Forwarded-For': client })).status,
      ).toBe(401);
    const limited = await post(
      'sign-in/email',
      { email: 'jane.doe@mail.test', password: 'correct horse battery' },
      { 'X-Forwarded-For': client },
    );
    expect(limited.status).toBe(429);
    expect(limited.body['message']).toBe(authMessages.tooManyAttempts);
  });

  it('answers a filled honeypot as if it worked, and creates nothing', async () => {
    const result = await signUp('bot@mail.test', { company_website: 'https://spam.test' });
    expect(result.status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.email, 'bot@mail.test'))).toEqual([]);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists, and e-mails the link after the answer', async () => {
    const before = (await mailsTo('jane.doe@mail.test')).length;
    const known = await post('request-password-reset', { email: 'jane.doe@mail.test', redirectTo: '/auth/reset-password' });
    const unknown = await post('request-password-reset', { email: 'nobody@mail.test', redirectTo: '/auth/reset-password' });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    await settled();
    const mails = await mailsTo('jane.doe@mail.test');
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toMatch(/^Reset your/);
    expect(await mailsTo('nobody@mail.test')).toEqual([]);
    // An address that is not one is still refused, before anything is done.
    expect((await post('request-password-reset', { email: 'not an address', redirectTo: '/auth/reset-password' })).status).toBe(400);
  });
});

describe('no account hijack by signing up first (decision 028)', () => {
  const cookieOf = (cookies: string[]) => new Headers({ cookie: cookieHeader(cookies) });

  it("a stranger's sign-up password stops working when the owner confirms the address, which asks the owner for theirs", async () => {
    const stranger = await signUp('victim@mail.test', { username: 'strangerone', password: 'stranger password 1' });
    expect(stranger.status).toBe(200);
    // The owner follows the link in their mailbox: the page asks them to choose the password.
    const token = await verificationToken('victim@mail.test');
    const refused = await post('verify-email', { token, password: 'owner password 22', confirmPassword: 'owner password 2x' });
    expect(refused).toMatchObject({ status: 400, body: { message: authMessages.passwordsDiffer } });
    const owner = await post('verify-email', { token, password: 'owner password 22', confirmPassword: 'owner password 22' });
    expect(owner.status).toBe(200);
    expect(await getViewer({ auth, db: database.db }, cookieOf(owner.cookies))).toMatchObject({ email: 'victim@mail.test' });

    expect((await post('sign-in/email', { email: 'victim@mail.test', password: 'stranger password 1' })).status).toBe(401);
    expect((await post('sign-in/email', { email: 'victim@mail.test', password: 'owner password 22' })).status).toBe(200);
    // The link is spent: nobody can use it again to set another password.
    const again = await post('verify-email', { token, password: 'stranger password 2', confirmPassword: 'stranger password 2' });
    expect(again).toMatchObject({ status: 400, body: { code: 'INVALID_TOKEN', message: verifyEmailTexts.invalid } });
    expect((await post('sign-in/email', { email: 'victim@mail.test', password: 'stranger password 2' })).status).toBe(401);
  });

  it('an ADMIN_EMAILS address: the stranger gets no admin role, the owner who confirmed does', async () => {
    await signUp('boss@helixpoint.test', { username: 'fakeboss', password: 'stranger password 1' });
    const listed = createAuth({
      db: database.db,
      jobs: backend.jobs,
      siteUrl: SITE,
      secret: 'test-secret-test-secret-test-secret-1234',
      secureCookies: false,
      requireEmailVerification: true,
      adminEmails: ['boss@helixpoint.test'],
      rateLimits: backend.rateLimits,
      log: () => {},
    });
    // Before the owner confirms, the stranger cannot sign in at all (the address is unproven).
    await expect(listed.api.signInEmail({ body: { email: 'boss@helixpoint.test', password: 'stranger password 1' } })).rejects.toThrow();
    await verify('boss@helixpoint.test', 'the real boss password');
    await expect(listed.api.signInEmail({ body: { email: 'boss@helixpoint.test', password: 'stranger password 1' } })).rejects.toThrow();
    const [boss] = await database.db.select().from(users).where(eq(users.email, 'boss@helixpoint.test'));
    expect(boss).toMatchObject({ emailVerified: true, passwordProvenAt: expect.any(Date), role: 'user' });
    const signedIn = await listed.api.signInEmail({ body: { email: 'boss@helixpoint.test', password: 'the real boss password' } });
    expect(signedIn.token).toEqual(expect.any(String));
    const [promoted] = await database.db.select().from(users).where(eq(users.email, 'boss@helixpoint.test'));
    expect(promoted).toMatchObject({ role: 'admin', roleFromAdminEmails: true });
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.promoted'), eq(auditLog.targetId, promoted!.id)));
    expect(entry).toMatchObject({ actorEmail: 'ADMIN_EMAILS', details: { role: 'admin', source: 'ADMIN_EMAILS' } });
  });

  it('ADMIN_EMAILS never promotes a verified account whose password was not set after the address was proven', async () => {
    const listed = createAuth({
      db: database.db,
      jobs: backend.jobs,
      siteUrl: SITE,
      secret: 'test-secret-test-secret-test-secret-1234',
      secureCookies: false,
      requireEmailVerification: false,
      adminEmails: ['unproven@helixpoint.test'],
      rateLimits: backend.rateLimits,
      log: () => {},
    });
    // Verified by some other way (an older version of the site did it by the link alone).
    await listed.api.signUpEmail({
      body: {
        email: 'unproven@helixpoint.test',
        password: 'stranger password 1',
        name: 'x',
        username: 'unproven',
        firstName: 'Un',
        lastName: 'Proven',
      },
    });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'unproven@helixpoint.test'));
    await listed.api.signInEmail({ body: { email: 'unproven@helixpoint.test', password: 'stranger password 1' } });
    const [user] = await database.db.select().from(users).where(eq(users.email, 'unproven@helixpoint.test'));
    expect(user).toMatchObject({ role: 'user', passwordProvenAt: null });
  });

  it('a second sign-up with an unconfirmed address replaces the first, answers as a new sign-up, and e-mails a new link', async () => {
    const fresh = await signUp('fresh.address@mail.test', { username: 'freshone' });
    const first = await signUp('contested@mail.test', {
      username: 'squatter',
      firstName: 'Sam',
      lastName: 'Squatter',
      password: 'squatter pass 1',
    });
    const second = await signUp('Contested@mail.test', {
      username: 'rightful',
      firstName: 'Rita',
      lastName: 'Rightful',
      password: 'rightful pass 1',
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    // The same answer as a sign-up with a new address: nothing tells the two apart.
    expect(second.body['token']).toBeNull();
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(second.body['user'] as object).sort()).toEqual(Object.keys(fresh.body['user'] as object).sort());
    const rows = await database.db.select().from(users).where(eq(users.email, 'contested@mail.test'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'rightful', name: 'Rita Rightful', emailVerified: false });
    // The address got a link for each sign-up; either one confirms the same account.
    expect((await mailsTo('contested@mail.test')).filter((mail) => /^Confirm your e-mail address/.test(mail.subject))).toHaveLength(2);
    // The squatter's username is free again.
    expect((await signUp('other.squatter@mail.test', { username: 'squatter' })).status).toBe(200);
    // A confirmed address is not replaced: the same answer, and nothing changes.
    const [before] = await database.db.select().from(users).where(eq(users.email, 'jane.doe@mail.test'));
    const taken = await signUp('jane.doe@mail.test', { username: 'janetwo', firstName: 'Imposter' });
    expect(taken.status).toBe(200);
    expect(taken.body['token']).toBeNull();
    expect((await database.db.select().from(users).where(eq(users.email, 'jane.doe@mail.test')))[0]).toEqual(before);
  });

  it("admin:create does not make a stranger's unconfirmed sign-up an admin: it sets the operator's password first", async () => {
    await signUp('ceo@helixpoint.test', { username: 'fakeceo', password: 'stranger password 1' });
    await expect(createStaffAccount(database.db, auth, { email: 'ceo@helixpoint.test' })).rejects.toThrow(/never confirmed/);
    expect((await database.db.select().from(users).where(eq(users.email, 'ceo@helixpoint.test')))[0]!.role).toBe('user');
    const result = await createStaffAccount(database.db, auth, { email: 'ceo@helixpoint.test', password: 'the ceo password 1' });
    expect(result.outcome).toBe('updated');
    expect((await post('sign-in/email', { email: 'ceo@helixpoint.test', password: 'stranger password 1' })).status).toBe(401);
    expect((await post('sign-in/email', { email: 'ceo@helixpoint.test', password: 'the ceo password 1' })).status).toBe(200);
    const [ceo] = await database.db.select().from(users).where(eq(users.email, 'ceo@helixpoint.test'));
    expect(ceo).toMatchObject({ role: 'admin', emailVerified: true, passwordProvenAt: expect.any(Date), roleFromAdminEmails: false });
  });

  it('an address taken off ADMIN_EMAILS loses the role the list gave at the next start (audited); other admins stay, and the last admin', async () => {
    // boss@ got admin from the list (above); ops@ from admin:create.
    await createStaffAccount(database.db, auth, { email: 'keeper@helixpoint.test', password: 'keeper password 1', name: 'Kee Per' });
    const logged: string[] = [];
    const result = await withdrawUnlistedAdmins(database.db, ['chief@helixpoint.test'], (_data, message) => logged.push(message));
    const [boss] = await database.db.select().from(users).where(eq(users.email, 'boss@helixpoint.test'));
    expect(boss).toMatchObject({ role: 'user', roleFromAdminEmails: false });
    expect(result.demoted).toContain(boss!.id);
    const [keeper] = await database.db.select().from(users).where(eq(users.email, 'keeper@helixpoint.test'));
    expect(keeper!.role).toBe('admin');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role_changed'), eq(auditLog.targetId, boss!.id)));
    expect(entry).toMatchObject({ actorEmail: 'ADMIN_EMAILS', details: { from: 'admin', to: 'user', source: 'ADMIN_EMAILS' } });
    expect(logged).toContain('admin role withdrawn: address no longer in ADMIN_EMAILS');

    // A role an admin set by hand is no longer the list's: it stays when the address leaves the list.
    await database.db.update(users).set({ role: 'admin', roleFromAdminEmails: true }).where(eq(users.id, boss!.id));
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, boss!.id));
    expect((await withdrawUnlistedAdmins(database.db, [], () => {})).demoted).not.toContain(boss!.id);

    // The last admin is never demoted, even one the list gave.
    await database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    await database.db.update(users).set({ role: 'admin', roleFromAdminEmails: true }).where(eq(users.id, boss!.id));
    const last = await withdrawUnlistedAdmins(database.db, [], () => {});
    expect(last).toEqual({ demoted: [], kept: [boss!.id] });
    expect((await database.db.select().from(users).where(eq(users.id, boss!.id)))[0]!.role).toBe('admin');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'ops@helixpoint.test'));
  });
});

describe('no secret in clear (decision 029)', () => {
  it('keeps reset links and session tokens as digests only', async () => {
    await post('request-password-reset', { email: 'jane.doe@mail.test', redirectTo: '/auth/reset-password' });
    await settled();
    const signIn = await post('sign-in/email', { email: 'jane.doe@mail.test', password: 'correct horse battery' });
    const token = String(signIn.body['token']);
    expect(token.length).toBeGreaterThan(20);
    expect(await database.db.select().from(verifications).where(like(verifications.identifier, 'reset-password:%'))).toEqual([]);
    const resetMail = (await mailsTo('jane.doe@mail.test')).find((mail) => /^Reset your/.test(mail.subject));
    const resetToken = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(resetMail!.text)![1]!;
    expect(JSON.stringify(await database.db.select().from(verifications))).not.toContain(resetToken);
    // The session's row holds the digest of its token, never the token itself.
    expect(await database.db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, hashSessionToken(token))),
    ).toHaveLength(1);
    const everyToken = (await database.db.select({ token: sessions.token }).from(sessions)).map((row) => row.token);
    expect(everyToken.every((stored) => /^[A-Za-z0-9_-]{43}$/.test(stored))).toBe(true);
    // And the session works: looked up, refreshed, signed out.
    const headers = new Headers({ cookie: cookieHeader(signIn.cookies) });
    expect(await getViewer({ auth, db: database.db }, headers)).toMatchObject({ email: 'jane.doe@mail.test' });
    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        cookie: cookieHeader(signIn.cookies),
        Origin: server.url,
        'Content-Type': 'application/json',
        'X-Forwarded-For': nextIp(),
      },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, hashSessionToken(token))),
    ).toEqual([]);
  });
});

describe('admins', () => {
  it('makes a verified ADMIN_EMAILS address admin when it signs in', async () => {
    await signUp('chief@helixpoint.test', { username: 'chief' });
    const cookies = await verify('chief@helixpoint.test');
    const check = await checkStaff({ auth, db: database.db, requireTwoFactor: false }, new Headers({ cookie: cookieHeader(cookies) }));
    expect(check).toMatchObject({ allowed: true, viewer: { email: 'chief@helixpoint.test', isStaff: true, role: 'admin' } });
  });

  it('tells anonymous and non-admin requests apart, from the database role', async () => {
    expect(await checkStaff({ auth, db: database.db, requireTwoFactor: false }, new Headers())).toMatchObject({
      allowed: false,
      reason: 'anonymous',
    });
    const signIn = await post('sign-in/email', { email: 'jane.doe@mail.test', password: 'correct horse battery' });
    const headers = new Headers({ cookie: cookieHeader(signIn.cookies) });
    expect(await checkStaff({ auth, db: database.db, requireTwoFactor: false }, headers)).toMatchObject({
      allowed: false,
      reason: 'forbidden',
    });
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'jane.doe@mail.test'));
    expect(await checkStaff({ auth, db: database.db, requireTwoFactor: false }, headers)).toMatchObject({ allowed: true });
    await database.db.update(users).set({ role: 'user' }).where(eq(users.email, 'jane.doe@mail.test'));
  });

  it('admin:create creates a verified admin that can sign in, promotes, and is idempotent', async () => {
    expect(
      (await createStaffAccount(database.db, auth, { email: 'Ops@Helixpoint.test', password: 'ops password 123', name: 'Olga Ops' }))
        .outcome,
    ).toBe('created');
    expect((await createStaffAccount(database.db, auth, { email: 'ops@helixpoint.test', password: 'ops password 123' })).outcome).toBe(
      'unchanged',
    );
    const signIn = await post('sign-in/email', { email: 'ops@helixpoint.test', password: 'ops password 123' });
    expect(signIn.status).toBe(200);
    expect((await createStaffAccount(database.db, auth, { email: 'jane.doe@mail.test' })).outcome).toBe('updated');
    const [jane] = await database.db.select().from(users).where(eq(users.email, 'jane.doe@mail.test'));
    expect(jane?.role).toBe('admin');
  });

  it('admin:create --role makes an account of any staff role, refuses an unknown one, and never demotes the last admin', async () => {
    const created = await createStaffAccount(database.db, auth, {
      email: 'rita.recruiter@helixpoint.test',
      password: 'recruiter password 1',
      role: 'recruiter',
    });
    expect(created).toMatchObject({ outcome: 'created', role: 'recruiter' });
    const [rita] = await database.db.select().from(users).where(eq(users.email, 'rita.recruiter@helixpoint.test'));
    expect(rita).toMatchObject({ role: 'recruiter', emailVerified: true });
    expect((await createStaffAccount(database.db, auth, { email: 'rita.recruiter@helixpoint.test', role: 'recruiter' })).outcome).toBe(
      'unchanged',
    );
    expect((await createStaffAccount(database.db, auth, { email: 'rita.recruiter@helixpoint.test', role: 'hiring_manager' })).outcome).toBe(
      'updated',
    );
    await expect(
      createStaffAccount(database.db, auth, { email: 'x@helixpoint.test', password: 'some password 12', role: 'superuser' }),
    ).rejects.toThrow('Unknown role "superuser". --role is one of: admin, recruiter, hiring_manager, interviewer, editor, sales.');
    await expect(
      createStaffAccount(database.db, auth, { email: 'x@helixpoint.test', password: 'some password 12', role: 'user' }),
    ).rejects.toThrow(/Unknown role "user"/);
    // Every admin but one demoted: the last one stays.
    const admins = await database.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    for (const { email } of admins.slice(1)) await createStaffAccount(database.db, auth, { email, role: 'recruiter' });
    await expect(createStaffAccount(database.db, auth, { email: admins[0]!.email, role: 'editor' })).rejects.toThrow(/is the last admin/);
  });
});

describe('sessions', () => {
  it('end 30 days after sign-in however active they are', async () => {
    const signIn = await post('sign-in/email', { email: 'ops@helixpoint.test', password: 'ops password 123' });
    const headers = new Headers({ cookie: cookieHeader(signIn.cookies) });
    const viewer = await getViewer({ auth, db: database.db }, headers);
    expect(viewer).not.toBeNull();
    const in31Days = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect(await getViewer({ auth, db: database.db }, headers, in31Days)).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.id, viewer!.sessionId))).toEqual([]);
  });
});
