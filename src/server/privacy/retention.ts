import { deleteInboundFiles } from '../replies/thread.ts';
import { and, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../audit/log.ts';
import { recordEvent } from '../events/record.ts';
import { audit } from '../audit/log.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { applications, auditLog, contactMessages, positions, retentionRuns, uploads } from '../db/schema.ts';
import type { ObjectStorage } from '../storage/types.ts';

/**
 * What the site keeps about people, and for how long (docs/using.md, "Privacy and data protection"): an application
 * RETENTION_APPLICATION_DAYS after it was decided (hired, rejected) or its position closed, or until
 * the end of the talent-pool period its applicant agreed to, whichever is later; a contact message
 * RETENTION_MESSAGE_DAYS after it arrived; an audit entry RETENTION_AUDIT_DAYS. Applications on legal
 * hold are never deleted. The daily job deletes what is due in batches; several instances may run
 * it at once (rows are taken with SKIP LOCKED), and running it again changes nothing.
 */

export type RetentionPolicy = AppConfig['retention'];

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
export const retentionActor: Actor = { id: null, email: 'retention' };

const asDate = (value: unknown) => (value === null ? null : new Date(value as string));

/**
 * The moment an application is due for deletion, as of `now` (null while it is still in process):
 * its process ended at its decision or when its position closed, whichever came first.
 */
export function applicationDueAt(policy: RetentionPolicy, now: Date): SQL<Date | null> {
  const positionClosed = sql`case when not ${positions.isActive} then ${positions.deactivatedAt} when ${positions.closesAt} <= ${now} then ${positions.closesAt} end`;
  return sql<Date | null>`greatest(
    least(${applications.decidedAt}, ${positionClosed}) + make_interval(days => ${policy.applicationDays}),
    ${applications.talentPoolUntil}
  )`.mapWith(asDate);
}

/** Applications due by `at`, not on legal hold (needs positions joined). */
function applicationsDue(policy: RetentionPolicy, now: Date, at: Date = now): SQL {
  return and(isNull(applications.legalHoldAt), lte(applicationDueAt(policy, now), at)) as SQL;
}

export interface RetentionRun {
  applications: number;
  messages: number;
  auditEntries: number;
  files: number;
}

/**
 * One batch of due rows, with their files: files are deleted inside the transaction, before it
 * commits, so a row is never gone while its file stays (a failed commit leaves a row whose file is
 * already gone, which the next run deletes).
 */
async function deleteBatch(
  db: Database,
  storage: ObjectStorage,
  select: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<{ id: string; uploadId: string | null }[]>,
  remove: (tx: Parameters<Parameters<Database['transaction']>[0]>[0], ids: string[]) => Promise<void>,
): Promise<{ rows: number; files: number }> {
  return db.transaction(async (tx) => {
    const due = await select(tx);
    if (due.length === 0) return { rows: 0, files: 0 };
    await remove(
      tx,
      due.map((row) => row.id),
    );
    const uploadIds = due.flatMap((row) => (row.uploadId ? [row.uploadId] : []));
    let files = 0;
    for (const uploadId of uploadIds) {
      const [upload] = await tx.delete(uploads).where(eq(uploads.id, uploadId)).returning({ storageKey: uploads.storageKey });
      if (!upload) continue;
      await storage.delete(upload.storageKey);
      files += 1;
    }
    return { rows: due.length, files };
  });
}

export async function runRetention(db: Database, storage: ObjectStorage, policy: RetentionPolicy, now = new Date()): Promise<RetentionRun> {
  const startedAt = new Date();
  const run: RetentionRun = { applications: 0, messages: 0, auditEntries: 0, files: 0 };

  for (;;) {
    const batch = await deleteBatch(
      db,
      storage,
      (tx) =>
        tx
          .select({ id: applications.id, uploadId: applications.resumeUploadId })
          .from(applications)
          .innerJoin(positions, eq(positions.id, applications.positionId))
          .where(applicationsDue(policy, now))
          .limit(BATCH)
          .for('update', { of: applications, skipLocked: true }),
      async (tx, ids) => {
        run.files += await deleteInboundFiles(tx, storage, { applicationIds: ids });
        await tx.delete(applications).where(sql`${applications.id} in ${ids}`);
        // Counted without anything personal: the id of a row that no longer exists.
        for (const id of ids) await audit(tx, retentionActor, 'application.deleted_by_retention', id);
        // The company's other systems erase their copies too (issue 55).
        await recordEvent(tx, { kind: 'candidate.erased', data: { applicationIds: ids, contactMessageIds: [], bookingIds: [] } });
      },
    );
    run.applications += batch.rows;
    run.files += batch.files;
    if (batch.rows < BATCH) break;
  }

  const messagesBefore = new Date(now.getTime() - policy.messageDays * DAY_MS);
  for (;;) {
    const batch = await deleteBatch(
      db,
      storage,
      (tx) =>
        tx
          .select({ id: contactMessages.id, uploadId: contactMessages.attachmentUploadId })
          .from(contactMessages)
          .where(lte(contactMessages.createdAt, messagesBefore))
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      async (tx, ids) => {
        run.files += await deleteInboundFiles(tx, storage, { contactMessageIds: ids });
        await tx.delete(contactMessages).where(sql`${contactMessages.id} in ${ids}`);
        for (const id of ids) await audit(tx, retentionActor, 'message.deleted_by_retention', id);
        await recordEvent(tx, { kind: 'candidate.erased', data: { applicationIds: [], contactMessageIds: ids, bookingIds: [] } });
      },
    );
    run.messages += batch.rows;
    run.files += batch.files;
    if (batch.rows < BATCH) break;
  }

  const auditBefore = new Date(now.getTime() - policy.auditDays * DAY_MS);
  const deleted = await db.delete(auditLog).where(lte(auditLog.createdAt, auditBefore)).returning({ id: auditLog.id });
  run.auditEntries = deleted.length;

  await db.insert(retentionRuns).values({ startedAt, finishedAt: new Date(), ...run });
  return run;
}

/** What the next `days` days will delete (the admin's Retention view), soonest first. */
export async function dueSoon(db: Database, policy: RetentionPolicy, now = new Date(), days = 30) {
  const until = new Date(now.getTime() + days * DAY_MS);
  const [dueApplications, dueMessages, held] = await Promise.all([
    db
      .select({
        id: applications.id,
        positionId: applications.positionId,
        positionTitle: positions.title,
        fullName: applications.fullName,
        dueAt: applicationDueAt(policy, now),
      })
      .from(applications)
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(applicationsDue(policy, now, until))
      .orderBy(applicationDueAt(policy, now))
      .limit(200),
    db
      .select({
        id: contactMessages.id,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        dueAt: sql<Date>`${contactMessages.createdAt} + make_interval(days => ${policy.messageDays})`.mapWith(asDate),
      })
      .from(contactMessages)
      .where(lte(contactMessages.createdAt, new Date(until.getTime() - policy.messageDays * DAY_MS)))
      .orderBy(contactMessages.createdAt)
      .limit(200),
    db
      .select({
        id: applications.id,
        positionId: applications.positionId,
        fullName: applications.fullName,
        reason: applications.legalHoldReason,
        since: applications.legalHoldAt,
      })
      .from(applications)
      .where(isNotNull(applications.legalHoldAt))
      .orderBy(desc(applications.legalHoldAt)),
  ]);
  return { applications: dueApplications, messages: dueMessages, held };
}

export async function lastRetentionRuns(db: Database, limit = 10) {
  return db.select().from(retentionRuns).orderBy(desc(retentionRuns.startedAt)).limit(limit);
}
