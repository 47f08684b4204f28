import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProvider, type TestPerson, type TestProvider } from './oidc-test-provider';

/*
 * The OIDC test provider itself, over real HTTP as a client sees it (fetch without following
 * redirects, cookies carried by hand): discovery, the code flow with PKCE, state and nonce, the
 * ID token against the JWKS, refresh, a second sign-in from the provider's own session, disabling a
 * person (refresh refused, back-channel logout received by a small server standing in for ours), the
 * sign-in page, each tampered ID token, and the logout tokens a test can make.
 */

const CLIENT_ID = 'helixpoint';
const CLIENT_SECRET = 'test-secret';
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

let provider: TestProvider;
let client: Server;
let redirectUri: string;
/** The back-channel logout requests our stand-in client received, in order. */
const logouts: { contentType: string | undefined; body: URLSearchParams }[] = [];
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  // Stands in for our server: records each back-channel logout and answers 200, as the spec asks.
  client = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/auth/sso/backchannel-logout') {
        logouts.push({ contentType: req.headers['content-type'], body: new URLSearchParams(body) });
        res.writeHead(200).end();
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(client.address() as AddressInfo).port}`;
  redirectUri = `${origin}/api/auth/oauth2/callback/sso`;
  provider = await startTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [redirectUri],
    backchannelLogoutUri: `${origin}/api/auth/sso/backchannel-logout`,
    postLogoutRedirectUris: [`${origin}/`],
  });
  jwks = createRemoteJWKSet(new URL(`${provider.issuer}/jwks`));
});

afterAll(async () => {
  await provider?.close();
  client?.closeAllConnections();
  await new Promise<void>((resolve) => (client ? client.close(() => resolve()) : resolve()));
});

/** The provider's cookies for one browser: by name, paths ignored (one sign-in at a time). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

/**
 * Follows the provider's own redirects; stops at a page or at a redirect that leaves the provider.
 * visited: the provider's paths on the way, e.g. /interaction/… when it asked for an interaction.
 */
async function follow(jar: CookieJar, first: Response): Promise<{ response: Response; location: URL | undefined; visited: string[] }> {
  let response = first;
  const visited: string[] = [];
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, location: undefined, visited };
    const next = new URL(location, provider.issuer);
    if (next.origin !== provider.issuer) return { response, location: next, visited };
    await response.arrayBuffer();
    visited.push(next.pathname);
    response = await request(jar, next.href);
  }
  throw new Error('too many redirects');
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

interface Authorization {
  jar: CookieJar;
  verifier: string;
  state: string;
  nonce: string;
}

/** Starts an authorization request as our client does: code flow, PKCE S256, state and nonce. */
async function authorize(
  extra: Record<string, string | undefined> = {},
  jar = new CookieJar(),
): Promise<Authorization & { first: Response }> {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const nonce = base64url(randomBytes(16));
  const url = new URL(`${provider.issuer}/auth`);
  const params: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...extra,
  };
  // A parameter set to undefined is left out.
  url.search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  return { jar, verifier, state, nonce, first: await request(jar, url.href) };
}

/** The code at our redirect URI, after the provider's redirects. */
function codeAt(location: URL | undefined, state: string): string {
  expect(location?.href.startsWith(`${redirectUri}?`)).toBe(true);
  expect(location!.searchParams.get('state')).toBe(state);
  expect(location!.searchParams.get('iss')).toBe(provider.issuer);
  const code = location!.searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

async function signIn(email: string, jar?: CookieJar): Promise<Authorization & { code: string }> {
  const started = await authorize({ login_hint: email }, jar);
  const { location } = await follow(started.jar, started.first);
  return { ...started, code: codeAt(location, started.state) };
}

const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

async function token(
  params: Record<string, string>,
  auth: 'basic' | 'post' = 'basic',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth === 'basic' ? { authorization: basic } : {}) },
    body: new URLSearchParams({ ...params, ...(auth === 'post' ? { client_id: CLIENT_ID, client_secret: CLIENT_SECRET } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function exchange(signedIn: { code: string; verifier: string }, auth: 'basic' | 'post' = 'basic') {
  const answer = await token(
    { grant_type: 'authorization_code', code: signedIn.code, redirect_uri: redirectUri, code_verifier: signedIn.verifier },
    auth,
  );
  expect(answer.status).toBe(200);
  return answer.body as { id_token: string; access_token: string; refresh_token: string; token_type: string };
}

const verify = (idToken: string) => jwtVerify(idToken, jwks, { issuer: provider.issuer, audience: CLIENT_ID });

let counter = 0;
function person(groups: string[] = ['staff']): TestPerson {
  counter++;
  return provider.addPerson({ email: `person${counter}@example.test`, givenName: 'Iris', familyName: `Tester${counter}`, groups });
}

describe('the OIDC test provider', () => {
  it('names its endpoints at discovery', async () => {
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(discovery).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/auth`,
      token_endpoint: `${provider.issuer}/token`,
      jwks_uri: `${provider.issuer}/jwks`,
      userinfo_endpoint: `${provider.issuer}/me`,
      end_session_endpoint: `${provider.issuer}/session/end`,
      backchannel_logout_supported: true,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
      token_endpoint_auth_methods_supported: expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
      scopes_supported: expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']),
      claims_supported: expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'groups']),
    });
  });

  it('signs in the person a login_hint names, and issues an ID token that verifies against the JWKS', async () => {
    const alice = person(['staff', 'hiring-managers']);
    const signedIn = await signIn(alice.email);
    const tokens = await exchange(signedIn);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();

    const { payload, protectedHeader } = await verify(tokens.id_token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: alice.sub,
      email: alice.email,
      email_verified: true,
      name: `Iris ${alice.familyName}`,
      given_name: 'Iris',
      family_name: alice.familyName,
      groups: ['staff', 'hiring-managers'],
      nonce: signedIn.nonce,
    });

    // A code is good once.
    const again = await token({
      grant_type: 'authorization_code',
      code: signedIn.code,
      redirect_uri: redirectUri,
      code_verifier: signedIn.verifier,
    });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('refreshes, with the groups the person has now, and takes the secret posted as well', async () => {
    const bob = person(['staff']);
    const tokens = await exchange(await signIn(bob.email), 'post');
    provider.setGroups(bob.email, ['staff', 'admins']);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body['access_token']).toBeTruthy();
    const { payload } = await verify(refreshed.body['id_token'] as string);
    expect(payload.groups).toEqual(['staff', 'admins']);

    const wrongSecret = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('signs in again from the session it keeps in the browser, and gives a new consent without a page', async () => {
    const ivan = person();
    const first = await signIn(ivan.email);
    await exchange(first);
    // No login_hint: the provider's session cookie is what signs Ivan in.
    const again = await authorize({ prompt: 'consent', scope: 'openid email profile offline_access' }, first.jar);
    const { location, visited } = await follow(again.jar, again.first);
    expect(visited.some((path) => path.startsWith('/interaction/'))).toBe(true);
    const tokens = await exchange({ code: codeAt(location, again.state), verifier: again.verifier });
    expect((await verify(tokens.id_token)).payload).toMatchObject({ sub: ivan.sub, nonce: again.nonce });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('requires PKCE, and the verifier that matches the challenge', async () => {
    const carol = person();
    const withoutPkce = await authorize({ login_hint: carol.email, code_challenge: undefined, code_challenge_method: undefined });
    const refused = new URL(withoutPkce.first.headers.get('location')!);
    expect(refused.href.startsWith(`${redirectUri}?`)).toBe(true);
    expect(refused.searchParams.get('error')).toBe('invalid_request');

    const signedIn = await signIn(carol.email);
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code: signedIn.code,
      redirect_uri: redirectUri,
      code_verifier: base64url(randomBytes(32)),
    });
    expect(wrongVerifier).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('shows a sign-in page without a login_hint, and signs in whoever the form names', async () => {
    const dana = person();
    for (const extra of [{}, { login_hint: 'nobody@example.test' }]) {
      const started = await authorize(extra);
      const { response } = await follow(started.jar, started.first);
      expect(response.status).toBe(200);
      expect(response.url).toMatch(new RegExp(`^${provider.issuer}/interaction/[^/]+$`));
      const html = await response.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).toContain('<title>Test identity provider</title>');
      expect(html).toContain('<h1>Test identity provider</h1>');
      expect(html).toContain('<label for="email">Email</label>');
      expect(html).toContain('<input id="email" name="email" type="email"');
      expect(html).toContain('<button type="submit">Continue</button>');
      expect(html).not.toContain('role="alert"');

      const post = (email: string) =>
        request(started.jar, response.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }),
        });
      const unknown = await post('nobody@example.test');
      expect(unknown.status).toBe(200);
      expect(await unknown.text()).toContain('<p role="alert">No such person.</p>');

      const { location } = await follow(started.jar, await post(dana.email));
      const tokens = await exchange({ code: codeAt(location, started.state), verifier: started.verifier });
      expect((await verify(tokens.id_token)).payload).toMatchObject({ sub: dana.sub, nonce: started.nonce });
    }
  });

  it('disables a person: back-channel logout sent, refresh refused, no more sign-in', async () => {
    const erin = person();
    const signedIn = await signIn(erin.email);
    const tokens = await exchange(signedIn);
    const before = logouts.length;

    await provider.disable(erin.email);

    expect(logouts).toHaveLength(before + 1);
    const logout = logouts.at(-1)!;
    expect(logout.contentType).toBe('application/x-www-form-urlencoded');
    const logoutToken = logout.body.get('logout_token')!;
    expect(decodeProtectedHeader(logoutToken).typ).toBe('logout+jwt');
    const { payload } = await verify(logoutToken);
    expect(payload.sub).toBe(erin.sub);
    expect(payload.events).toEqual({ [BACKCHANNEL_EVENT]: {} });
    expect(payload.jti).toBeTruthy();
    expect(payload).not.toHaveProperty('nonce');

    const refresh = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    // Neither with the session the browser still has nor afresh: the page, and the form refuses them.
    for (const jar of [signedIn.jar, undefined]) {
      const started = await authorize({ login_hint: erin.email }, jar);
      const { response } = await follow(started.jar, started.first);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<h1>Test identity provider</h1>');
      const posted = await request(started.jar, response.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: erin.email }),
      });
      expect(await posted.text()).toContain('No such person.');
    }
  });

  it('rejects disable() when the client does not answer the back-channel logout with 200', async () => {
    const elsewhere = await startTestProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [redirectUri],
      // Our stand-in answers 404 there.
      backchannelLogoutUri: redirectUri.replace(/\/api\/auth\/.*$/, '/nowhere'),
    });
    try {
      const judy = elsewhere.addPerson({ email: 'judy@example.test', givenName: 'Judy', familyName: 'Tester', groups: [] });
      await expect(elsewhere.disable(judy.email)).rejects.toThrow(/answered 404, not 200/);
      expect(judy.disabled).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses to start with a client oidc-provider would not register', async () => {
    const starting = startTestProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: ['not a uri'] });
    await expect(starting).rejects.toMatchObject({ error: 'invalid_redirect_uri' });
  });

  describe('tampers with the next ID token', () => {
    it('forged: signed with a foreign key of the same kid', async () => {
      const frank = person();
      const genuine = await exchange(await signIn(frank.email));
      provider.tamperNext('forged');
      const signedIn = await signIn(frank.email);
      const forged = (await exchange(signedIn)).id_token;
      expect(decodeProtectedHeader(forged).kid).toBe(decodeProtectedHeader(genuine.id_token).kid);
      expect(decodeJwt(forged)).toMatchObject({ sub: frank.sub, nonce: signedIn.nonce, iss: provider.issuer, aud: CLIENT_ID });
      await expect(verify(forged)).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });

      // Once only.
      await verify((await exchange(await signIn(frank.email))).id_token);
    });

    it('wrong-audience and wrong-issuer: signed with the provider key, refused by the claim checks', async () => {
      const grace = person();
      provider.tamperNext('wrong-audience');
      const wrongAudience = (await exchange(await signIn(grace.email))).id_token;
      expect(decodeJwt(wrongAudience).aud).toBe('someone-else');
      await expect(verify(wrongAudience)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'aud' });
      await jwtVerify(wrongAudience, jwks, { issuer: provider.issuer });

      provider.tamperNext('wrong-issuer');
      const wrongIssuer = (await exchange(await signIn(grace.email))).id_token;
      expect(decodeJwt(wrongIssuer).iss).toBe('http://evil.example');
      await expect(verify(wrongIssuer)).rejects.toMatchObject({ code: 'ERR_JWT_CLAIM_VALIDATION_FAILED', claim: 'iss' });
      await jwtVerify(wrongIssuer, jwks, { audience: CLIENT_ID });
    });

    it('replay: the ID token of the previous code exchange, unchanged', async () => {
      const heidi = person();
      const first = await signIn(heidi.email);
      const earlier = (await exchange(first)).id_token;
      provider.tamperNext('replay');
      const second = await signIn(heidi.email);
      const replayed = (await exchange(second)).id_token;
      expect(replayed).toBe(earlier);
      expect(decodeJwt(replayed).nonce).toBe(first.nonce);
      expect(decodeJwt(replayed).nonce).not.toBe(second.nonce);
    });
  });

  it('makes back-channel logout tokens, with claims overridden or removed, and with a foreign key', async () => {
    const token = await provider.logoutToken({ sub: 'someone', sid: 'session-1' });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'logout+jwt' });
    const { payload } = await verify(token);
    expect(payload).toMatchObject({ sub: 'someone', sid: 'session-1', events: { [BACKCHANNEL_EVENT]: {} } });
    expect(payload.jti).toBeTruthy();
    expect(payload.iat).toBeTypeOf('number');

    const withoutEvents = decodeJwt(await provider.logoutToken({ sub: 'someone', events: undefined, jti: undefined }));
    expect(withoutEvents).not.toHaveProperty('events');
    expect(withoutEvents).not.toHaveProperty('jti');
    expect(withoutEvents.sub).toBe('someone');

    await expect(verify(await provider.logoutToken({ sub: 'someone' }, { foreignKey: true }))).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
  });
});
