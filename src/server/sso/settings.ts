import { eq } from 'drizzle-orm';
import { AdminRuleError, type Actor, type Tx } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, ssoSettings, users } from '../db/schema.ts';
import { isBreakGlassAdmin } from './policy.ts';
import type { AllowList } from '../outbound/guarded-fetch.ts';
import { checkDiscovery, sealSsoSecret, trimIssuer, type SsoEnvironment } from './provider.ts';
import type { SsoHolder } from './holder.ts';
import { SSO_PROVIDER_ID, type SsoSettingsInput } from '../../lib/accounts/sso.ts';
import type { Runtime } from '../runtime-types.ts';

/**
 * /admin/sso (issue 56): an admin sets the company's provider. The issuer is read before it is
 * kept (through the guard: a URL an admin typed), so a mistyped one is named at once, not at the
 * first staff sign-in. Saving rebuilds this instance's sign-in at once; the others follow within
 * seconds (sso/holder.ts).
 */

export interface SsoSettingsDeps {
  db: Database;
  /** AUTH_SECRET: seals the client secret. */
  secret: string;
  allow: AllowList;
  environment: SsoEnvironment;
  sso: Pick<SsoHolder, 'refresh'>;
}

export const ssoMessages = {
  environment: 'The provider is set by the server’s environment (SSO_OIDC_*): change it there.',
  secretNeeded: 'Client secret: enter the secret the provider gave.',
  secretForNewClient: 'Client secret: enter the new client’s secret (the kept one is never sent to another issuer or client).',
  noBreakGlass:
    'Policy: first make a break-glass admin with npm run admin:create, who can sign in with a password when the provider cannot.',
  discovery: (message: string) => `Issuer URL: ${message}`,
  none: 'There is no provider to remove.',
} as const;

/** What the admin page may show of the kept settings: everything but the secret. */
export async function readSsoForm(db: Database) {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.id, 1));
  if (!row) return null;
  const { clientSecretSealed: _sealed, ...shown } = row;
  return shown;
}

/** The admins who may sign in with a password whatever the policy (sso/policy.ts). */
export async function breakGlassAdmins(db: Database | Tx) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, breakGlass: users.breakGlass })
    .from(users)
    .where(eq(users.breakGlass, true));
  return rows.filter(isBreakGlassAdmin);
}

/**
 * The people's links to the provider (their subjects, refresh tokens) and the sessions it began:
 * when the provider goes or another takes its place, whose subject is whose starts again.
 */
async function forgetLinks(tx: Tx): Promise<void> {
  await tx.delete(accounts).where(eq(accounts.providerId, SSO_PROVIDER_ID));
  await tx.delete(sessions).where(eq(sessions.method, 'sso'));
}

export async function saveSsoSettings(deps: SsoSettingsDeps, actor: Actor, input: SsoSettingsInput): Promise<void> {
  if (deps.environment) throw new AdminRuleError(ssoMessages.environment);
  const issuer = trimIssuer(input.issuer);
  if (input.enabled) {
    const check = await checkDiscovery(issuer, deps.allow);
    if (!check.ok) throw new AdminRuleError(ssoMessages.discovery(check.message));
  }
  await deps.db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ sealed: ssoSettings.clientSecretSealed, issuer: ssoSettings.issuer, clientId: ssoSettings.clientId })
      .from(ssoSettings)
      .where(eq(ssoSettings.id, 1))
      .for('update');
    const sameClient = kept !== undefined && trimIssuer(kept.issuer) === issuer && kept.clientId === input.clientId;
    // A kept secret is never sent to the browser: left empty, it stays, for the same issuer and client only.
    if (!input.clientSecret && kept && !sameClient) throw new AdminRuleError(ssoMessages.secretForNewClient);
    const sealed = input.clientSecret ? sealSsoSecret(deps.secret, input.clientSecret) : kept?.sealed;
    if (!sealed) throw new AdminRuleError(ssoMessages.secretNeeded);
    // Nobody is locked out by the policy: someone keeps a way in that does not need the provider.
    if (input.ssoOnly && input.enabled && (await breakGlassAdmins(tx)).length === 0) throw new AdminRuleError(ssoMessages.noBreakGlass);
    // Another issuer's subjects are other people: the links to the old one go, with their sessions.
    if (kept && trimIssuer(kept.issuer) !== issuer) await forgetLinks(tx);
    const values = {
      name: input.name,
      issuer,
      clientId: input.clientId,
      clientSecretSealed: sealed,
      domains: input.domains,
      roleClaim: input.roleClaim,
      roleMap: input.roleMap,
      ssoOnly: input.ssoOnly,
      sessionHours: input.sessionHours,
      enabled: input.enabled,
      updatedByUserId: actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(ssoSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: ssoSettings.id, set: values }); // Everything as saved but the secret, which is only said to have changed.
    const { clientSecretSealed: _sealed, updatedByUserId: _by, updatedAt: _at, name: _name, ...shown } = values;
    await audit(tx, actor, 'sso.settings_saved', '1', { ...shown, ...(input.clientSecret ? { secretChanged: true } : {}) });
  });
  await deps.sso.refresh(true);
}

/** Removes the provider: its links and the sessions it began end; staff sign in with the site's passwords (or reset one). */
export async function removeSsoSettings(deps: SsoSettingsDeps, actor: Actor): Promise<void> {
  if (deps.environment) throw new AdminRuleError(ssoMessages.environment);
  await deps.db.transaction(async (tx) => {
    const [removed] = await tx.delete(ssoSettings).where(eq(ssoSettings.id, 1)).returning({ issuer: ssoSettings.issuer });
    if (!removed) throw new AdminRuleError(ssoMessages.none);
    await forgetLinks(tx);
    await audit(tx, actor, 'sso.settings_removed', '1', { issuer: removed.issuer });
  });
  await deps.sso.refresh(true);
}

export function ssoSettingsDeps(runtime: Pick<Runtime, 'database' | 'config' | 'auth'>): SsoSettingsDeps {
  return {
    db: runtime.database.db,
    secret: runtime.config.authSecret,
    allow: runtime.config.outboundAllow,
    environment: runtime.config.sso,
    sso: runtime.auth.sso,
  };
}
