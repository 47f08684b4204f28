import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';

/**
 * A standards-conformant OpenID Connect provider for tests, built on oidc-provider (the certified
 * implementation), so that our single sign-on is tested against a real provider rather than one
 * that agrees with our mistakes: authorization code flow with PKCE (required), state, nonce, ID
 * tokens signed with a key published at the JWKS endpoint, refresh tokens and back-channel logout.
 * Everything is in this process, on 127.0.0.1. What a test controls: the people who may sign in,
 * their groups, disabling them (which sends a back-channel logout), and a tampered next ID token.
 *
 * Routes besides oidc-provider's own (/auth, /token, /jwks, /me, /session/end, ...):
 *   GET  /interaction/:uid  a login_hint naming an enabled person signs them in without a page;
 *                           otherwise the sign-in page (one e-mail field); consent is always given.
 *   POST /interaction/:uid  the sign-in page's form.
 * Set DEBUG=oidc-provider:* to see why oidc-provider refused a request.
 */

export interface TestPerson {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  groups: string[];
  disabled: boolean;
  /** What the provider says of the address (email_verified); true unless given: a person who typed their own address says false. */
  emailVerified?: boolean;
}

export interface TestProviderOptions {
  /** 0 or absent: any free port on 127.0.0.1. */
  port?: number;
  clientId: string;
  clientSecret: string;
  /** Registered as given, e.g. http://127.0.0.1:4329/api/auth/oauth2/callback/sso. */
  redirectUris: string[];
  backchannelLogoutUri?: string;
  postLogoutRedirectUris?: string[];
}

export type Tamper = 'forged' | 'wrong-audience' | 'wrong-issuer' | 'replay';

export interface TestProvider {
  /** `http://127.0.0.1:${port}`, without a trailing slash. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** sub defaults to a random id. Returns the provider's own record of the person. */
  addPerson(person: Omit<TestPerson, 'disabled' | 'sub'> & { sub?: string }): TestPerson;
  setGroups(email: string, groups: string[]): void;
  /**
   * Marks the person disabled (their refresh tokens then fail with invalid_grant, they can no longer
   * sign in, and their session at the provider ends) and, when the client has a backchannelLogoutUri,
   * sends a logout token for their sub there through oidc-provider's own client.backchannelLogout.
   * Resolves once our server answered 200; rejects otherwise.
   */
  disable(email: string): Promise<void>;
  /** The next token endpoint response has its id_token replaced (then tamper resets to null). */
  tamperNext(kind: Tamper): void;
  /**
   * A back-channel logout token (https://openid.net/specs/openid-connect-backchannel-1_0.html) signed
   * with the provider's key, or with a foreign key of the same kid when foreignKey is true. Claims are
   * overridable; a claim set to undefined is removed.
   */
  logoutToken(overrides?: Record<string, unknown>, options?: { foreignKey?: boolean }): Promise<string>;
  /** Stops the server, its open connections included. Safe to call twice. */
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
const FORM_BODY_LIMIT = 16 * 1024;

// What we use of oidc-provider, which ships no types: only these members are relied on. (A
// declaration file beside this one, as for s3rver, would let it be imported statically.)
interface OidcModule {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
}

interface OidcProvider {
  callback(): RequestListener;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): unknown;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: InteractionResult,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): OidcGrant;
    find(id: string): Promise<OidcGrant | undefined>;
  };
  Client: { find(id: string): Promise<OidcClient | undefined> };
}

interface KoaContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
  oidc: { params?: Record<string, unknown> };
}

interface InteractionDetails {
  uid: string;
  prompt: {
    name: string;
    details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
  };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

interface InteractionResult {
  login?: { accountId: string };
  consent?: { grantId?: string };
}

interface OidcGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(indicator: string, scope: string): void;
  save(): Promise<string>;
}

interface OidcClient {
  backchannelLogout(sub: string, sid: string | undefined): Promise<void>;
}

interface Account {
  accountId: string;
  claims(): Promise<Record<string, unknown>>;
}

// oidc-provider's storage interface (an adapter per model). Its own in-memory adapter warns on the
// console at every start, so the provider gets this one: a plain map, never expired, because
// oidc-provider checks each session's, grant's and token's exp itself and a test provider lives
// only as long as its test file.
type Payload = Record<string, unknown>;

function memoryAdapter(entries: Map<string, Payload>) {
  return (model: string) => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (property: string, value: string) => {
      for (const [entryKey, payload] of entries) {
        if (entryKey.startsWith(`${model}:`) && payload[property] === value) return payload;
      }
      return undefined;
    };
    return {
      async upsert(id: string, payload: Payload) {
        entries.set(key(id), payload);
      },
      async find(id: string) {
        return entries.get(key(id));
      },
      async findByUid(uid: string) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode: string) {
        return findBy('userCode', userCode);
      },
      async consume(id: string) {
        const payload = entries.get(key(id));
        if (payload) payload['consumed'] = Math.floor(Date.now() / 1000);
      },
      async destroy(id: string) {
        entries.delete(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const [entryKey, payload] of entries) {
          if (entryKey.startsWith(`${model}:`) && payload['grantId'] === grantId) entries.delete(entryKey);
        }
      },
    };
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function signInPage(uid: string, noSuchPerson: boolean): string {
  return page(
    'Test identity provider',
    `<h1>Test identity provider</h1>
${noSuchPerson ? '<p role="alert">No such person.</p>\n' : ''}<form method="post" action="/interaction/${escapeHtml(encodeURIComponent(uid))}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Continue</button>
</form>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > FORM_BODY_LIMIT) throw new Error('The form is too large.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// The claims the claims request parameter asks for, by name: a grant given at sign-in covers them,
// as a consent page would.
function requestedClaims(claimsParameter: unknown): string[] {
  if (typeof claimsParameter !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(claimsParameter);
    if (!isRecord(parsed)) return [];
    return [parsed['id_token'], parsed['userinfo']].flatMap((member) => (isRecord(member) ? Object.keys(member) : []));
  } catch {
    return [];
  }
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  // Imported by a name held in a string, which TypeScript does not resolve: a static import of a
  // package without types is an error under noImplicitAny. OidcModule types what we use.
  const oidcProviderModule: string = 'oidc-provider';
  const { Provider } = (await import(oidcProviderModule)) as OidcModule;

  const own = await generateKeyPair('RS256', { extractable: true });
  // Same kid as the provider's key: a client then picks the published key and the signature fails,
  // rather than the lookup.
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = await exportJWK(own.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const signingJwk = { ...(await exportJWK(own.privateKey)), kid, alg: 'RS256', use: 'sig' };

  const people = new Map<string, TestPerson>();
  const byEmail = (email: string) => [...people.values()].find((person) => person.email.toLowerCase() === email.trim().toLowerCase());
  const enabledByEmail = (email: string) => {
    const person = byEmail(email);
    return person && !person.disabled ? person : undefined;
  };
  const known = (email: string) => {
    const person = byEmail(email);
    if (!person) throw new Error(`No test person has the address ${email}.`);
    return person;
  };

  const stored = new Map<string, Payload>();
  let tamper: Tamper | null = null;
  let lastIdToken: string | undefined;
  let closing: Promise<void> | undefined;

  const configuration = {
    adapter: memoryAdapter(stored),
    jwks: { keys: [signingJwk] },
    // Signed cookies, as any real deployment has them.
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The registered method; oidc-provider accepts client_secret_post from such a client as well
        // (Better Auth's generic OAuth plugin posts the secret unless told authentication: 'basic').
        token_endpoint_auth_method: 'client_secret_basic',
        ...(options.backchannelLogoutUri
          ? { backchannel_logout_uri: options.backchannelLogoutUri, backchannel_logout_session_required: false }
          : {}),
        ...(options.postLogoutRedirectUris ? { post_logout_redirect_uris: options.postLogoutRedirectUris } : {}),
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: {
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    // Scope-requested claims in the ID token itself: our client reads the ID token, not /me.
    conformIdTokenClaims: false,
    // Without offline_access (which oidc-provider keeps only with prompt=consent) too: the client must
    // be able to refresh after any sign-in.
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    findAccount: async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
      const person = people.get(sub);
      if (!person || person.disabled) return undefined;
      return {
        accountId: sub,
        // From the person as they are now, so changed groups show at the next sign-in or refresh.
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: `${person.givenName} ${person.familyName}`,
          given_name: person.givenName,
          family_name: person.familyName,
          groups: [...person.groups],
        }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContext, form: string) => {
          ctx.body = page(
            'Sign out',
            `<h1>Sign out of the test identity provider?</h1>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm">Stay signed in</button>`,
          );
        },
        postLogoutSuccessSource: async (ctx: KoaContext) => {
          ctx.body = page('Signed out', '<h1>Signed out</h1>');
        },
      },
    },
    renderError: async (ctx: KoaContext & { type: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = page(
        'Test identity provider error',
        `<h1>Test identity provider error</h1>\n<p role="alert">${escapeHtml(out['error'] ?? 'error')}: ${escapeHtml(out['error_description'] ?? '')}</p>`,
      );
    },
    // Numbers rather than oidc-provider's default functions, which log a notice when first called.
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    // Our client calls the token endpoint from its server, never from a browser (and the default
    // policy logs a notice).
    clientBasedCORS: () => false,
    // oidc-provider's outgoing requests (the back-channel logout) go through a dispatcher that refuses
    // loopback and private addresses, against SSRF; our client listens on 127.0.0.1. We also ask for
    // exactly 200, which the specification requires of the client (oidc-provider accepts 204 too).
    fetch: async (url: URL | string, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _dispatcher, ...rest } = init;
      const response = await fetch(url, rest);
      if (String(url) === options.backchannelLogoutUri && response.status !== 200) {
        throw new Error(`The back-channel logout at ${String(url)} answered ${response.status}, not 200.`);
      }
      return response;
    },
  };

  // The issuer names the port, so the server listens before the provider exists.
  let handle: RequestListener = (_req, res) => send(res, 503, 'text/plain', 'Starting.');
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const issuer = `http://${HOST}:${(server.address() as AddressInfo).port}`;

  let provider: OidcProvider;
  let client: OidcClient | undefined;
  try {
    provider = new Provider(issuer, configuration);
    // A bad client configuration fails here rather than at the first request.
    client = await provider.Client.find(options.clientId);
    if (!client) throw new Error('The test client did not register.');
  } catch (error) {
    server.close();
    throw error;
  }

  const signWith = (claims: JWTPayload, header: Record<string, unknown>, key: CryptoKey) =>
    new SignJWT(claims).setProtectedHeader({ ...header, alg: 'RS256' }).sign(key);

  async function tampered(kind: Tamper, idToken: string): Promise<string> {
    if (kind === 'replay') {
      if (lastIdToken === undefined) throw new Error('No earlier code exchange to replay.');
      return lastIdToken;
    }
    const claims = decodeJwt(idToken);
    const header = decodeProtectedHeader(idToken);
    if (kind === 'forged') return signWith(claims, header, foreign.privateKey);
    if (kind === 'wrong-audience') return signWith({ ...claims, aud: 'someone-else' }, header, own.privateKey);
    return signWith({ ...claims, iss: 'http://evil.example' }, header, own.privateKey);
  }

  // In front of oidc-provider's own middleware: the token endpoint's answer is still an object here.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.method !== 'POST' || ctx.path !== '/token' || ctx.status !== 200) return;
    const body = ctx.body;
    if (!isRecord(body) || typeof body['id_token'] !== 'string') return;
    if (tamper === null) {
      // Only what a client really received from a code exchange can be replayed.
      if (ctx.oidc.params?.['grant_type'] === 'authorization_code') lastIdToken = body['id_token'];
      return;
    }
    const kind = tamper;
    tamper = null;
    body['id_token'] = await tampered(kind, body['id_token']);
  });

  // A grant of everything the request asks for: the consent a consent page would have collected.
  async function grantAll(details: InteractionDetails, accountId: string, existing?: OidcGrant): Promise<string> {
    const clientId = String(details.params['client_id']);
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    const scope = missingOIDCScope?.join(' ') ?? details.params['scope'];
    if (typeof scope === 'string' && scope) grant.addOIDCScope(scope);
    const claims = missingOIDCClaims ?? requestedClaims(details.params['claims']);
    if (claims.length) grant.addOIDCClaims(claims);
    for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    return grant.save();
  }

  async function signIn(req: IncomingMessage, res: ServerResponse, details: InteractionDetails, person: TestPerson): Promise<void> {
    const grantId = await grantAll(details, person.sub);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: person.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, 'text/plain', 'This sign-in is not the one in progress.');

    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) return send(res, 400, 'text/plain', 'Consent without a signed-in person.');
      const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const grantId = await grantAll(details, accountId, existing);
      // A new grant is named in the result; an existing one was updated in place.
      return provider.interactionFinished(req, res, { consent: existing ? {} : { grantId } }, { mergeWithLastSubmission: true });
    }
    if (details.prompt.name !== 'login') return send(res, 400, 'text/plain', `Unexpected prompt ${details.prompt.name}.`);

    if (req.method === 'POST') {
      const person = enabledByEmail((await readForm(req)).get('email') ?? '');
      if (!person) return send(res, 200, 'text/html', signInPage(uid, true));
      return signIn(req, res, details, person);
    }
    const hint = details.params['login_hint'];
    const hinted = typeof hint === 'string' ? enabledByEmail(hint) : undefined;
    if (hinted) return signIn(req, res, details, hinted);
    return send(res, 200, 'text/html', signInPage(uid, false));
  }

  const callback = provider.callback();
  handle = (req, res) => {
    const { pathname } = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)$/.exec(pathname);
    if (!match) return callback(req, res);
    interaction(req, res, decodeURIComponent(match[1]!)).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, 400, 'text/plain', error instanceof Error ? error.message : String(error));
    });
  };

  return {
    issuer,
    clientId: options.clientId,
    clientSecret: options.clientSecret,

    addPerson(person) {
      if (byEmail(person.email)) throw new Error(`A test person already has the address ${person.email}.`);
      const added: TestPerson = { ...person, sub: person.sub ?? randomUUID(), groups: [...person.groups], disabled: false };
      people.set(added.sub, added);
      // The provider's own record, so it shows setGroups() and disable(); change it through those.
      return added;
    },

    setGroups(email, groups) {
      known(email).groups = [...groups];
    },

    async disable(email) {
      const person = known(email);
      person.disabled = true;
      // Their session at the provider ends too: a browser that still has it would otherwise be
      // signed in without the login prompt, for an account findAccount no longer knows.
      for (const [entryKey, payload] of stored) {
        if (entryKey.startsWith('Session:') && payload['accountId'] === person.sub) stored.delete(entryKey);
      }
      if (options.backchannelLogoutUri) await client.backchannelLogout(person.sub, undefined);
    },

    tamperNext(kind) {
      if (kind === 'replay' && lastIdToken === undefined) throw new Error('No earlier code exchange to replay.');
      tamper = kind;
    },

    async logoutToken(overrides = {}, { foreignKey = false } = {}) {
      const claims: Record<string, unknown> = {
        iss: issuer,
        aud: options.clientId,
        iat: Math.floor(Date.now() / 1000),
        // Required by the specification's final version; two minutes, as oidc-provider's own.
        exp: Math.floor(Date.now() / 1000) + 120,
        jti: randomUUID(),
        events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
      };
      for (const [name, value] of Object.entries(overrides)) {
        if (value === undefined) delete claims[name];
        else claims[name] = value;
      }
      return new SignJWT(claims as JWTPayload)
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'logout+jwt' })
        .sign(foreignKey ? foreign.privateKey : own.privateKey);
    },

    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections (the client's fetch, a browser) would hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
