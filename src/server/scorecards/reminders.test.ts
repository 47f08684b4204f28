import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, auditLog, bookingHosts, bookings, positions, scorecardReminders, users } from '../db/schema';
import { clearQueuedMails, deliverEvents, queuedMailsTo, startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser, everyone } from '../testing/fixtures';
import { loadInsights } from '../insights/report';
import { cancelBooking, findBookingByToken } from '../scheduling/bookings';
import { bookInterview, findInterviewRequest, invitationState, proposeInterview, recordInterview } from '../scheduling/interviews';
import { meetingDeps } from '../scheduling/meetings';
import { latestInterviewStage, saveScorecard } from './scorecards';
import { sendScorecardReminders } from './reminders';

/* Scorecard reminders through the real queue's e-mail jobs: after the interview ends only, then daily, at most three. */

let backend: TestBackend;
const SITE = 'https://www.helixpoint.test';
// Sunday noon in Chicago; the interview is booked for Tuesday 9:00-10:00 Chicago (15:00-16:00 UTC).
const bookedAt = new Date('2026-11-29T18:00:00Z');
const ends = new Date('2026-12-01T16:00:00Z');
const hours = (count: number) => new Date(ends.getTime() + count * 3_600_000);

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: SITE, mail: { from: 'Helixpoint <no-reply@helixpoint.test>' } });
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  const db = backend.database.db;
  await db.delete(bookings);
  await db.delete(applications);
  await db.delete(positions);
  await db.delete(auditLog);
  await db.delete(users);
  await clearQueuedMails(backend);
});

const remindersTo = async (address: string) => (await queuedMailsTo(backend, address)).filter((mail) => /scorecard/.test(mail.subject));

/** An interview of the technical stage with Ivan, booked by the candidate for Tuesday 9:00. */
async function bookedInterview() {
  const db = backend.database.db;
  const deps = meetingDeps(backend.runtime);
  const rita = await addUser(db, 'rita', 'recruiter');
  const ivan = await addUser(db, 'ivan', 'interviewer');
  const positionId = await addPosition(db, { title: 'Platform Engineer' });
  const applicationId = await addApplication(db, positionId, { fullName: 'Cara Candidate', email: 'cara@mail.test' });
  await proposeInterview(
    deps,
    rita,
    { applicationId, durationMinutes: 60, interviewerIds: ['ivan'], from: '2026-12-01', until: '2026-12-01', stageId: 'technical' },
    bookedAt,
  );
  const [invitation] = await queuedMailsTo(backend, 'cara@mail.test');
  const token = invitation!.text.match(/\/interviews\/([A-Za-z0-9_-]{43})/)![1]!;
  const found = (await findInterviewRequest(db, token))!;
  const state = await invitationState(deps, found, bookedAt);
  if (state.kind !== 'open') throw new Error(state.kind);
  expect(state.times[0]!.start.toISOString()).toBe('2026-12-01T15:00:00.000Z');
  const booked = await bookInterview(deps, found, state.times[0]!.start, 'America/Chicago', bookedAt);
  if (booked.kind !== 'booked') throw new Error(booked.kind);
  return { db, ivan, applicationId, token: booked.token };
}

/** The reminders due at `now`, told as the notices tell them (the events read at that moment). */
const send = async (now: Date) => {
  const recorded = await sendScorecardReminders({ db: backend.database.db }, now);
  await deliverEvents(backend, now);
  return recorded;
};

describe('scorecard reminders', () => {
  it('none before the interview has ended 2 hours; then one a day, at most three', async () => {
    const { ivan } = await bookedInterview();
    expect(await send(hours(-2))).toBe(0);
    expect(await send(hours(1.75))).toBe(0);
    expect(await send(hours(2))).toBe(1);
    const [first] = await remindersTo(ivan.email);
    expect(first!.subject).toBe('Your scorecard for Cara Candidate (Platform Engineer)');
    expect(first!.text).toContain(`${SITE}/admin/applications/`);
    // Run again at once, or every 15 minutes through the day: nothing more.
    expect(await send(hours(2))).toBe(0);
    expect(await send(hours(25.75))).toBe(0);
    expect(await send(hours(26))).toBe(1);
    expect(await send(hours(50))).toBe(1);
    expect(await send(hours(74))).toBe(0);
    expect(await send(hours(200))).toBe(0);
    const all = await remindersTo(ivan.email);
    expect(all).toHaveLength(3);
    expect(all[2]!.subject).toMatch(/^Last reminder: /);
    const [row] = await backend.database.db.select().from(scorecardReminders);
    expect(row!.sentCount).toBe(3);
  });

  it('stop once the scorecard for the interview’s stage is submitted (another stage’s does not count)', async () => {
    const { db, ivan, applicationId } = await bookedInterview();
    expect(await send(hours(2))).toBe(1);
    const screening = await saveScorecard(db, ivan, {
      applicationId,
      stageId: 'screening',
      answers: [
        { attributeId: 'communication', score: 3, evidence: '' },
        { attributeId: 'motivation', score: 3, evidence: '' },
      ],
      takeaways: '',
      recommendation: 'yes',
      intent: 'submit',
    });
    expect(screening.kind).toBe('submitted');
    expect(await send(hours(26))).toBe(1);
    const technical = await saveScorecard(db, ivan, {
      applicationId,
      stageId: 'technical',
      answers: ['engineering', 'problem-solving', 'ownership'].map((attributeId) => ({ attributeId, score: 3 as const, evidence: '' })),
      takeaways: '',
      recommendation: 'yes',
      intent: 'submit',
    });
    expect(technical.kind).toBe('submitted');
    expect(await send(hours(50))).toBe(0);
    expect(await remindersTo(ivan.email)).toHaveLength(2);
  });

  it('none for a cancelled interview', async () => {
    const { db, ivan, token, applicationId } = await bookedInterview();
    // Ivan's scorecard form opens on his interview's stage, while it stands.
    expect(await latestInterviewStage(db, 'ivan', applicationId)).toBe('technical');
    await cancelBooking(db, (await findBookingByToken(db, token))!, bookedAt);
    expect(await latestInterviewStage(db, 'ivan', applicationId)).toBeNull();
    expect(await send(hours(2))).toBe(0);
    expect(await remindersTo(ivan.email)).toHaveLength(0);
  });

  it('the insights time the scorecard from the interview’s end, per interviewer (its stage’s card)', async () => {
    const { db, ivan, applicationId } = await bookedInterview();
    const answers = ['engineering', 'problem-solving', 'ownership'].map((attributeId) => ({
      attributeId,
      score: 3 as const,
      evidence: '',
    }));
    await saveScorecard(
      db,
      ivan,
      { applicationId, stageId: 'technical', answers, takeaways: '', recommendation: 'yes', intent: 'submit' },
      hours(5),
    );
    const insights = await loadInsights(db, { periodDays: 30, positionId: null, today: '2026-12-02', who: everyone });
    expect(insights.scorecardTime).toEqual([{ interviewer: 'ivan Test', n: 1, medianHours: 5 }]);
    // An interview outside the period counts nothing.
    expect((await loadInsights(db, { periodDays: 30, positionId: null, today: '2026-11-30', who: everyone })).scorecardTime).toEqual([]);
  });

  it('an interview recorded by hand (held elsewhere) is reminded of the same way, and holds no one’s time', async () => {
    const db = backend.database.db;
    const rita = await addUser(db, 'rita', 'recruiter');
    const ivan = await addUser(db, 'ivan', 'interviewer');
    const positionId = await addPosition(db, { title: 'Platform Engineer' });
    const applicationId = await addApplication(db, positionId, { fullName: 'Cara Candidate', email: 'cara@mail.test' });
    const record = {
      applicationId,
      stageId: 'screening',
      endedAt: '2026-12-01T10:00',
      durationMinutes: 45 as const,
      interviewerIds: ['ivan'],
    };
    // Not before it has ended, nor a month and more after.
    await expect(recordInterview({ db }, rita, record, hours(-1))).rejects.toThrow('Ended at: an interview is recorded once it has ended');
    await expect(recordInterview({ db }, rita, record, hours(31 * 24))).rejects.toThrow('Ended at: record interviews of the last 30 days.');
    await recordInterview({ db }, rita, record, hours(0.5));
    const [booking] = await db.select().from(bookings);
    expect(booking).toMatchObject({ kind: 'interview', status: 'confirmed', startsAt: hours(-0.75), endsAt: ends });
    expect((await db.select().from(bookingHosts)).map((hold) => hold.active)).toEqual([false]);
    expect(await send(hours(1))).toBe(0);
    expect(await send(hours(2))).toBe(1);
    expect((await remindersTo(ivan.email))[0]!.subject).toBe('Your scorecard for Cara Candidate (Platform Engineer)');
    expect((await remindersTo(ivan.email))[0]!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    expect(await latestInterviewStage(db, 'ivan', applicationId)).toBe('screening');
    // Nothing was e-mailed to the candidate.
    expect(await queuedMailsTo(backend, 'cara@mail.test')).toEqual([]);
  });
});
