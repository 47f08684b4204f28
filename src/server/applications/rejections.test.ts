import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionMessages, rejectionReasonSchema } from '@/lib/applications/rejection';
import type { ApplicationStatus } from '@/lib/applications/status';
import { listAuditLog } from '../audit/log';
import { applicationRejections, applications, rejectionReasons } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser, everyone, rejectionFor } from '../testing/fixtures';
import { loadInsights } from '../insights/report';
import { insightsCsv } from '../insights/report-csv';
import { COMPANY_TIME_ZONE } from '@/lib/format';
import { latestRejection, listRejectionReasons, saveRejectionReason } from './rejections';
import { setApplicationStatus } from './review';

/* Rejection reasons (issue 32) against a real PostgreSQL: every rejection carries one. */

let database: TestDatabase;
let ada: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  database = await startTestDatabase();
  ada = await addUser(database.db, 'ada', 'admin');
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

const statusOf = async (id: string) => (await database.db.select().from(applications).where(eq(applications.id, id)))[0]!.status;
const rejectionsOf = (id: string) => database.db.select().from(applicationRejections).where(eq(applicationRejections.applicationId, id));

describe('a rejection', () => {
  it('is refused without a reason, with an archived one, or without the words "Other" asks for; nothing changes', async () => {
    const { db } = database;
    const id = await addApplication(db, await addPosition(db), { status: 'interview' });
    await expect(setApplicationStatus(db, ada, id, 'rejected')).rejects.toThrow(rejectionMessages.reason);
    await expect(setApplicationStatus(db, ada, id, 'rejected', await rejectionFor(db, 'Other'))).rejects.toThrow(rejectionMessages.detail);
    await expect(setApplicationStatus(db, ada, id, 'rejected', await rejectionFor(db, 'Other', '   '))).rejects.toThrow(
      rejectionMessages.detail,
    );
    await expect(
      setApplicationStatus(db, ada, id, 'rejected', { reasonId: '00000000-0000-4000-8000-000000000000', detail: null }),
    ).rejects.toThrow(rejectionMessages.reasonGone);
    expect(await statusOf(id)).toBe('interview');
    expect(await rejectionsOf(id)).toEqual([]);
  });

  it('keeps its reason, its words and the status it came from; the audit log names the reason', async () => {
    const { db } = database;
    const id = await addApplication(db, await addPosition(db), { status: 'interview' });
    await setApplicationStatus(db, ada, id, 'rejected', await rejectionFor(db, 'Other', '  Relocation not possible  '));
    expect(await statusOf(id)).toBe('rejected');
    expect(await rejectionsOf(id)).toEqual([
      expect.objectContaining({ reasonLabel: 'Other', detail: 'Relocation not possible', fromStatus: 'interview', actorUserId: ada.id }),
    ]);
    expect((await listAuditLog(db, 1))[0]).toMatchObject({
      action: 'application.status_changed',
      details: { from: 'interview', to: 'rejected', reason: 'Other' },
    });
    expect(await latestRejection(db, id)).toMatchObject({ reason: 'Other', detail: 'Relocation not possible', fromStatus: 'interview' });
    // Any other move needs no reason.
    await setApplicationStatus(db, ada, id, 'reviewing');
    expect(await statusOf(id)).toBe('reviewing');
  });
});

describe('the list of reasons', () => {
  it('starts with the five defaults; admins add, rename and archive (kept on past rejections, offered no more); names are unique', async () => {
    const { db } = database;
    expect((await listRejectionReasons(db)).map((reason) => [reason.label, reason.asksDetail])).toEqual([
      ['Skills', false],
      ['Experience', false],
      ['Withdrew', false],
      ['Position filled', false],
      ['Other', true],
    ]);
    await saveRejectionReason(db, ada, {
      id: null,
      label: 'Salary expectations',
      asksDetail: false,
      archived: false,
      email: { subject: 'About {{position_title}}', body: 'Hello {{first_name}}, we could not meet your salary expectations.' },
    });
    // Its e-mail takes the templates' placeholders only (the form and the action share this schema).
    const unknown = rejectionReasonSchema.safeParse({ label: 'Visa', asksDetail: false, email: { subject: 'About {{nope}}', body: 'Hi' } });
    expect(unknown.success ? null : unknown.error.issues[0]!.message).toBe('Unknown placeholder: {{nope}}');
    expect((await listRejectionReasons(db)).find((reason) => reason.label === 'Salary expectations')?.email).toEqual({
      subject: 'About {{position_title}}',
      body: 'Hello {{first_name}}, we could not meet your salary expectations.',
    });
    await expect(
      saveRejectionReason(db, ada, { id: null, label: 'Skills', asksDetail: false, archived: false, email: null }),
    ).rejects.toThrow(rejectionMessages.labelTaken);
    const skills = await rejectionFor(db, 'Skills');
    const id = await addApplication(db, await addPosition(db));
    await setApplicationStatus(db, ada, id, 'rejected', skills);
    await saveRejectionReason(db, ada, { id: skills.reasonId, label: 'Technical skills', asksDetail: false, archived: true, email: null });
    expect((await listRejectionReasons(db)).map((reason) => reason.label)).toEqual([
      'Experience',
      'Withdrew',
      'Position filled',
      'Other',
      'Salary expectations',
    ]);
    expect((await listRejectionReasons(db, { archived: true })).find((reason) => reason.id === skills.reasonId)).toMatchObject({
      label: 'Technical skills',
      archived: true,
    });
    // The past rejection keeps the name it was given then; an archived reason is refused from now on.
    expect((await rejectionsOf(id))[0]).toMatchObject({ reasonLabel: 'Skills', reasonId: skills.reasonId });
    const other = await addApplication(db, await addPosition(db));
    await expect(setApplicationStatus(db, ada, other, 'rejected', skills)).rejects.toThrow(rejectionMessages.reasonGone);
    expect((await listAuditLog(db, 1))[0]).toMatchObject({ action: 'rejection_reasons.updated', targetType: 'setting' });
    // Restored, it is offered again.
    await saveRejectionReason(db, ada, { id: skills.reasonId, label: 'Technical skills', asksDetail: false, archived: false, email: null });
    await setApplicationStatus(db, ada, other, 'rejected', skills);
    const [restored] = await db.select().from(rejectionReasons).where(eq(rejectionReasons.id, skills.reasonId));
    expect(restored!.archivedAt).toBeNull();
  });
});

describe('the insights', () => {
  it('count rejections per position, reason and the status rejected from, in the period; an undone one is not counted', async () => {
    const { db } = database;
    const positionId = await addPosition(db, { title: 'Counted Role' });
    let n = 0;
    const reject = async (from: ApplicationStatus, label: string) => {
      n += 1;
      const id = await addApplication(db, positionId, { status: from, email: `counted${n}@mail.test` });
      await setApplicationStatus(db, ada, id, 'rejected', await rejectionFor(db, label));
      return id;
    };
    await reject('interview', 'Experience');
    await reject('pending', 'Experience');
    await reject('offer', 'Position filled');
    // Rejected, then taken back: no longer a rejection.
    await setApplicationStatus(db, ada, await reject('reviewing', 'Withdrew'), 'reviewing');
    // Rejected, taken back, rejected again: counted once, by its latest rejection.
    const twice = await reject('reviewing', 'Withdrew');
    await setApplicationStatus(db, ada, twice, 'reviewing');
    await setApplicationStatus(db, ada, twice, 'rejected', await rejectionFor(db, 'Experience'));
    // Rejected before the period.
    const old = await reject('pending', 'Withdrew');
    await db
      .update(applicationRejections)
      .set({ createdAt: new Date(Date.now() - 60 * 86_400_000) })
      .where(eq(applicationRejections.applicationId, old));

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE }).format(new Date());
    const insights = await loadInsights(db, { periodDays: 30, positionId, today, who: everyone });
    expect(insights.rejections).toEqual([
      { position: 'Counted Role', reason: 'Experience', stage: 'interview', n: 1 },
      { position: 'Counted Role', reason: 'Experience', stage: 'pending', n: 1 },
      { position: 'Counted Role', reason: 'Experience', stage: 'reviewing', n: 1 },
      { position: 'Counted Role', reason: 'Position filled', stage: 'offer', n: 1 },
    ]);
    expect(insightsCsv('rejections', insights, 'Counted Role').split('\r\n').slice(0, 3)).toEqual([
      'Position,Reason,Rejected at,Rejections',
      'Counted Role,Experience,Interview,1',
      'Counted Role,Experience,Pending,1',
    ]);
    expect((await loadInsights(db, { periodDays: 90, positionId, today, who: everyone })).rejections).toContainEqual({
      position: 'Counted Role',
      reason: 'Withdrew',
      stage: 'pending',
      n: 1,
    });
  });
});
