import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { integrationDeliveries, integrationEndpoints } from '../db/schema.ts';
import { sealText, unsealText } from '../mail/sealed.ts';
import { everyAddressReachable, mayReach, type AllowList } from '../outbound/guarded-fetch.ts';
import type { JobSender } from '../jobs/queue.ts';
import type { Runtime } from '../runtime-types.ts';
import type { IntegrationInput, IntegrationKind } from '../../lib/integrations/integration.ts';

/** The integrations' job queue (deliver.ts imports this file: the name is kept here). */
export const DELIVER_INTEGRATIONS = 'deliver-integrations';

/**
 * Integrations as admins keep them (issue 55): added, changed, switched off and on, given a new
 * secret, deleted; every step audited. A URL is checked when it is saved (a private, loopback or
 * metadata address is refused, as every send checks it again: outbound/guarded-fetch.ts), and kept
 * sealed. A webhook's secret is shown once, when it is made.
 */

export const INTEGRATION_URL_SEAL = 'integration url';
export const INTEGRATION_SECRET_SEAL = 'integration secret';

export const integrationMessages = {
  gone: 'This integration no longer exists',
  privateAddress: 'URL: it points to a private, local or metadata address, which this site does not send to.',
  unknownHost: 'URL: its host name could not be found.',
  urlNeeded: 'URL: enter the address to send to.',
  kindFixed: 'An integration’s kind cannot change: add a new one',
  notWebhook: 'Only a webhook has a signing secret',
  deliveryGone: 'This delivery is no longer in the log',
  sending: 'This delivery is being sent right now: try again in a minute',
} as const;

export interface IntegrationDeps {
  db: Database;
  /** Wakes an integration's deliveries (switched on again, a delivery sent again). */
  jobs: Pick<JobSender, 'send'>;
  /** AUTH_SECRET: seals URLs and secrets. */
  secret: string;
  allow: AllowList;
}

export function integrationDeps(runtime: Pick<Runtime, 'database' | 'config' | 'jobs'>): IntegrationDeps {
  return { db: runtime.database.db, jobs: runtime.jobs, secret: runtime.config.authSecret, allow: runtime.config.outboundAllow };
}

/** A new signing secret, in the form the Standard Webhooks libraries read: whsec_ and 24 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Refuses a URL whose host is, or resolves to, an address the site does not send to. */
export async function assertSendable(url: string, allow: AllowList): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!mayReach(host, host, allow)) throw new AdminRuleError(integrationMessages.privateAddress);
    return;
  }
  const addresses = await lookup(host, { all: true, verbatim: true }).catch(() => null);
  if (!addresses || addresses.length === 0) throw new AdminRuleError(integrationMessages.unknownHost);
  if (!everyAddressReachable(host, addresses, allow)) throw new AdminRuleError(integrationMessages.privateAddress);
}

export const urlOf = (deps: Pick<IntegrationDeps, 'secret'>, sealed: string) => unsealText(deps.secret, INTEGRATION_URL_SEAL, sealed);
export const secretOf = (deps: Pick<IntegrationDeps, 'secret'>, sealed: string) => unsealText(deps.secret, INTEGRATION_SECRET_SEAL, sealed);

/** Adds an integration, or changes one. A new webhook's secret is returned, to be shown once. */
export async function saveIntegration(
  deps: IntegrationDeps,
  actor: Actor,
  input: IntegrationInput,
): Promise<{ id: string; secret: string | null }> {
  if (input.url) await assertSendable(input.url, deps.allow);
  // An integration's URL left empty stays as it is.
  const url = input.url ? { urlSealed: sealText(deps.secret, INTEGRATION_URL_SEAL, input.url), urlHost: new URL(input.url).host } : {};
  return deps.db.transaction(async (tx) => {
    if (input.id) {
      const [current] = await tx
        .select({ kind: integrationEndpoints.kind })
        .from(integrationEndpoints)
        .where(eq(integrationEndpoints.id, input.id))
        .for('update');
      if (!current) throw new AdminRuleError(integrationMessages.gone);
      if (current.kind !== input.kind) throw new AdminRuleError(integrationMessages.kindFixed);
      await tx
        .update(integrationEndpoints)
        .set({ name: input.name, events: input.events, ...url, updatedAt: new Date() })
        .where(eq(integrationEndpoints.id, input.id));
      await audit(tx, actor, 'integration.updated', input.id, {
        name: input.name,
        ...(url.urlHost ? { host: url.urlHost } : {}),
        events: input.events,
      });
      return { id: input.id, secret: null };
    }
    if (!url.urlSealed || !url.urlHost) throw new AdminRuleError(integrationMessages.urlNeeded);
    const secret = input.kind === 'webhook' ? newSigningSecret() : null;
    const [row] = await tx
      .insert(integrationEndpoints)
      .values({
        kind: input.kind,
        name: input.name,
        events: input.events,
        urlSealed: url.urlSealed,
        urlHost: url.urlHost,
        secretSealed: secret ? sealText(deps.secret, INTEGRATION_SECRET_SEAL, secret) : null,
        createdByUserId: actor.id,
      })
      .returning({ id: integrationEndpoints.id });
    await audit(tx, actor, 'integration.created', row!.id, { kind: input.kind, name: input.name, host: url.urlHost, events: input.events });
    return { id: row!.id, secret };
  });
}

/** Switches an integration off, or on again: what waited for it is then sent, in order. */
export async function setIntegrationEnabled(
  deps: Pick<IntegrationDeps, 'db' | 'jobs'>,
  actor: Actor,
  id: string,
  enabled: boolean,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(integrationEndpoints)
      .set(
        enabled
          ? { enabled, disabledAt: null, disabledReason: null, failingSince: null, updatedAt: new Date() }
          : { enabled, disabledAt: new Date(), disabledReason: null, updatedAt: new Date() },
      )
      .where(eq(integrationEndpoints.id, id))
      .returning({ id: integrationEndpoints.id });
    if (!row) throw new AdminRuleError(integrationMessages.gone);
    if (enabled)
      // Deliveries that waited are due now, with a day of tries again (their back-off and their
      // tries were the receiver's failure, now mended; if not, it is switched off again in a day).
      await tx
        .update(integrationDeliveries)
        .set({ nextAttemptAt: new Date(), attempts: 0 })
        .where(and(eq(integrationDeliveries.endpointId, id), eq(integrationDeliveries.state, 'pending')));
    await audit(tx, actor, enabled ? 'integration.enabled' : 'integration.disabled', id);
  });
  if (enabled) await wakeIntegration(deps.jobs, id);
}

/** Queues an integration's job now (one waits per integration: a second is not queued beside it). */
export const wakeIntegration = (jobs: Pick<JobSender, 'send'>, endpointId: string) =>
  jobs.send(DELIVER_INTEGRATIONS, { endpointId }, { singletonKey: endpointId });

/** A webhook's new signing secret (the old one stops at once): returned to be shown once. */
export async function newIntegrationSecret(deps: IntegrationDeps, actor: Actor, id: string): Promise<string> {
  const secret = newSigningSecret();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ kind: integrationEndpoints.kind })
      .from(integrationEndpoints)
      .where(eq(integrationEndpoints.id, id))
      .for('update');
    if (!row) throw new AdminRuleError(integrationMessages.gone);
    if (row.kind !== 'webhook') throw new AdminRuleError(integrationMessages.notWebhook);
    await tx
      .update(integrationEndpoints)
      .set({ secretSealed: sealText(deps.secret, INTEGRATION_SECRET_SEAL, secret), updatedAt: new Date() })
      .where(eq(integrationEndpoints.id, id));
    await audit(tx, actor, 'integration.secret_renewed', id);
  });
  return secret;
}

/** Deletes an integration with its delivery log. */
export async function deleteIntegration(deps: Pick<IntegrationDeps, 'db'>, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(integrationEndpoints)
      .where(eq(integrationEndpoints.id, id))
      .returning({ name: integrationEndpoints.name });
    if (!row) throw new AdminRuleError(integrationMessages.gone);
    await audit(tx, actor, 'integration.deleted', id, { name: row.name });
  });
}

/**
 * Sends a delivery again, with the same id and bytes (a receiver that keeps the ids it saw takes it
 * once): it waits for its thread's earlier deliveries, as any does.
 */
export async function redeliver(
  deps: Pick<IntegrationDeps, 'db' | 'jobs'>,
  actor: Actor,
  deliveryId: string,
): Promise<{ endpointId: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const now = new Date();
    // Not one being sent this moment (its lease): its try's end would overwrite this.
    const [row] = await tx
      .update(integrationDeliveries)
      .set({ state: 'pending', nextAttemptAt: now, attempts: sql`0` })
      .where(
        and(
          eq(integrationDeliveries.id, deliveryId),
          or(isNull(integrationDeliveries.leaseUntil), lt(integrationDeliveries.leaseUntil, now)),
        ),
      )
      .returning({ endpointId: integrationDeliveries.endpointId, kind: integrationDeliveries.kind });
    if (!row) {
      const [exists] = await tx
        .select({ id: integrationDeliveries.id })
        .from(integrationDeliveries)
        .where(eq(integrationDeliveries.id, deliveryId));
      throw new AdminRuleError(exists ? integrationMessages.sending : integrationMessages.deliveryGone);
    }
    await audit(tx, actor, 'integration.redelivered', row.endpointId, { delivery: deliveryId, event: row.kind });
    return { endpointId: row.endpointId };
  });
  await wakeIntegration(deps.jobs, result.endpointId);
  return result;
}

export type { IntegrationKind };
