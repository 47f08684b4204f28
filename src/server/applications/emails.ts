import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import { withTransaction, type Database, type Transaction } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { applicationEmails, applications, emailTemplates, positions, users } from '../db/schema.ts';
import type { Jobs } from '../jobs/queue.ts';
import { candidateMessage } from '../mail/templates.ts';
import type { Runtime } from '../runtime.ts';
import { threadAddressing } from '../replies/addresses.ts';
import { applicationRuleMessages } from '../../lib/applications/texts.ts';
import {
  defaultTemplates,
  emailTemplateKeys,
  fillPlaceholders,
  type EmailTemplate,
  type EmailTemplateKey,
  type PlaceholderValues,
  placeholderValuesFor,
  type SendDelay,
} from '../../lib/applications/templates.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { recordEvent } from '../events/record.ts';

/**
 * E-mails to candidates from the admin area: templates admins edit, filled per candidate, sent
 * through the mail queue with replies coming back to the application (or to the sender, without a
 * reply address), and kept (as sent) on the application.
 */

export interface CandidateEmailDeps {
  db: Database;
  pool: pg.Pool;
  jobs: Pick<Jobs, 'enqueueEmail' | 'cancelEmail'>;
  /** The configured reply address (issue 35): each e-mail gets its thread's own; null: replies go to the sender. */
  replyAddress: string | null;
}

/** An e-mail as the admin sends it: the template's text (possibly edited), now or later (issue 32). */
export interface CandidateEmailInput {
  templateKey: EmailTemplateKey | null;
  subject: string;
  body: string;
  delayMinutes?: SendDelay;
}

export function candidateEmailDeps(runtime: Pick<Runtime, 'database' | 'jobs' | 'config'>): CandidateEmailDeps {
  return { db: runtime.database.db, pool: runtime.database.pool, jobs: runtime.jobs, replyAddress: runtime.config.inbound.replyAddress };
}

const storedTemplates = builtOnce((db: Database) => db.select().from(emailTemplates).prepare(''));

/** Every template: as edited, or the default text until it is. */
export async function listTemplates(db: Database): Promise<(EmailTemplate & { updatedAt: Date | null; updatedByEmail: string | null })[]> {
  const stored = await storedTemplates(db).execute();
  return emailTemplateKeys.map((key) => {
    const edited = stored.find((row) => row.key === key);
    return edited ? { ...edited } : { key, ...defaultTemplates[key], updatedAt: null, updatedByEmail: null };
  });
}

export async function saveTemplate(db: Database, actor: Actor, template: EmailTemplate): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(emailTemplates)
      .values({ ...template, updatedByEmail: actor.email })
      .onConflictDoUpdate({
        target: emailTemplates.key,
        set: { subject: template.subject, body: template.body, updatedAt: new Date(), updatedByEmail: actor.email },
      });
    await audit(tx, actor, 'template.updated', template.key);
  });
}

const placeholderRow = builtOnce((db: Pick<Database, 'select'>) =>
  db
    .select({ fullName: applications.fullName, positionTitle: positions.title })
    .from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .where(eq(applications.id, sql.placeholder('applicationId')))
    .prepare(''),
);

/** What the placeholders stand for, for one application and the admin sending. */
export async function placeholderValues(
  db: Pick<Database, 'select'>,
  applicationId: string,
  senderName: string,
): Promise<PlaceholderValues | null> {
  const [row] = await placeholderRow(db).execute({ applicationId });
  if (!row) return null;
  return placeholderValuesFor(row, senderName, siteConfig.name);
}

/** The name an e-mail is signed with: the sender's, or the company's. */
export async function senderName(db: Pick<Database, 'select'>, actor: Pick<Actor, 'id'>): Promise<string> {
  if (!actor.id) return siteConfig.name;
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  return user?.name ?? siteConfig.name;
}

/** Fills, queues and records one e-mail to an application's candidate, inside a transaction. */
export async function sendInTransaction(
  tx: Transaction,
  deps: Pick<CandidateEmailDeps, 'jobs' | 'replyAddress'>,
  actor: Actor,
  applicationId: string,
  email: CandidateEmailInput,
  sender: string,
): Promise<boolean> {
  const [to] = await tx.db
    .select({ email: applications.email, fullName: applications.fullName, positionId: applications.positionId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const values = await placeholderValues(tx.db, applicationId, sender);
  if (!to || !values) return false;
  const subject = fillPlaceholders(email.subject, values);
  const body = fillPlaceholders(email.body, values);
  // A delayed e-mail waits in the queue until then, and can be cancelled until it goes.
  const sendAt = email.delayMinutes ? new Date(Date.now() + email.delayMinutes * 60_000) : null;
  // The job commits with the row: an e-mail is recorded if and only if it is queued.
  // Replies come back to the application's timeline (issue 35), and tell this sender.
  const addressing = await threadAddressing(
    tx.db,
    deps.replyAddress,
    { applicationId },
    { sentByUserId: actor.id, fallbackReplyTo: actor.email },
  );
  const jobId = await deps.jobs.enqueueEmail(
    { to: to.email, ...candidateMessage({ subject, body }), ...addressing },
    { db: tx, ...(sendAt ? { startAfter: sendAt } : {}) },
  );
  await tx.db.insert(applicationEmails).values({
    applicationId,
    senderUserId: actor.id,
    senderEmail: actor.email,
    templateKey: email.templateKey,
    subject,
    body,
    sendAt,
    jobId,
  });
  // The subject stays out of the audit log: it may name the candidate, and erasure keeps audit entries.
  await audit(tx.db, actor, 'application.email_sent', applicationId, {
    template: email.templateKey,
    ...(sendAt ? { sendAt: sendAt.toISOString() } : {}),
  });
  // The application's followers are told a rejection went (or will go) out (issue 51).
  if (email.templateKey === 'rejection')
    await recordEvent(tx.db, {
      kind: 'rejection.sent',
      applicationId,
      positionId: to.positionId,
      actorUserId: actor.id,
      data: { candidateName: to.fullName, sendAt: sendAt?.toISOString() ?? null },
    });
  return true;
}

/**
 * Cancels a delayed e-mail before it goes: its job leaves the queue and the e-mail stays on the
 * timeline as not sent. Refused once it is going or gone.
 */
export async function cancelCandidateEmail(deps: CandidateEmailDeps, actor: Actor, applicationId: string, emailId: string): Promise<void> {
  await withTransaction(deps.pool, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(applicationEmails)
      .where(and(eq(applicationEmails.id, emailId), eq(applicationEmails.applicationId, applicationId)))
      .for('update');
    if (!row) throw new AdminRuleError(emailRuleMessages.gone);
    if (row.cancelledAt) return;
    if (!row.sendAt || !row.jobId || row.sendAt.getTime() <= Date.now() || !(await deps.jobs.cancelEmail(row.jobId)))
      throw new AdminRuleError(emailRuleMessages.alreadySent);
    await tx.db
      .update(applicationEmails)
      .set({ cancelledAt: new Date(), cancelledByEmail: actor.email })
      .where(eq(applicationEmails.id, emailId));
    await audit(tx.db, actor, 'application.email_cancelled', applicationId, { template: row.templateKey });
    if (row.templateKey === 'rejection') {
      const [application] = await tx.db
        .select({ fullName: applications.fullName, positionId: applications.positionId })
        .from(applications)
        .where(eq(applications.id, applicationId));
      await recordEvent(tx.db, {
        kind: 'rejection.withdrawn',
        applicationId,
        positionId: application?.positionId ?? null,
        actorUserId: actor.id,
        data: { candidateName: application?.fullName ?? '' },
      });
    }
  });
}

export const emailRuleMessages = {
  gone: 'This e-mail no longer exists.',
  alreadySent: 'This e-mail has already gone: it can no longer be cancelled.',
} as const;

/** The delayed e-mails of an application still to go (not cancelled), soonest first. */
export async function scheduledCandidateEmails(db: Pick<Database, 'select'>, applicationId: string) {
  return scheduledOf(db).execute({ applicationId });
}

const scheduledOf = builtOnce((db: Pick<Database, 'select'>) =>
  db
    .select({ id: applicationEmails.id, subject: applicationEmails.subject, sendAt: applicationEmails.sendAt })
    .from(applicationEmails)
    .where(
      and(
        eq(applicationEmails.applicationId, sql.placeholder('applicationId')),
        isNull(applicationEmails.cancelledAt),
        gt(applicationEmails.sendAt, sql`now()`),
      ),
    )
    .orderBy(asc(applicationEmails.sendAt))
    .prepare(''),
);

export async function emailCandidate(
  deps: CandidateEmailDeps,
  actor: Actor,
  applicationId: string,
  email: CandidateEmailInput,
): Promise<void> {
  const sender = await senderName(deps.db, actor);
  const sent = await withTransaction(deps.pool, (tx) => sendInTransaction(tx, deps, actor, applicationId, email, sender));
  if (!sent) throw new AdminRuleError(applicationRuleMessages.gone);
}

/** The e-mails sent to an application's candidate, oldest first. */
export async function listCandidateEmails(db: Database, applicationId: string) {
  return db
    .select()
    .from(applicationEmails)
    .where(eq(applicationEmails.applicationId, applicationId))
    .orderBy(asc(applicationEmails.createdAt));
}
