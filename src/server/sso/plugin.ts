import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { discoveryUrlOf, type SsoProvider } from './provider.ts';
import { ownsAddress, SSO_PROVIDER_ID } from '../../lib/accounts/sso.ts';

/**
 * The company's provider as Better Auth's generic OAuth provider (decision 074): discovery, the
 * authorization code flow with PKCE, state and a nonce bound to the browser, and the ID token
 * verified against the provider's keys, issuer and our client ID, all by the library. Ours: only
 * addresses of the provider's domains get in, and what a new account is called.
 */

/** What one sign-in's callback learnt, for the code that runs after the library answered (auth-handler.ts). */
export interface SsoCallbackScope {
  /** The verified claims (the ID token's, or the user info's). */
  claims?: Record<string, unknown>;
  /** The account was made by this sign-in. */
  created?: boolean;
}

// One store for the process: the server's wiring and Astro's build each evaluate this module
// (decision 060), and the library's hooks (made by the wiring) must see the scope the callback
// route (in Astro's build) opened.
const SCOPE = Symbol.for('helixpoint.ssoCallbackScope');
type GlobalWithScope = typeof globalThis & { [SCOPE]?: AsyncLocalStorage<SsoCallbackScope> };
export const ssoCallbackScope: AsyncLocalStorage<SsoCallbackScope> = ((globalThis as GlobalWithScope)[SCOPE] ??=
  new AsyncLocalStorage<SsoCallbackScope>());

const NAME = /[^\p{L}\p{M}\s'’-]/gu;

/** A name the sign-up rules accept (2 to 100 letters), from a claim, else from the address. */
function nameOf(value: unknown, fallback: string): string {
  const cleaned = (typeof value === 'string' ? value : '').replace(NAME, '').replace(/\s+/g, ' ').trim().slice(0, 100);
  return cleaned.length >= 2 ? cleaned : fallback;
}

/** First and last name from the claims: given and family names, else the full name split, else the address. */
export function namesOf(claims: Record<string, unknown>, email: string): { firstName: string; lastName: string } {
  const local = email.slice(0, email.indexOf('@')).replace(/[^A-Za-z]/g, '');
  const fromAddress = local.length >= 2 ? local[0]!.toUpperCase() + local.slice(1).toLowerCase() : 'Staff';
  const [first, ...rest] = typeof claims['name'] === 'string' ? claims['name'].trim().split(/\s+/) : [];
  return {
    firstName: nameOf(claims['given_name'] ?? first, fromAddress),
    lastName: nameOf(claims['family_name'] ?? rest.join(' '), 'Member'),
  };
}

/** A username the sign-up rules accept and nobody has: the address's local part, numbered when taken. */
export async function freeUsername(db: Database, email: string): Promise<string> {
  let base = email
    .slice(0, email.indexOf('@'))
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 26);
  if (base.length < 3) base = `${base}staff`.slice(0, 26);
  const taken = new Set(
    (
      await db
        .select({ username: sql<string>`lower(${users.username})` })
        .from(users)
        .where(sql`lower(${users.username}) like ${`${base.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`)
    ).map((row) => row.username),
  );
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A sign-up with the address that was never confirmed is a stranger's (decision 028): it gives way
 * to the person the company's directory vouches for, as it gives way to a new sign-up.
 */
async function dropPendingSignUp(db: Database, email: string): Promise<void> {
  await db.delete(users).where(and(eq(users.email, email), eq(users.emailVerified, false)));
}

/** Google refuses the offline_access scope and asks for access_type=offline instead. */
const isGoogle = (issuer: string) => new URL(issuer).hostname === 'accounts.google.com';

export function ssoPlugin(provider: SsoProvider, db: Database) {
  return genericOAuth({
    config: [
      {
        providerId: SSO_PROVIDER_ID,
        name: provider.name,
        discoveryUrl: discoveryUrlOf(provider.issuer),
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        // offline_access: a refresh token, which the recheck uses to learn that someone has left.
        scopes: ['openid', 'email', 'profile', ...(isGoogle(provider.issuer) ? [] : ['offline_access'])],
        ...(isGoogle(provider.issuer) ? { accessType: 'offline' } : {}),
        pkce: true,
        // No sign-in without a verified ID token: a provider whose discovery lacks keys is left out.
        requireIdTokenVerification: true,
        mapProfileToUser: async (profile) => {
          const claims = profile as Record<string, unknown>;
          const email = typeof claims['email'] === 'string' ? claims['email'].trim().toLowerCase() : '';
          // The provider speaks for its own domains only: an address elsewhere (a candidate's, an
          // admin's personal one) is never signed into or linked through it.
          if (!ownsAddress(provider.domains, email))
            throw new APIError('FORBIDDEN', { code: 'SSO_DOMAIN', message: 'The address is outside the provider’s domains.' });
          // Google's issuer is every Google account's: only the company's Workspace (its hosted domain) counts.
          if (isGoogle(provider.issuer) && !provider.domains.includes(String(claims['hd'] ?? '').toLowerCase()))
            throw new APIError('FORBIDDEN', { code: 'SSO_DOMAIN', message: 'The account is not of the company’s Workspace.' });
          // An address the provider says it checked (email_verified) may be linked to the account a
          // person already has here; one it did not (a user who typed their own address in the
          // provider's account console) may only make a new account or sign into the one linked
          // to this subject before (decision 074).
          // Entra ID sends no email_verified; its optional claim xms_edov says the same (docs/operations.md).
          const verified = [claims['email_verified'], claims['xms_edov']].some((value) => value === true || value === 'true');
          if (verified) await dropPendingSignUp(db, email);
          const scope = ssoCallbackScope.getStore();
          if (scope) scope.claims = claims;
          const { firstName, lastName } = namesOf(claims, email);
          return {
            email,
            emailVerified: verified,
            name: `${firstName} ${lastName}`,
            firstName,
            lastName,
            username: await freeUsername(db, email),
          };
        },
      },
    ],
  });
}
