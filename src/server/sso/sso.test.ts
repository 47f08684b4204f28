import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuth } from '../accounts/auth';
import { handleAuthRequest, type AuthHandlerDeps } from '../accounts/auth-handler';
import { createStaffAccount } from '../accounts/admin-create';
import { checkStaff, getViewer } from '../accounts/session';
import { hashSessionToken } from '../accounts/session-tokens';
import { can } from '../access/permissions';
import { permissions } from '../access/rules';
import { accounts, apiTokens, auditLog, domainEvents, sessions, ssoSettings, users } from '../db/schema';
import { createApiToken } from '../api/tokens';
import { parseAllowList } from '../outbound/guarded-fetch';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { startTestProvider, type TestProvider } from '../testing/oidc-test-provider';
import { createAuthHolder, type SiteAuth } from './holder';
import type { SsoEnvironment } from './provider';
import { backchannelLogout, recheckSsoSessions } from './sessions';
import { removeSsoSettings, saveSsoSettings } from './settings';
import { startSsoSignIn } from './sign-in';
import { staffRoles } from '../../lib/accounts/roles';

/*
 * Staff single sign-on (issue 56) against a real OpenID provider (oidc-provider, in this process,
 * over HTTP): the code flow with PKCE, state and nonce through Better Auth, the ID token checked,
 * roles from a groups claim, the approval of newcomers, the "only through SSO" policy with its
 * break-glass admin, sessions ended by the provider (back-channel logout, refused refresh) and by
 * their length, and the settings an admin keeps.
 */

vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://www.helixpoint.test';
const SECRET = 'test-secret-test-secret-test-secret-1234';
let backend: TestBackend;
let provider: TestProvider;
let auth: SiteAuth;
let handlerDeps: AuthHandlerDeps;
let environment: NonNullable<SsoEnvironment>;
let ip = 0;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE });
  provider = await startTestProvider({
    clientId: 'helixpoint',
    clientSecret: 'client-secret-of-the-test',
    redirectUris: [`${SITE}/api/auth/callback/sso`],
  });
  environment = {
    name: 'Acme Login',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    domains: ['acme.test'],
    roleClaim: 'groups',
    roleMap: [
      { value: 'hr', role: 'recruiter' },
      { value: 'it-admins', role: 'admin' },
      { value: 'engineers', role: 'interviewer' },
    ],
    ssoOnly: false,
    sessionHours: 12,
  };
  auth = await holderWith(environment);
  handlerDeps = {
    auth,
    db: backend.database.db,
    jobs: backend.jobs,
    rateLimits: backend.rateLimits,
    siteUrl: SITE,
    secureCookies: false,
    log: () => {},
  };
}, 120_000);

afterAll(async () => {
  await provider?.close();
  await backend?.stop();
}, 60_000);

function holderWith(env: SsoEnvironment) {
  return createAuthHolder({
    db: backend.database.db,
    secret: SECRET,
    environment: env,
    allow: parseAllowList('127.0.0.1'),
    log: () => {},
    build: (sso) =>
      createAuth({
        db: backend.database.db,
        jobs: backend.jobs,
        rateLimits: backend.rateLimits,
        siteUrl: SITE,
        secret: SECRET,
        secureCookies: false,
        requireEmailVerification: true,
        adminEmails: [],
        log: () => {},
        sso,
      }),
  });
}

const cookiePairs = (setCookies: readonly string[]) => setCookies.map((cookie) => cookie.split(';')[0]!).join('; ');

/** Follows the provider's redirects (its own cookies carried) until it sends the browser back to us. */
async function throughProvider(start: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hops = 0; hops < 10; hops += 1) {
    if (url.startsWith(SITE)) return url;
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects');
}

interface SignedIn {
  location: string;
  cookie: string;
  token: string | null;
}

/** A whole sign-in through the provider: /auth/sso, the provider (login_hint), our callback. */
async function signInThrough(email: string, siteAuth: SiteAuth = auth): Promise<SignedIn> {
  const start = await startSsoSignIn({ auth: siteAuth }, new Request(`${SITE}/auth/sso`), { email, next: '/admin' });
  expect(start.status).toBe(303);
  const state = cookiePairs(start.headers.getSetCookie());
  const back = await throughProvider(start.headers.get('location')!);
  const response = await handleAuthRequest(
    { ...handlerDeps, auth: siteAuth },
    new Request(back, { headers: { cookie: state, 'user-agent': 'vitest' } }),
    `198.51.100.${++ip}`,
  );
  expect(response.status).toBe(303);
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((cookie) => cookie.startsWith('helixpoint.session_token='));
  const token = session ? decodeURIComponent(session.split(';')[0]!.split('=')[1]!).split('.')[0]! : null;
  return { location: response.headers.get('location')!, cookie: cookiePairs(cookies), token };
}

const viewerOf = (cookie: string, siteAuth: SiteAuth = auth) =>
  getViewer({ auth: siteAuth, db: backend.database.db }, new Headers({ cookie }));

const userByEmail = async (email: string) => (await backend.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('signing in through the company’s provider', () => {
  it('signs a staff member in with the role their group gives, landing on their start page, as a session of the provider', async () => {
    provider.addPerson({ email: 'rita@acme.test', givenName: 'Rita', familyName: 'Ramos', groups: ['hr'] });
    const signedIn = await signInThrough('rita@acme.test');
    expect(signedIn.location).toBe('/admin');
    const viewer = await viewerOf(signedIn.cookie);
    expect(viewer).toMatchObject({ email: 'rita@acme.test', name: 'Rita Ramos', role: 'recruiter', method: 'sso', aal: 'aal2' });
    const user = await userByEmail('rita@acme.test');
    expect(user).toMatchObject({ firstName: 'Rita', lastName: 'Ramos', emailVerified: true, roleFromSso: true });
    // The refresh token is kept sealed, never as the provider issued it.
    const [account] = await backend.database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, user!.id), eq(accounts.providerId, 'sso')));
    expect(account?.refreshToken).toBeTruthy();
    // Sealed by Better Auth with the secret (hex), never as the provider issued it.
    expect(account?.refreshToken).toMatch(/^[0-9a-f]{80,}$/);
    const actions = await backend.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, user!.id));
    expect(actions.map((row) => row.action)).toEqual(expect.arrayContaining(['user.sso_account_created', 'user.sso_role_changed']));
  });

  it('lets a newcomer whose groups give no role wait for an admin, who is told', async () => {
    provider.addPerson({ email: 'nina@acme.test', givenName: 'Nina', familyName: 'Novak', groups: ['marketing'] });
    const signedIn = await signInThrough('nina@acme.test');
    expect(signedIn.location).toBe('/auth/pending');
    const viewer = await viewerOf(signedIn.cookie);
    expect(viewer).toMatchObject({ role: 'user', isStaff: false });
    const user = await userByEmail('nina@acme.test');
    const events = await backend.database.db.select().from(domainEvents).where(eq(domainEvents.kind, 'account.awaiting_approval'));
    expect(events.map((event) => event.data)).toContainEqual({ userId: user!.id, name: 'Nina Novak', email: 'nina@acme.test' });
    // A second sign-in while waiting tells nobody again.
    await signInThrough('nina@acme.test');
    const again = await backend.database.db.select().from(domainEvents).where(eq(domainEvents.kind, 'account.awaiting_approval'));
    expect(again.filter((event) => (event.data as { userId: string }).userId === user!.id)).toHaveLength(1);
  });

  it('follows the claim at each sign-in: a changed group changes the role; no group takes back what a group gave', async () => {
    provider.addPerson({ email: 'ed@acme.test', givenName: 'Ed', familyName: 'Evans', groups: ['engineers'] });
    expect((await viewerOf((await signInThrough('ed@acme.test')).cookie))?.role).toBe('interviewer');
    provider.setGroups('ed@acme.test', ['hr']);
    expect((await viewerOf((await signInThrough('ed@acme.test')).cookie))?.role).toBe('recruiter');
    provider.setGroups('ed@acme.test', []);
    const after = await signInThrough('ed@acme.test');
    expect(after.location).toBe('/auth/pending');
    expect((await userByEmail('ed@acme.test'))?.role).toBe('user');
  });

  it('keeps a role an admin gave when the claim gives none, and never demotes the last admin', async () => {
    // The only admin is one the claim made; their group goes: they stay admin (someone must keep users).
    const admins = await backend.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(0);
    provider.addPerson({ email: 'ada@acme.test', givenName: 'Ada', familyName: 'Adams', groups: ['it-admins'] });
    expect((await viewerOf((await signInThrough('ada@acme.test')).cookie))?.role).toBe('admin');
    provider.setGroups('ada@acme.test', []);
    await signInThrough('ada@acme.test');
    expect((await userByEmail('ada@acme.test'))?.role).toBe('admin');
  });

  it('refuses an address outside the provider’s domains: no account, no session, and the reason on the sign-in page', async () => {
    provider.addPerson({ email: 'mallory@elsewhere.test', givenName: 'Mallory', familyName: 'Moss', groups: ['it-admins'] });
    const signedIn = await signInThrough('mallory@elsewhere.test');
    expect(signedIn.location).toBe('/auth?sso=failed&error=domain');
    expect(signedIn.token).toBeNull();
    expect(await userByEmail('mallory@elsewhere.test')).toBeUndefined();
  });

  it('links an account someone already has only when the provider checked the address, and never a break-glass admin’s', async () => {
    // A recruiter with a password account: the provider's unchecked claim to the address links nothing.
    await createStaffAccount(backend.database.db, auth, { email: 'linda@acme.test', password: 'linda has a password', role: 'recruiter' });
    provider.addPerson({ email: 'linda@acme.test', givenName: 'Linda', familyName: 'Link', groups: ['hr'], emailVerified: false });
    const unchecked = await signInThrough('linda@acme.test');
    expect(unchecked.location).toBe('/auth?sso=failed&error=linked');
    expect(unchecked.token).toBeNull();
    // A break-glass admin of the domain, whom a provider's user claims with a checked address: refused, not linked.
    await createStaffAccount(backend.database.db, auth, { email: 'root@acme.test', password: 'the glass of the root', role: 'admin' });
    provider.addPerson({ email: 'root@acme.test', givenName: 'Root', familyName: 'Claimer', groups: ['it-admins'] });
    const claimed = await signInThrough('root@acme.test');
    expect(claimed.location).toMatch(/^\/auth\?sso=failed&error=/);
    expect(claimed.token).toBeNull();
    const root = await userByEmail('root@acme.test');
    expect(
      await backend.database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, root!.id), eq(accounts.providerId, 'sso'))),
    ).toHaveLength(0);
    // A stranger's sign-up never confirmed gives way to the person the directory vouches for.
    await backend.database.db.insert(users).values({
      id: 'pending-squatter',
      name: 'Squat Ter',
      email: 'sven@acme.test',
      emailVerified: false,
      username: 'squatter',
      firstName: 'Squat',
      lastName: 'Ter',
    });
    provider.addPerson({ email: 'sven@acme.test', givenName: 'Sven', familyName: 'Sand', groups: ['hr'] });
    const sven = await signInThrough('sven@acme.test');
    expect(sven.location).toBe('/admin');
    expect(await userByEmail('sven@acme.test')).toMatchObject({ name: 'Sven Sand', role: 'recruiter' });
  });

  it.each(['forged', 'wrong-audience', 'wrong-issuer', 'replay'] as const)('refuses an ID token that is %s', async (kind) => {
    provider.addPerson({ email: `t-${kind}@acme.test`, givenName: 'Tess', familyName: 'Tamper', groups: ['hr'] });
    // A first sign-in, so that a replay has a real earlier token to send.
    await signInThrough(`t-${kind}@acme.test`);
    const before = await backend.database.db.select({ id: sessions.id }).from(sessions);
    provider.tamperNext(kind);
    const signedIn = await signInThrough(`t-${kind}@acme.test`);
    expect(signedIn.location).toBe('/auth?sso=failed&error=verify');
    expect(signedIn.token).toBeNull();
    expect(await backend.database.db.select({ id: sessions.id }).from(sessions)).toHaveLength(before.length);
  });

  it('gives an SSO session exactly the permissions of its role, as a password session of that role', async () => {
    for (const role of staffRoles) {
      const email = `perm-${role}@acme.test`;
      provider.addPerson({ email, givenName: 'Pat', familyName: 'Perm', groups: [] });
      const { cookie } = await signInThrough(email);
      const user = await userByEmail(email);
      await backend.database.db.update(users).set({ role }).where(eq(users.id, user!.id));
      for (const permission of permissions) {
        const check = await checkStaff({ auth, db: backend.database.db, requireTwoFactor: true }, new Headers({ cookie }), permission);
        expect({ role, permission, allowed: check.allowed }).toEqual({ role, permission, allowed: can({ role }, permission) });
      }
    }
  });
});

describe('staff of the domains sign in only through the provider', () => {
  it('refuses their passwords, ends the sessions passwords began, and lets the break-glass admin in, loudly', async () => {
    // A staff member with a password, and a break-glass admin made by admin:create, both of acme.test.
    await createStaffAccount(backend.database.db, auth, { email: 'pia@acme.test', password: 'correct horse battery', role: 'recruiter' });
    await createStaffAccount(backend.database.db, auth, { email: 'glass@acme.test', password: 'break the glass now', role: 'admin' });
    const strict = await holderWith({ ...environment, ssoOnly: true });
    let deps = handlerDeps;
    const password = (email: string, secret: string) =>
      handleAuthRequest(
        deps,
        new Request(`${SITE}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE },
          body: JSON.stringify({ email, password: secret }),
        }),
        `198.51.100.${++ip}`,
      );
    const before = await password('pia@acme.test', 'correct horse battery');
    expect(before.status).toBe(200);
    const pia = cookiePairs(before.headers.getSetCookie());
    expect(await viewerOf(pia)).toMatchObject({ email: 'pia@acme.test', method: 'password' });

    deps = { ...handlerDeps, auth: strict };
    const refused = await password('pia@acme.test', 'correct horse battery');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'SSO_REQUIRED',
      message: 'Staff of acme.test sign in with Acme Login, not with a password.',
    });
    // The same answer for an address without an account: nobody learns who has one.
    expect((await password('nobody@acme.test', 'whatever it is')).status).toBe(403);
    // The session the password began before ends at its next request.
    expect(await viewerOf(pia, strict)).toBeNull();

    const glass = await password('glass@acme.test', 'break the glass now');
    expect(glass.status).toBe(200);
    expect(await viewerOf(cookiePairs(glass.headers.getSetCookie()), strict)).toMatchObject({ email: 'glass@acme.test', role: 'admin' });
    const user = await userByEmail('glass@acme.test');
    const logged = await backend.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user!.id), eq(auditLog.action, 'user.break_glass_sign_in')));
    expect(logged).toHaveLength(1);
    const told = await backend.database.db.select().from(domainEvents).where(eq(domainEvents.kind, 'account.break_glass_used'));
    expect(told.map((event) => (event.data as { email: string }).email)).toContain('glass@acme.test');
    // Made a recruiter since: the mark alone opens nothing.
    await backend.database.db.update(users).set({ role: 'recruiter' }).where(eq(users.id, user!.id));
    expect((await password('glass@acme.test', 'break the glass now')).status).toBe(403);
    await backend.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user!.id));
    // Nor does a password sign-up of the domain's addresses make an account.
    const signUp = await handleAuthRequest(
      deps,
      new Request(`${SITE}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({
          email: 'newbie@acme.test',
          password: 'a good long password',
          username: 'newbie',
          firstName: 'New',
          lastName: 'Bie',
          name: 'New Bie',
        }),
      }),
      `198.51.100.${++ip}`,
    );
    expect(signUp.status).toBe(403);
    expect(await userByEmail('newbie@acme.test')).toBeUndefined();
  });
});

describe('sessions the provider ends', () => {
  async function sessionOf(email: string) {
    provider.addPerson({ email, givenName: 'Sam', familyName: 'Session', groups: ['hr'] });
    const signedIn = await signInThrough(email);
    expect(await viewerOf(signedIn.cookie)).not.toBeNull();
    const user = await userByEmail(email);
    const [account] = await backend.database.db.select({ sub: accounts.accountId }).from(accounts).where(eq(accounts.userId, user!.id));
    return { ...signedIn, sub: account!.sub, userId: user!.id };
  }

  it('ends them on a back-channel logout, once: a replayed, forged, foreign or unsigned token ends nothing', async () => {
    const one = await sessionOf('bea@acme.test');
    const refusedTokens = [
      await provider.logoutToken({ sub: one.sub }, { foreignKey: true }),
      await provider.logoutToken({ sub: one.sub, aud: 'someone-else' }),
      await provider.logoutToken({ sub: one.sub, iss: 'http://evil.example' }),
      await provider.logoutToken({ sub: one.sub, events: undefined }),
      await provider.logoutToken({ sub: one.sub, nonce: 'abc' }),
      await provider.logoutToken({ sub: one.sub, iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) + 60 }),
      'not.a.token',
    ];
    for (const token of refusedTokens)
      expect(await backchannelLogout({ db: backend.database.db, auth, log: () => {} }, token)).toMatchObject({ ok: false });
    expect(await viewerOf(one.cookie)).not.toBeNull();
    const token = await provider.logoutToken({ sub: one.sub });
    expect(await backchannelLogout({ db: backend.database.db, auth, log: () => {} }, token)).toEqual({ ok: true, ended: 1 });
    expect(await viewerOf(one.cookie)).toBeNull();
    // The same token again: refused (each acts once).
    const two = await signInThrough('bea@acme.test');
    expect(await backchannelLogout({ db: backend.database.db, auth, log: () => {} }, token)).toMatchObject({ ok: false });
    expect(await viewerOf(two.cookie)).not.toBeNull();
  });

  it('ends them when the provider no longer refreshes the person’s tokens, and keeps the others', async () => {
    const leaving = await sessionOf('leo@acme.test');
    const staying = await sessionOf('stay@acme.test');
    await createApiToken(
      backend.database.db,
      { id: leaving.userId, email: 'leo@acme.test' },
      { name: 'Leo’s script', scope: 'write', days: 30 },
    );
    await provider.disable('leo@acme.test');
    const outcome = await recheckSsoSessions({ db: backend.database.db, auth, log: () => {} }, new Date(Date.now() + 60_000), 0);
    expect(outcome.ended).toBe(1);
    expect(await viewerOf(leaving.cookie)).toBeNull();
    expect(await viewerOf(staying.cookie)).not.toBeNull();
    const logged = await backend.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, leaving.userId), eq(auditLog.action, 'user.sso_sessions_ended')));
    expect(logged[0]?.details).toMatchObject({ reason: 'refresh refused', apiTokensRevoked: 1 });
    const [token] = await backend.database.db.select().from(apiTokens).where(eq(apiTokens.userId, leaving.userId));
    expect(token?.revokedAt).toBeInstanceOf(Date);
    // The one who stays had their tokens refreshed: not asked again within the period.
    expect((await recheckSsoSessions({ db: backend.database.db, auth, log: () => {} }, new Date(Date.now() + 61_000), 1)).checked).toBe(0);
  });

  it('ends them after the provider’s session length', async () => {
    const one = await sessionOf('len@acme.test');
    await backend.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
      .where(eq(sessions.token, hashSessionToken(one.token!)));
    expect(await viewerOf(one.cookie)).toBeNull();
  });
});

describe('the settings an admin keeps', () => {
  it('reads the issuer through the guard before keeping it, and the sign-in follows the new settings', async () => {
    const holder = await holderWith(null);
    const deps = { db: backend.database.db, secret: SECRET, allow: parseAllowList('127.0.0.1'), environment: null, sso: holder.sso };
    const actor = { id: null, email: 'admin@acme.test' };
    const input = {
      name: 'Acme Keycloak',
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      domains: ['acme.test'],
      roleClaim: 'groups',
      roleMap: [{ value: 'hr', role: 'recruiter' as const }],
      ssoOnly: false,
      sessionHours: 8,
      enabled: true,
    };
    // A private address nobody allowed: refused, and nothing kept.
    await expect(saveSsoSettings({ ...deps, allow: parseAllowList(undefined) }, actor, input)).rejects.toThrow(/^Issuer URL: /);
    await expect(saveSsoSettings(deps, actor, { ...input, issuer: `${provider.issuer}/nothing-here` })).rejects.toThrow(/^Issuer URL: /);
    expect(await backend.database.db.select().from(ssoSettings)).toHaveLength(0);
    expect(holder.sso.current()).toBeNull();

    await saveSsoSettings(deps, actor, input);
    expect(holder.sso.current()).toMatchObject({ source: 'admin', name: 'Acme Keycloak', sessionHours: 8 });
    const [row] = await backend.database.db.select().from(ssoSettings);
    expect(row?.clientSecretSealed).not.toContain(provider.clientSecret);
    provider.addPerson({ email: 'kay@acme.test', givenName: 'Kay', familyName: 'Keel', groups: ['hr'] });
    const signedIn = await signInThrough('kay@acme.test', holder);
    expect((await viewerOf(signedIn.cookie, holder))?.role).toBe('recruiter');
    // Left empty, the kept secret stays.
    await saveSsoSettings(deps, actor, { ...input, clientSecret: '', sessionHours: 4 });
    expect(holder.sso.current()).toMatchObject({ clientSecret: provider.clientSecret, sessionHours: 4 });
    // The kept secret is never sent to another client or issuer.
    await expect(saveSsoSettings(deps, actor, { ...input, clientId: 'another-client', clientSecret: '' })).rejects.toThrow(
      /^Client secret: /,
    );
    // "Only through the provider" needs a way in without it first.
    const marked = await backend.database.db
      .update(users)
      .set({ breakGlass: false })
      .where(eq(users.breakGlass, true))
      .returning({ id: users.id });
    await expect(saveSsoSettings(deps, actor, { ...input, ssoOnly: true, clientSecret: '' })).rejects.toThrow(
      /^Policy: first make a break-glass admin/,
    );
    for (const { id } of marked) await backend.database.db.update(users).set({ breakGlass: true }).where(eq(users.id, id));
    // Removed: the links to it and the sessions it began go (another issuer's subjects are other people).
    const kay = await userByEmail('kay@acme.test');
    await removeSsoSettings(deps, actor);
    expect(holder.sso.current()).toBeNull();
    expect(await backend.database.db.select().from(accounts).where(eq(accounts.providerId, 'sso'))).toHaveLength(0);
    expect(await backend.database.db.select().from(sessions).where(eq(sessions.userId, kay!.id))).toHaveLength(0);
  });
});
