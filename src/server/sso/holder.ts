import type { Auth } from '../accounts/auth.ts';
import type { AllowList } from '../outbound/guarded-fetch.ts';
import { checkDiscovery, currentSsoProvider, ssoVersion, type SsoEnvironment, type SsoProvider } from './provider.ts';
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
  /** OUTBOUND_ALLOWED_HOSTS: an admin's issuer is read through the guard again before each build. */
  allow: AllowList;
  build: (sso: SsoProvider | null) => Auth;
  log: (data: object, message: string) => void;
  /** How long a version read is believed (ms). */
  checkEveryMs?: number;
  /** How long a new instance may take to read its provider before the site goes on without it (ms). */
  readyWithinMs?: number;
}

export async function createAuthHolder(deps: AuthHolderDeps): Promise<SiteAuth> {
  const checkEveryMs = deps.checkEveryMs ?? 5_000;
  const retryUnusableMs = Math.max(checkEveryMs, 60_000);
  const readyWithinMs = deps.readyWithinMs ?? 10_000;
  let provider: SsoProvider | null = null;
  let instance: Auth;
  let version = 'none';
  let checkedAt = 0;
  let pending: Promise<SsoProvider | null> | null = null;

  /** The provider as kept, or null (logged) when it cannot be used: its secret unreadable, its issuer refused by the guard. */
  const usable = async (): Promise<SsoProvider | null> => {
    let next: SsoProvider | null;
    try {
      next = await currentSsoProvider(deps.db, deps.secret, deps.environment);
    } catch (error) {
      // A restore onto a server with another AUTH_SECRET: the site runs, staff use passwords until an admin saves it again.
      deps.log(
        { err: { message: (error as Error).message } },
        'single sign-on left off: its settings could not be read (AUTH_SECRET changed?)',
      );
      return null;
    }
    if (next?.source === 'admin') {
      // The library fetches the issuer's documents itself, unguarded: they are read through the guard first, each time.
      const check = await checkDiscovery(next.issuer, deps.allow);
      if (!check.ok && check.refused) {
        deps.log({ issuer: next.issuer }, `single sign-on left off: ${check.message}`);
        return null;
      }
    }
    return next;
  };

  /**
   * Makes an instance for the provider, once it has read the provider's discovery document; a
   * provider that hangs does not hang the site: after `readyWithinMs` it goes on without it.
   */
  const ready = async (next: SsoProvider | null): Promise<{ auth: Auth; provider: SsoProvider | null }> => {
    const made = deps.build(next);
    if (!next) return { auth: made, provider: null };
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      made.$context.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), readyWithinMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (inTime) return { auth: made, provider: next };
    deps.log({ issuer: next.issuer }, 'single sign-on left off for now: the provider did not answer in time');
    return { auth: deps.build(null), provider: null };
  };

  const reload = async (): Promise<SsoProvider | null> => {
    const seen = await ssoVersion(deps.db);
    checkedAt = Date.now();
    if (seen === version) return provider;
    const made = await ready(await usable());
    instance = made.auth;
    provider = made.provider;
    // A provider left off for now is tried again at the next check.
    version = made.provider || seen === 'none' ? seen : 'unusable';
    deps.log({ sso: provider ? provider.issuer : null }, 'single sign-on settings read: sign-in rebuilt');
    return provider;
  };

  const first = await ready(await usable());
  instance = first.auth;
  provider = first.provider;
  version = provider?.version ?? (deps.environment ? 'env' : await ssoVersion(deps.db));
  if (!provider && version !== 'none') version = 'unusable';
  checkedAt = Date.now();

  const holder: SsoHolder = {
    current: () => provider,
    refresh(force = false) {
      // The environment's provider never changes while the server runs.
      if (deps.environment) return Promise.resolve(provider);
      if (force) {
        // A forced read starts after one under way, which may have read the settings before they changed.
        const next = (pending ?? Promise.resolve(provider)).then(reload, reload);
        const settled: Promise<SsoProvider | null> = next
          .catch(() => provider)
          .finally(() => {
            if (pending === settled) pending = null;
          });
        pending = settled;
        return next;
      }
      // Otherwise nobody waits: the settings are read in the background when due, and a request
      // meanwhile is answered with the provider this instance has (a few seconds old at most). A
      // provider left off is tried again every minute.
      const due = Date.now() - checkedAt >= (version === 'unusable' ? retryUnusableMs : checkEveryMs);
      if (due && !pending) {
        checkedAt = Date.now();
        const next: Promise<SsoProvider | null> = reload()
          .catch((error: unknown) => {
            deps.log({ err: { message: (error as Error).message } }, 'single sign-on settings could not be read; kept as they were');
            return provider;
          })
          .finally(() => {
            if (pending === next) pending = null;
          });
        pending = next;
      }
      return Promise.resolve(provider);
    },
  };

  return new Proxy({} as SiteAuth, {
    get: (_target, key) => (key === 'sso' ? holder : Reflect.get(instance, key)),
    has: (_target, key) => key === 'sso' || Reflect.has(instance, key),
  });
}
