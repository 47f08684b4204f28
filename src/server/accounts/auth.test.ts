import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from './admin-create';
import { createAuth, type Auth } from './auth';
import { authMessages } from '@/lib/accounts/texts';
import { handleAuthRequest } from './auth-handler';
import { sessions, users } from '../db/schema';
import { clientIp } from '../rate-limit';
import { checkStaff, getViewer } from './session';
import { startTestBackend, type TestBackend } from '../testing/backend';
import type { TestDatabase } from '../testing/database';
import { serveForTest, type TestServer } from '../testing/http';

/*
 * Accounts through a real HTTP server and a real embedded PostgreSQL: sign-up with e-mail
 * verification, sign-in errors that do not tell accounts apart, rate limits and honeypot in
 * front of Better Auth, ADMIN_EMAILS, the absolute session cap, and the admin check.
 */

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

async function verificationLink(email: string): Promise<string> {
  const result = await database.pool.query(
    `select data from pgboss.job where name = 'send-email' and data->>'to' = $1 order by created_on desc limit 1`,
    [email],
  );
  const text = (result.rows[0] as { data: { text: string } } | undefined)?.data.text ?? '';
  const link = /https:\/\/www\.helixpoint\.test\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No verification e-mail for ${email}`);
  return link.replace(SITE, server.url);
}

async function verify(email: string): Promise<string[]> {
  const response = await fetch(await verificationLink(email), { redirect: 'manual', headers: { 'X-Forwarded-For': nextIp() } });
  expect(response.status).toBe(302);
  return response.headers.getSetCookie();
}

const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(';')[0]).join('; ');

describe('sign-up and e-mail verification', () => {
  it('stores the profile, gives no session until the e-mailed link is followed, which signs in', async () => {
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
  it('answers the same whether or not the account exists', async () => {
    const known = await post('request-password-reset', { email: 'jane.doe@mail.test', redirectTo: '/auth/reset-password' });
    const unknown = await post('request-password-reset', { email: 'nobody@mail.test', redirectTo: '/auth/reset-password' });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
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
