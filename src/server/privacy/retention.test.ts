import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setApplicationStatus } from '../applications/review';
import { listAuditLog } from '../audit/log';
import { connect } from '../db/client';
import { applications, auditLog, contactMessages, positions, retentionRuns, uploads } from '../db/schema';
import { setPositionActive } from '../positions/manage';
import type { ObjectStorage } from '../storage/types';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser, rejectionFor } from '../testing/fixtures';
import { storageHarnesses, type Harness } from '../testing/storage';
import { setLegalHold } from './requests';
import { dueSoon, lastRetentionRuns, runRetention, type RetentionPolicy } from './retention';

/* The retention job against a real PostgreSQL and both storage drivers. */

const policy: RetentionPolicy = { applicationDays: 365, messageDays: 365, auditDays: 730, talentPoolMonths: 12 };
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number, from = Date.now()) => new Date(from - days * DAY);

async function storedFile(db: TestDatabase['db'], storage: ObjectStorage, purpose: 'resume' | 'contact-attachment') {
  const object = await storage.put(Readable.from([Buffer.from('%PDF-1.7 kept or not')]), {
    contentType: 'application/pdf',
    prefix: purpose === 'resume' ? 'resumes/' : 'attachments/',
  });
  const [upload] = await db
    .insert(uploads)
    .values({
      storageKey: object.key,
      purpose,
      fileName: 'file.pdf',
      contentType: 'application/pdf',
      size: object.size,
      attachedAt: new Date(),
    })
    .returning();
  return upload!;
}

for (const [driver, start] of Object.entries(storageHarnesses)) {
  describe(`the retention job (${driver} storage)`, () => {
    let database: TestDatabase;
    let harness: Harness;
    beforeAll(async () => {
      [database, harness] = await Promise.all([startTestDatabase(), start()]);
    }, 60_000);
    afterAll(async () => {
      await database?.destroy();
      await harness?.close();
    });

    it('deletes exactly what is due, rows and files, skips held and talent-pool data until their time, and changes nothing when run again', async () => {
      const { db } = database;
      const { storage } = harness;
      const ada = await addUser(db, 'ada', 'admin');
      const open = await addPosition(db, { title: 'Open Role' });
      const closed = await addPosition(db, { title: 'Closed Role', isActive: false, deactivatedAt: daysAgo(400) });
      const closedRecently = await addPosition(db, { title: 'Closed Recently', isActive: false, deactivatedAt: daysAgo(10) });
      const expired = await addPosition(db, { title: 'Expired Role', closesAt: daysAgo(366) });

      const withResume = async (positionId: string, values: Partial<typeof applications.$inferInsert>) => {
        const upload = await storedFile(db, storage, 'resume');
        const id = await addApplication(db, positionId, { resumeUploadId: upload.id, ...values });
        return { id, key: upload.storageKey };
      };
      const due = {
        rejectedLongAgo: await withResume(open, { email: 'a@mail.test', status: 'rejected', decidedAt: daysAgo(366) }),
        positionClosedLongAgo: await withResume(closed, { email: 'b@mail.test' }),
        positionExpiredLongAgo: await withResume(expired, { email: 'c@mail.test' }),
        poolEnded: await withResume(closed, { email: 'd@mail.test', talentPoolConsentAt: daysAgo(800), talentPoolUntil: daysAgo(1) }),
      };
      const kept = {
        stillOpen: await withResume(open, { email: 'e@mail.test' }),
        decidedRecently: await withResume(open, { email: 'f@mail.test', status: 'hired', decidedAt: daysAgo(100) }),
        positionClosedRecently: await withResume(closedRecently, { email: 'g@mail.test' }),
        inTalentPool: await withResume(closed, { email: 'h@mail.test', talentPoolConsentAt: daysAgo(30), talentPoolUntil: daysAgo(-300) }),
        onHold: await withResume(closed, { email: 'i@mail.test' }),
      };
      await setLegalHold(db, ada, kept.onHold.id, 'Employment tribunal claim 2026-118');

      const oldAttachment = await storedFile(db, storage, 'contact-attachment');
      const [oldMessage] = await db
        .insert(contactMessages)
        .values({
          firstName: 'Old',
          lastName: 'Sender',
          email: 'old@mail.test',
          reason: 'support',
          message: 'Old',
          attachmentUploadId: oldAttachment.id,
          createdAt: daysAgo(366),
        })
        .returning();
      const [newMessage] = await db
        .insert(contactMessages)
        .values({
          firstName: 'New',
          lastName: 'Sender',
          email: 'new@mail.test',
          reason: 'support',
          message: 'New',
          createdAt: daysAgo(364),
        })
        .returning();
      await db.insert(auditLog).values([
        { action: 'position.created', targetType: 'position', targetId: open, createdAt: daysAgo(731) },
        { action: 'position.created', targetType: 'position', targetId: open, createdAt: daysAgo(729) },
      ]);

      // The admin's view of the next 30 days lists what is due (and what is held), before the run:
      // the newer message is due tomorrow.
      const soon = await dueSoon(db, policy);
      expect(soon.applications.map((row) => row.id).sort()).toEqual(
        Object.values(due)
          .map((row) => row.id)
          .sort(),
      );
      expect(soon.messages.map((row) => row.id)).toEqual([oldMessage!.id, newMessage!.id]);
      expect(soon.held).toEqual([expect.objectContaining({ id: kept.onHold.id, reason: 'Employment tribunal claim 2026-118' })]);

      const run = await runRetention(db, storage, policy);
      expect(run).toEqual({ applications: 4, messages: 1, auditEntries: 1, files: 5 });
      const left = (await db.select({ id: applications.id }).from(applications)).map((row) => row.id).sort();
      expect(left).toEqual(
        Object.values(kept)
          .map((row) => row.id)
          .sort(),
      );
      for (const { key } of Object.values(due)) expect(await storage.exists(key), key).toBe(false);
      for (const { key } of Object.values(kept)) expect(await storage.exists(key), key).toBe(true);
      expect(await storage.exists(oldAttachment.storageKey)).toBe(false);
      expect(
        await db
          .select()
          .from(uploads)
          .where(
            inArray(
              uploads.storageKey,
              Object.values(due).map((row) => row.key),
            ),
          ),
      ).toEqual([]);
      expect((await db.select({ id: contactMessages.id }).from(contactMessages)).map((row) => row.id)).toEqual([newMessage!.id]);

      // Each deletion is in the audit log, with nothing personal: the id of what is gone.
      const entries = (await listAuditLog(db, 20)).filter((entry) => entry.action.endsWith('_by_retention'));
      expect(entries).toHaveLength(5);
      for (const entry of entries) expect(entry).toMatchObject({ actorEmail: 'retention', details: {}, target: { label: null } });

      // Again: nothing more is due.
      expect(await runRetention(db, storage, policy)).toEqual({ applications: 0, messages: 0, auditEntries: 0, files: 0 });
      expect((await lastRetentionRuns(db, 2)).map((row) => row.applications)).toEqual([0, 4]);
    });

    it('deletes an application once its decision or its position is a retention period old, counted from then', async () => {
      const { db } = database;
      const ada = await addUser(db, `ada-${driver}-2`, 'admin');
      const positionId = await addPosition(db, { title: 'Timing Role' });
      const applicationId = await addApplication(db, positionId, { email: 'timing@mail.test' });
      await setApplicationStatus(db, ada, applicationId, 'rejected', await rejectionFor(db));
      const [decided] = await db.select().from(applications).where(eq(applications.id, applicationId));
      expect(decided!.decidedAt).toBeInstanceOf(Date);
      // Moved back into the pipeline: undecided again.
      await setApplicationStatus(db, ada, applicationId, 'interview');
      expect((await db.select().from(applications).where(eq(applications.id, applicationId)))[0]!.decidedAt).toBeNull();
      await setPositionActive(db, ada, positionId, false);
      const [position] = await db.select().from(positions).where(eq(positions.id, positionId));
      const closedAt = position!.deactivatedAt!.getTime();
      const exists = async () => (await db.select().from(applications).where(eq(applications.id, applicationId))).length === 1;
      await runRetention(db, harness.storage, policy, new Date(closedAt + 364 * DAY));
      expect(await exists()).toBe(true);
      await runRetention(db, harness.storage, policy, new Date(closedAt + 366 * DAY));
      expect(await exists()).toBe(false);
    });
  });
}

describe('the retention job on two instances at once', () => {
  let database: TestDatabase;
  let harness: Harness;
  beforeAll(async () => {
    [database, harness] = await Promise.all([startTestDatabase(), storageHarnesses.fs()]);
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
    await harness?.close();
  });

  it('deletes each due item once', async () => {
    const closed = await addPosition(database.db, { title: 'Closed Role', isActive: false, deactivatedAt: daysAgo(400) });
    for (let i = 0; i < 250; i += 1) await addApplication(database.db, closed, { email: `due${i}@mail.test` });
    // A second instance: its own connections to the same database.
    const other = connect(database.url);
    try {
      const [first, second] = await Promise.all([
        runRetention(database.db, harness.storage, policy),
        runRetention(other.db, harness.storage, policy),
      ]);
      expect(first.applications + second.applications).toBe(250);
      expect(await database.db.select().from(applications)).toEqual([]);
      const audited = await database.db.select().from(auditLog).where(eq(auditLog.action, 'application.deleted_by_retention'));
      expect(new Set(audited.map((entry) => entry.targetId)).size).toBe(250);
      expect(audited).toHaveLength(250);
      expect(await database.db.select().from(retentionRuns)).toHaveLength(2);
    } finally {
      await other.close();
    }
  });
});
