import type { Auth } from '../accounts/auth.ts';
import { currentSsoProvider, ssoVersion, type SsoEnvironment, type SsoProvider } from './provider.ts';
import type { Database } from '../db/client.ts';

/**
 * The sign-in library's instance, rebuilt when the provider's settings change (decision 074):
 * Better Auth reads its providers once, when it is made, and an admin may change them on
 * /admin/sso at any time. Every instance of a fleet checks the settings' version at most every
 * few seconds, when someone signs in or a session is read, and makes a new one when it moved.
 * Readers hold `auth` (a stable face that always calls the newest instance).
 */

export interface SsoHolder {
  /** The provider in force on this instance. */
  current(): SsoProvider | null;
  /** Rebuilds when the admin area's settings changed; `force` reads them now. */
  refresh(force?: boolean): Promise<SsoProvider | null>;
}

/** Better Auth, with the single sign-on holder beside it. */
export type SiteAuth = Auth & { readonly sso: SsoHolder };

export interface AuthHolderDeps {
  db: Database;
  secret: string;
  environment: SsoEnvironment;
  build: (sso: SsoProvider | null) => Auth;
  log: (data: object, message: string) => void;
  /** How long a version read is believed (ms). */
  checkEveryMs?: number;
}

export async function createAuthHolder(deps: AuthHolderDeps): Promise<SiteAuth> {
  const checkEveryMs = deps.checkEveryMs ?? 5_000;
  let provider = await currentSsoProvider(deps.db, deps.secret, deps.environment);
  let instance = deps.build(provider);
  let version = provider?.version ?? 'none';
  let checkedAt = Date.now();
  let pending: Promise<SsoProvider | null> | null = null;

  const reload = async (): Promise<SsoProvider | null> => {
    const seen = await ssoVersion(deps.db);
    checkedAt = Date.now();
    if (seen === version) return provider;
    provider = await currentSsoProvider(deps.db, deps.secret, deps.environment);
    instance = deps.build(provider);
    version = provider?.version ?? 'none';
    deps.log({ sso: provider ? provider.issuer : null }, 'single sign-on settings changed: sign-in rebuilt');
    return provider;
  };

  const holder: SsoHolder = {
    current: () => provider,
    refresh(force = false) {
      // The environment's provider never changes while the server runs.
      if (deps.environment) return Promise.resolve(provider);
      if (!force && Date.now() - checkedAt < checkEveryMs) return Promise.resolve(provider);
      pending ??= reload().finally(() => {
        pending = null;
      });
      return pending;
    },
  };

  return new Proxy({} as SiteAuth, {
    get: (_target, key) => (key === 'sso' ? holder : Reflect.get(instance, key)),
    has: (_target, key) => key === 'sso' || Reflect.has(instance, key),
  });
}
