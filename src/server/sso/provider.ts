import { eq } from 'drizzle-orm';
import type { Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { ssoSettings } from '../db/schema.ts';
import { sealText, unsealText } from '../mail/sealed.ts';
import { assertReachable, guardedFetch, OutboundError, type AllowList } from '../outbound/guarded-fetch.ts';
import type { SsoPublicInfo, SsoRoleMapping } from '../../lib/accounts/sso.ts';

/**
 * The company's identity provider (issue 56, decision 074): set by the environment (SSO_OIDC_*), or
 * else on /admin/sso. One provider: a company has one directory of its staff.
 */

export interface SsoProvider {
  /** Where it was set: the environment wins, and the admin page then shows it without a form. */
  source: 'env' | 'admin';
  name: string;
  /** As typed, without a trailing slash; the discovery document's own issuer is what tokens are checked against. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  roleClaim: string;
  roleMap: SsoRoleMapping[];
  ssoOnly: boolean;
  sessionHours: number;
  /** What changes when the settings do: an instance rebuilds its sign-in when it sees a new one. */
  version: string;
}

export const SSO_SECRET_SEAL = 'sso client secret';

/** Who acts when the provider's word changes something (a role from its claim, sessions it ended), in the audit log. */
export const providerActor = (provider: Pick<SsoProvider, 'name'>): Actor => ({ id: null, email: `SSO (${provider.name})` });

/** SSO_OIDC_* as the configuration parsed them; null when SSO_OIDC_ISSUER is unset. */
export type SsoEnvironment = Omit<SsoProvider, 'source' | 'version'> | null;

export const trimIssuer = (issuer: string) => issuer.replace(/\/+$/, '');
export const discoveryUrlOf = (issuer: string) => `${trimIssuer(issuer)}/.well-known/openid-configuration`;

/** The settings kept on /admin/sso, or null. */
export async function readSsoRow(db: Database, secret: string): Promise<SsoProvider | null> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.id, 1));
  if (!row || !row.enabled) return null;
  return {
    source: 'admin',
    name: row.name,
    issuer: trimIssuer(row.issuer),
    clientId: row.clientId,
    clientSecret: unsealText(secret, SSO_SECRET_SEAL, row.clientSecretSealed),
    domains: row.domains,
    roleClaim: row.roleClaim,
    roleMap: row.roleMap,
    ssoOnly: row.ssoOnly,
    sessionHours: row.sessionHours,
    version: row.updatedAt.toISOString(),
  };
}

/** The provider in force: the environment's, else the admin area's. */
export async function currentSsoProvider(db: Database, secret: string, environment: SsoEnvironment): Promise<SsoProvider | null> {
  if (environment) return { ...environment, source: 'env', issuer: trimIssuer(environment.issuer), version: 'env' };
  return readSsoRow(db, secret);
}

/** The version of the admin area's settings ('none' without any), read cheaply to see whether they changed. */
export async function ssoVersion(db: Database): Promise<string> {
  const [row] = await db
    .select({ updatedAt: ssoSettings.updatedAt, enabled: ssoSettings.enabled })
    .from(ssoSettings)
    .where(eq(ssoSettings.id, 1));
  return row && row.enabled ? row.updatedAt.toISOString() : 'none';
}

export const sealSsoSecret = (secret: string, clientSecret: string) => sealText(secret, SSO_SECRET_SEAL, clientSecret);

export const publicInfoOf = (provider: SsoProvider | null): SsoPublicInfo | null =>
  provider ? { name: provider.name, domains: provider.domains, ssoOnly: provider.ssoOnly } : null;

/** What the provider's discovery document says, as far as we use it. */
export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  scopes_supported?: string[];
  backchannel_logout_supported?: boolean;
}

/** `refused`: the guard would not reach an address of it (a private or metadata one), as opposed to a provider that is down or wrong. */
export type DiscoveryCheck = { ok: true; discovery: Discovery } | { ok: false; message: string; refused?: boolean };

const isUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Reads an issuer's discovery document through the guard (the issuer is a URL an admin typed), and
 * checks what the sign-in needs: the same issuer, the endpoints, and keys at the JWKS address. The
 * endpoints must be reachable by the guard's rules too, since the sign-in library fetches them
 * itself. `allow` is null for the environment's provider: the operator's choice, like SMTP_HOST.
 */
export async function checkDiscovery(issuer: string, allow: AllowList | null): Promise<DiscoveryCheck> {
  const fetchJson = async (url: string): Promise<unknown> => {
    const response = allow
      ? await guardedFetch(url, { allow, maxBytes: 512 * 1024, timeoutMs: 10_000, headers: { accept: 'application/json' } })
      : await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'follow' }).then(async (answer) => ({
          status: answer.status,
          body: Buffer.from(await answer.arrayBuffer()),
        }));
    if (response.status !== 200) throw new OutboundError('network', `The provider answered ${response.status}.`);
    try {
      return JSON.parse(response.body.toString('utf8')) as unknown;
    } catch {
      throw new OutboundError('network', 'The provider’s answer is not JSON.');
    }
  };
  try {
    const document = (await fetchJson(discoveryUrlOf(issuer))) as Partial<Record<keyof Discovery, unknown>> | null;
    if (!document || typeof document !== 'object') return { ok: false, message: 'The provider’s discovery document is not an object.' };
    if (typeof document.issuer !== 'string' || trimIssuer(document.issuer) !== trimIssuer(issuer))
      return { ok: false, message: `The provider calls itself ${String(document.issuer).slice(0, 200)}: enter that as the issuer URL.` };
    for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const)
      if (!isUrl(document[key])) return { ok: false, message: `The provider’s discovery document has no ${key}.` };
    const discovery = document as unknown as Discovery;
    if (allow)
      for (const url of [discovery.authorization_endpoint, discovery.token_endpoint, discovery.userinfo_endpoint].filter(isUrl))
        await assertReachable(url, allow);
    const keys = (await fetchJson(discovery.jwks_uri)) as { keys?: unknown } | null;
    if (!keys || !Array.isArray(keys.keys) || keys.keys.length === 0)
      return { ok: false, message: 'The provider publishes no signing keys.' };
    return { ok: true, discovery };
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : 'The provider could not be reached.';
    return {
      ok: false,
      message: `Its discovery document could not be read: ${message}`,
      ...(error instanceof OutboundError && error.reason === 'address' ? { refused: true } : {}),
    };
  }
}
