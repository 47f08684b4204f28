import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../db/client.ts';
import { departments, jobAlertMatches, jobAlerts, positions } from '../db/schema.ts';
import type { Jobs, JobSender } from '../jobs/queue.ts';
import { bossDbOf } from '../jobs/transaction.ts';

import { recordEvent } from '../events/record.ts';
import { alertFilterText, confirmJobAlert, jobAlertDigest } from '../mail/alert-templates.ts';
import { spendMailBudget } from '../mail/budget.ts';
import { admitPublicForm, isUniqueViolation, publicFormDeps, type PublicFormDeps } from '../public-form.ts';
import { hashSecretToken, newSecretToken } from '../secret-tokens.ts';
import type { Runtime } from '../runtime.ts';
import { isOpen } from '../positions/board.ts';
import { queueAlertDigest } from './digest-queue.ts';
import { emailField, textField } from '../../lib/forms.ts';
import { honeypotField } from '../../lib/honeypot.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Job alerts (issue 19). The rules:
 * - Subscribing (an address, an optional department and location) stores the alert unconfirmed and
 *   e-mails a confirmation link; nothing else is ever sent to an unconfirmed address. The answer is
 *   the same whether the address is new, pending or confirmed; a pending one gets a new link.
 * - Confirming and unsubscribing are POSTs (mail scanners open GET links); unsubscribing deletes
 *   the alert, also through the RFC 8058 one-click POST of the List-Unsubscribe header.
 * - A position is announced once, when it is first published (created active or activated):
 *   every confirmed matching alert gets a match (department and location each unset or equal, the
 *   location case-insensitively). Deactivated and activated again, it is not announced again.
 * - The digest job mails each alert its unsent matches still open, at most once per 24 hours;
 *   alerts mailed less than 24 hours ago wait for a later run.
 * Tokens: the confirmation token is random and only its SHA-256 is kept; the unsubscribe token is
 * an HMAC of the alert's id with AUTH_SECRET (every digest can carry it, none has to store it), and
 * again only its SHA-256 is kept.
 */

export const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const ALERTS_PATH = '/careers/alerts';
export const CONFIRM_PATH = '/careers/alerts/confirm';
export const UNSUBSCRIBE_PATH = '/careers/alerts/unsubscribe';

const unsubscribeToken = (secret: string, alertId: string) =>
  createHmac('sha256', secret).update(`job-alert-unsubscribe\0${alertId}`).digest('base64url');
/** Tokens are 32 bytes in base64url; anything else is refused before a query. */
const isTokenShaped = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

type DrizzleTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const alertFormSchema = z.object({
  email: emailField,
  department: z.optional(textField(z.maxLength(100))),
  location: z.optional(textField(z.maxLength(200))),
  ...honeypotField,
});
export type AlertFormInput = z.input<typeof alertFormSchema>;

export interface AlertDeps extends PublicFormDeps {
  secret: string;
}

export function alertDeps(runtime: Runtime): AlertDeps {
  return { ...publicFormDeps(runtime), secret: runtime.config.authSecret };
}

export type SubscribeResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; fieldErrors: Partial<Record<'email' | 'department' | 'location' | 'form', string>> }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

const filterOf = (alert: { departmentId: string | null; location: string | null }) =>
  and(
    alert.departmentId ? eq(jobAlerts.departmentId, alert.departmentId) : isNull(jobAlerts.departmentId),
    alert.location ? eq(jobAlerts.location, alert.location) : isNull(jobAlerts.location),
  );

/** Subscribes an address; the answer never tells whether it was known. */
export async function subscribeToAlerts(deps: AlertDeps, input: unknown, clientKey: string): Promise<SubscribeResult> {
  const admission = await admitPublicForm(deps, alertFormSchema, input, 'jobAlert', clientKey);
  if (admission.kind === 'invalid') return admission;
  if (admission.kind === 'rate-limited') return admission;
  if (admission.kind === 'honeypot') return { kind: 'sent' };
  const { email } = admission.form;
  const location = admission.form.location?.trim() || null;
  const wantedDepartment = admission.form.department?.trim();
  // An unknown department (deleted since the page was shown) is "any department".
  const [department] = isUuid(wantedDepartment)
    ? await deps.db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.id, wantedDepartment))
    : [];
  const departmentId = department?.id ?? null;
  const filter = alertFilterText({ departmentName: department?.name ?? null, location });
  // Already confirmed: nothing to do, and nothing to tell. Otherwise a confirmation goes out, within
  // the address's budget (spent before the transaction: the budget's counters use a connection of
  // their own). Over the budget nothing is stored either: an alert that cannot be confirmed is no use.
  const [known] = await deps.db
    .select({ confirmedAt: jobAlerts.confirmedAt })
    .from(jobAlerts)
    .where(and(eq(jobAlerts.email, email), filterOf({ departmentId, location })));
  if (known?.confirmedAt) return { kind: 'sent' };
  if (!(await spendMailBudget(deps.rateLimits, email, 'alert-confirmation'))) {
    deps.log({}, 'job alert confirmation withheld: mail budget spent');
    return { kind: 'sent' };
  }

  try {
    await deps.db.transaction(async (tx) => {
      const confirmToken = newSecretToken();
      const [existing] = await tx
        .select({ id: jobAlerts.id, confirmedAt: jobAlerts.confirmedAt })
        .from(jobAlerts)
        .where(and(eq(jobAlerts.email, email), filterOf({ departmentId, location })))
        .for('update');
      // Already confirmed: nothing to do, and nothing to tell.
      if (existing?.confirmedAt) return;
      let alertId: string;
      if (existing) {
        await tx
          .update(jobAlerts)
          .set({ confirmTokenHash: hashSecretToken(confirmToken) })
          .where(eq(jobAlerts.id, existing.id));
        alertId = existing.id;
      } else {
        const id = crypto.randomUUID();
        await tx.insert(jobAlerts).values({
          id,
          email,
          departmentId,
          location,
          confirmTokenHash: hashSecretToken(confirmToken),
          unsubscribeTokenHash: hashSecretToken(unsubscribeToken(deps.secret, id)),
        });
        alertId = id;
      }
      const unsubscribeUrl = `${deps.siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(deps.secret, alertId)}`;
      const mail = confirmJobAlert({ filter, confirmUrl: `${deps.siteUrl}${CONFIRM_PATH}?token=${confirmToken}`, unsubscribeUrl });
      await deps.jobs.enqueueEmail({ to: email, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) }, { db: bossDbOf(tx) });
    });
  } catch (error) {
    // The same address subscribed twice at the same moment: the other request sent the e-mail.
    if (!isUniqueViolation(error, 'job_alerts_email_filter')) throw error;
  }
  deps.log({}, 'job alert subscription requested');
  return { kind: 'sent' };
}

function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export type ConfirmResult = 'confirmed' | 'already-confirmed' | 'invalid';

/** Confirms the alert of a confirmation link (a POST: the page's button). */
export async function confirmAlert(db: Database, token: unknown, now = new Date()): Promise<ConfirmResult> {
  if (!isTokenShaped(token)) return 'invalid';
  const hash = hashSecretToken(token);
  // The confirmation and its event (an analytics goal, issue 57) are one change.
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobAlerts)
      .set({ confirmedAt: now })
      .where(and(eq(jobAlerts.confirmTokenHash, hash), isNull(jobAlerts.confirmedAt)))
      .returning({ departmentId: jobAlerts.departmentId, location: jobAlerts.location });
    if (row) await recordEvent(tx, { kind: 'alert.confirmed', data: { departmentId: row.departmentId, location: row.location } });
    return Boolean(row);
  });
  if (confirmed) return 'confirmed';
  const [known] = await db.select({ id: jobAlerts.id }).from(jobAlerts).where(eq(jobAlerts.confirmTokenHash, hash));
  return known ? 'already-confirmed' : 'invalid';
}

/** Whether a confirmation link is one we sent (the GET page shows its button, or says it is not). */
export async function isConfirmToken(db: Database, token: unknown): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const [row] = await db
    .select({ id: jobAlerts.id })
    .from(jobAlerts)
    .where(eq(jobAlerts.confirmTokenHash, hashSecretToken(token)));
  return Boolean(row);
}

/** Deletes the alert of an unsubscribe link: the address is no longer kept. False for an unknown token. */
export async function unsubscribeAlert(db: Database, token: unknown): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const deleted = await db
    .delete(jobAlerts)
    .where(eq(jobAlerts.unsubscribeTokenHash, hashSecretToken(token)))
    .returning({ id: jobAlerts.id });
  return deleted.length > 0;
}

export async function isUnsubscribeToken(db: Database, token: unknown): Promise<boolean> {
  if (!isTokenShaped(token)) return false;
  const [row] = await db
    .select({ id: jobAlerts.id })
    .from(jobAlerts)
    .where(eq(jobAlerts.unsubscribeTokenHash, hashSecretToken(token)));
  return Boolean(row);
}

/**
 * Called inside the transaction that publishes a position (created active, or activated): the
 * first time only, the position is marked announced and matched to every confirmed alert, and the
 * digest job is queued with the transaction.
 */
export async function announcePosition(tx: DrizzleTransaction, positionId: string, jobs?: Pick<JobSender, 'send'>): Promise<number> {
  const [position] = await tx
    .update(positions)
    .set({ announcedAt: sql`now()` })
    .where(and(eq(positions.id, positionId), isNull(positions.announcedAt), eq(positions.isActive, true)))
    .returning({ departmentId: positions.departmentId, location: positions.location });
  if (!position) return 0;
  const inserted = await tx.execute(sql`
    insert into ${jobAlertMatches} (alert_id, position_id)
    select ${jobAlerts.id}, ${positionId}::uuid from ${jobAlerts}
    where ${jobAlerts.confirmedAt} is not null
      and (${jobAlerts.departmentId} is null or ${jobAlerts.departmentId} = ${position.departmentId}::uuid)
      and (${jobAlerts.location} is null or lower(${jobAlerts.location}) = lower(${position.location}))
    on conflict do nothing`);
  const matched = inserted.rowCount ?? 0;
  if (matched > 0 && jobs) await queueAlertDigest(jobs, { db: bossDbOf(tx) });
  return matched;
}

export interface DigestDeps {
  db: Database;
  jobs: Pick<Jobs, 'enqueueEmail'>;
  siteUrl: string;
  secret: string;
}

/**
 * Sends every due digest. Returns how many were queued, and when the next waiting alert is due
 * (an alert mailed less than 24 hours ago), if any.
 */
export async function sendAlertDigests(deps: DigestDeps, now = new Date()): Promise<{ sent: number; nextDueAt: Date | null }> {
  const cutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const pending = await deps.db
    .selectDistinct({ id: jobAlerts.id, lastSentAt: jobAlerts.lastSentAt })
    .from(jobAlerts)
    .innerJoin(jobAlertMatches, eq(jobAlertMatches.alertId, jobAlerts.id))
    .innerJoin(positions, eq(positions.id, jobAlertMatches.positionId))
    .where(and(isNotNull(jobAlerts.confirmedAt), isNull(jobAlertMatches.sentAt), isOpen(now)));
  let sent = 0;
  let nextDueAt: Date | null = null;
  for (const alert of pending) {
    if (alert.lastSentAt && alert.lastSentAt > cutoff) {
      const due = new Date(alert.lastSentAt.getTime() + DIGEST_INTERVAL_MS);
      if (!nextDueAt || due < nextDueAt) nextDueAt = due;
      continue;
    }
    if (await sendDigest(deps, alert.id, now, cutoff)) sent += 1;
  }
  return { sent, nextDueAt };
}

async function sendDigest(deps: DigestDeps, alertId: string, now: Date, cutoff: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    // Locked, and checked again: another instance's run may be sending this one.
    const [alert] = await tx
      .select({
        id: jobAlerts.id,
        email: jobAlerts.email,
        lastSentAt: jobAlerts.lastSentAt,
        location: jobAlerts.location,
        departmentName: departments.name,
      })
      .from(jobAlerts)
      .leftJoin(departments, eq(departments.id, jobAlerts.departmentId))
      .where(and(eq(jobAlerts.id, alertId), isNotNull(jobAlerts.confirmedAt)))
      .for('update', { of: jobAlerts, skipLocked: true });
    if (!alert || (alert.lastSentAt && alert.lastSentAt > cutoff)) return false;
    const matches = await tx
      .select({ id: positions.id, title: positions.title, location: positions.location })
      .from(jobAlertMatches)
      .innerJoin(positions, eq(positions.id, jobAlertMatches.positionId))
      .where(and(eq(jobAlertMatches.alertId, alertId), isNull(jobAlertMatches.sentAt), isOpen(now)))
      .orderBy(asc(positions.createdAt), asc(positions.title));
    if (matches.length === 0) return false;
    const unsubscribeUrl = `${deps.siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(deps.secret, alertId)}`;
    const mail = jobAlertDigest({
      filter: alertFilterText({ departmentName: alert.departmentName, location: alert.location }),
      positions: matches.map((match) => ({
        title: match.title,
        location: match.location,
        url: `${deps.siteUrl}/careers/apply/${match.id}`,
      })),
      unsubscribeUrl,
    });
    await deps.jobs.enqueueEmail({ to: alert.email, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) }, { db: bossDbOf(tx) });
    await tx
      .update(jobAlertMatches)
      .set({ sentAt: now })
      .where(
        and(
          eq(jobAlertMatches.alertId, alertId),
          inArray(
            jobAlertMatches.positionId,
            matches.map((match) => match.id),
          ),
        ),
      );
    await tx.update(jobAlerts).set({ lastSentAt: now }).where(eq(jobAlerts.id, alertId));
    return true;
  });
}

/** An alert not confirmed this long after it was asked for is deleted, address and all. */
export const UNCONFIRMED_ALERT_DAYS = 7;

/** Deletes the alerts never confirmed within UNCONFIRMED_ALERT_DAYS (the hourly clean-up job). */
export async function removeUnconfirmedAlerts(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_ALERT_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(jobAlerts)
    .where(and(isNull(jobAlerts.confirmedAt), lt(jobAlerts.createdAt, cutoff)))
    .returning({ id: jobAlerts.id });
  return removed.length;
}

/** For admins: confirmed subscribers per filter, and how many wait for confirmation. Never addresses. */
export async function alertSubscriberCounts(db: Database) {
  const rows = await db
    .select({
      departmentName: departments.name,
      location: jobAlerts.location,
      confirmed: sql<number>`count(*) filter (where ${jobAlerts.confirmedAt} is not null)::int`,
      pending: sql<number>`count(*) filter (where ${jobAlerts.confirmedAt} is null)::int`,
    })
    .from(jobAlerts)
    .leftJoin(departments, eq(departments.id, jobAlerts.departmentId))
    .groupBy(jobAlerts.departmentId, departments.name, jobAlerts.location)
    .orderBy(sql`count(*) filter (where ${jobAlerts.confirmedAt} is not null) desc`, asc(departments.name), asc(jobAlerts.location));
  return rows;
}
