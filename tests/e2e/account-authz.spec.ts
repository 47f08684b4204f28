import { readFileSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { actionData, createVerifiedUser, enrolTotp, expect, signInApiWithCode, skipCodeStep, test, totpCode } from './fixtures';

/*
 * The account's authorisation matrix (issue 25), like the admin one: every account page, action
 * and API route, requested anonymously and by a session of an account with a second factor that
 * never passed the code step (aal1). Both are refused (pages redirect to sign-in or to the code
 * step, actions answer 401/403, the API says signed out) and nothing changes; the owner's session
 * at aal2 gets through.
 */

const OWNER = { email: 'matrix.owner@mail.test', username: 'matrixowner', password: 'owner password 123' };

let anonymous: APIRequestContext;
let owner: APIRequestContext;
let aal1: APIRequestContext;
let secret: string;

const client = (baseURL: string, n: number) =>
  playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': `10.201.0.${n}`, Connection: 'close' }, maxRedirects: 0 });

test.beforeAll(async ({ baseURL }) => {
  anonymous = await client(baseURL!, 1);
  owner = await client(baseURL!, 2);
  aal1 = await client(baseURL!, 3);
  await createVerifiedUser(owner, {
    email: OWNER.email,
    username: OWNER.username,
    password: OWNER.password,
    firstName: 'Mat',
    lastName: 'Owner',
  });
  ({ secret } = await enrolTotp(owner, OWNER.password));
  await signInApiWithCode(aal1, { email: OWNER.email, password: OWNER.password, secret, backupCodes: [] }, baseURL!);
  await skipCodeStep(aal1);
});

test.afterAll(async () => {
  await Promise.all([anonymous?.dispose(), owner?.dispose(), aal1?.dispose()]);
});

/** Every account action with an input it would accept: a refusal is the check's, not the input's. */
const actions = (): Array<[string, Record<string, unknown>]> => [
  ['account.updateProfile', { username: 'renamed.attacker', firstName: 'Renamed', lastName: 'Attacker' }],
  [
    'account.changePassword',
    { currentPassword: OWNER.password, newPassword: 'attacker password 9', confirmPassword: 'attacker password 9' },
  ],
  ['account.startTwoFactor', { password: OWNER.password }],
  ['account.confirmTwoFactor', { code: totpCode(secret) }],
  ['account.disableTwoFactor', { password: OWNER.password, code: totpCode(secret) }],
  ['account.signOutOthers', {}],
  ['account.signOutSession', { sessionId: 'any-session' }],
  ['account.deleteAccount', { password: OWNER.password }],
];

const pages = ['/account', '/account/applications'];

test('the matrix lists every account action there is', () => {
  const source = readFileSync(new URL('../../src/actions/index.ts', import.meta.url), 'utf8');
  const block = source.slice(source.indexOf('  account: {'));
  const defined = [...block.matchAll(/^ {4}(\w+): accountAction\(/gm)].map((match) => `account.${match[1]}`);
  expect(defined.length).toBeGreaterThan(0);
  expect(actions().map(([name]) => name)).toEqual(defined);
});

/** What an attacker would change, as the owner sees it. */
async function observableState() {
  const session = (await (await owner.get('/api/session')).json()) as { signedIn: boolean; name?: string };
  const account = await (await owner.get('/account')).text();
  return {
    signedIn: session.signedIn,
    name: session.name,
    renamed: account.includes('renamed.attacker'),
    factorOn: account.includes('On: signing in asks for a code from your authenticator app.'),
  };
}

for (const [who, expected] of [
  ['anonymous', { page: /^\/auth\?next=/, action: 401 }],
  ['an aal1 session of an account with a factor', { page: /^\/auth\/two-factor\?next=/, action: 403 }],
] as const) {
  test(`${who}: every account page redirects, every action and API route is refused, nothing changes`, async () => {
    const requester = who === 'anonymous' ? anonymous : aal1;
    const before = await observableState();
    expect(before).toEqual({ signedIn: true, name: 'Mat Owner', renamed: false, factorOn: true });

    for (const path of pages) {
      const posted = await requester.post(path, {
        form: { application: crypto.randomUUID() },
        headers: { Origin: test.info().project.use.baseURL! },
      });
      for (const response of [await requester.get(path), posted]) {
        expect(response.status(), path).toBe(303);
        expect(response.headers()['location'], path).toMatch(expected.page);
      }
    }
    for (const [name, input] of actions()) {
      const response = await requester.post(`/_actions/${name}`, { data: input });
      expect(response.status(), name).toBe(expected.action);
    }
    // The API routes say: not signed in.
    expect(await (await requester.get('/api/session')).json()).toEqual({ signedIn: false });
    expect(await (await requester.get('/api/auth/get-session')).json()).toBeNull();

    expect(await observableState()).toEqual(before);
    // The password is the owner's still: it leads to the code step.
    const check = await playwrightRequest.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': '10.201.1.9' },
    });
    const signIn = await check.post('/api/auth/sign-in/email', {
      data: { email: OWNER.email, password: OWNER.password },
      headers: { Origin: test.info().project.use.baseURL! },
    });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    await check.dispose();
  });
}

test('the owner at aal2 gets every account page, and the actions', async () => {
  for (const path of pages) expect((await owner.get(path)).status(), path).toBe(200);
  const saved = await owner.post('/_actions/account.updateProfile', {
    data: { username: 'matrix.owner2', firstName: 'Mat', lastName: 'Owner' },
  });
  expect(saved.status()).toBe(200);
  expect(await actionData<{ ok: boolean }>(saved)).toEqual({ ok: true });
  expect((await (await owner.get('/api/session')).json()) as object).toMatchObject({ signedIn: true, name: 'Mat Owner' });
  expect(await (await owner.get('/api/auth/get-session')).json()).toMatchObject({ user: { email: OWNER.email } });
});
