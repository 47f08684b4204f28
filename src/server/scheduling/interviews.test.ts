import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../admin-command';
import {
  applicationInterviewers,
  applications,
  auditLog,
  positions,
  bookingHosts,
  bookings,
  interviewRequests,
  staffDaysOff,
  staffSchedules,
  users,
} from '../db/schema';
import { clearQueuedMails, queuedMailsTo, startTestBackend, TEST_SECRET, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser, listAll } from '../testing/fixtures';
import { pageWorkspace } from '../applications/workspace';
import { emptyWorkspaceQuery } from '../../lib/applications/query';
import { applicationTimeline } from '../applications/timeline';
import { findBookingByToken, upcomingBookingsOf } from './bookings';
import {
  bookInterview,
  cancelInterview,
  candidateInterviews,
  findInterviewRequest,
  invitationState,
  interviewOfBooking,
  listInterviews,
  proposeInterview,
  reofferInterview,
} from './interviews';
import { cancelByGuest, meetingDeps, moveBooking, type MeetingDeps } from './meetings';

/* Interviews candidates book themselves, against a real PostgreSQL and queue: N of N interviewers, the link, the timeline. */

let backend: TestBackend;
let deps: MeetingDeps;
const SITE = 'https://www.helixpoint.test';
// Sunday noon in Chicago.
const now = new Date('2026-11-29T18:00:00Z');

beforeAll(async () => {
  backend = await startTestBackend({
    siteUrl: SITE,
    mail: { from: 'Helixpoint <no-reply@helixpoint.test>' },
    replyAddress: 'replies@helixpoint.test',
  });
  deps = meetingDeps(backend.runtime);
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

const mailsTo = (address: string) => queuedMailsTo(backend, address);

/** A recruiter, two interviewers (Chicago and Berlin), a position and an application. */
async function setUp() {
  const db = backend.database.db;
  const rita = await addUser(db, 'rita', 'recruiter');
  await addUser(db, 'ivan', 'interviewer');
  await addUser(db, 'hana', 'hiring_manager');
  await db.insert(staffSchedules).values({
    userId: 'hana',
    timeZone: 'Europe/Berlin',
    weeklyHours: ([1, 2, 3, 4, 5] as const).map((day) => ({ day, start: '09:00', end: '17:00' })),
  });
  const positionId = await addPosition(db, { title: 'Site Reliability Engineer' });
  const applicationId = await addApplication(db, positionId, { fullName: 'Cara Candidate', email: 'cara@mail.test' });
  return { db, rita, positionId, applicationId };
}

const proposal = (applicationId: string, values: Partial<Parameters<typeof proposeInterview>[2]> = {}) => ({
  applicationId,
  durationMinutes: 60 as const,
  interviewerIds: ['ivan', 'hana'],
  from: '2026-11-30',
  until: '2026-12-04',
  stageId: null,
  ...values,
});

const tokenOf = (text: string) => text.match(/\/interviews\/([A-Za-z0-9_-]{43})/)![1]!;

describe('interviews', () => {
  it('offers the candidate only the times every interviewer is free, books all of them at once, and the timeline tells it', async () => {
    const { db, rita, applicationId, positionId } = await setUp();
    const { offered } = await proposeInterview(deps, rita, proposal(applicationId), now);
    expect(offered).toBeGreaterThan(0);
    // The interviewers are assigned (they can open the application and give feedback).
    const assigned = await db.select().from(applicationInterviewers).where(eq(applicationInterviewers.applicationId, applicationId));
    expect(assigned.map((row) => row.userId).sort()).toEqual(['hana', 'ivan']);

    const [invitation] = await mailsTo('cara@mail.test');
    expect(invitation!.subject).toBe('Choose a time for your interview: Site Reliability Engineer');
    expect(invitation!.text).toContain('hana Test, ivan Test');
    // A question about it comes back to the application (issue 35).
    expect(invitation!.replyTo).toMatch(/^replies\+[0-9a-f]{40}@helixpoint\.test$/);
    const token = tokenOf(invitation!.text);
    const found = (await findInterviewRequest(db, token))!;
    const state = await invitationState(deps, found, now);
    if (state.kind !== 'open') throw new Error(state.kind);
    // Berlin 9-17 and Chicago 9-18 overlap 9:00-10:00 Chicago (16:00-17:00 Berlin): one hour a day;
    // Monday's is 21 hours from Sunday noon, inside the 24 hours' notice.
    expect(state.times.map((time) => time.start.toISOString())).toEqual([
      '2026-12-01T15:00:00.000Z',
      '2026-12-02T15:00:00.000Z',
      '2026-12-03T15:00:00.000Z',
      '2026-12-04T15:00:00.000Z',
    ]);

    const outcome = await bookInterview(deps, found, state.times[1]!.start, 'America/New_York', now);
    if (outcome.kind !== 'booked') throw new Error(outcome.kind);
    const booking = (await findBookingByToken(db, outcome.token))!;
    expect(booking.booking.kind).toBe('interview');
    expect(booking.booking.applicationId).toBe(applicationId);
    expect(booking.hosts.map((host) => host.userId).sort()).toEqual(['hana', 'ivan']);
    const holds = await db.select().from(bookingHosts).where(eq(bookingHosts.bookingId, booking.booking.id));
    expect(holds).toHaveLength(2);
    // Each interviewer's home lists it, linked to its application.
    expect((await upcomingBookingsOf(db, 'ivan', now)).rows).toEqual([
      expect.objectContaining({ kind: 'interview', guestName: 'Cara Candidate', applicationId, positionId }),
    ]);

    // The candidate's e-mail in their zone, with the invitation; each interviewer's in theirs, with the application's link.
    const toCara = (await mailsTo('cara@mail.test')).at(-1)!;
    expect(toCara.subject).toBe('Your interview is booked: Wednesday, December 2, 2026 at 10:00 AM EST');
    expect(toCara.replyTo).toMatch(/^replies\+[0-9a-f]{40}@helixpoint\.test$/);
    const event = new ICAL.Component(ICAL.parse(toCara.calendar!.content));
    expect(event.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.getFirstSubcomponent('vevent')!.getAllProperties('attendee')).toHaveLength(3);
    const toHana = (await mailsTo('hana@helixpoint.test')).at(-1)!;
    expect(toHana.subject).toBe('Interview booked: Cara Candidate, Wednesday, December 2, 2026 at 4:00 PM GMT+1');
    expect(toHana.text).toContain(`${SITE}/admin/applications/`);
    expect(toHana.text).toContain('Site Reliability Engineer');

    // The link now says it is booked, with the way to move or cancel it.
    const after = await invitationState(deps, (await findInterviewRequest(db, token))!, now);
    expect(after).toMatchObject({ kind: 'booked', managePath: `/bookings/${outcome.token}` });
    expect(await candidateInterviews(db, applicationId, TEST_SECRET, now)).toEqual([
      expect.objectContaining({ kind: 'booked', href: `/bookings/${outcome.token}`, timeZone: 'America/New_York' }),
    ]);

    // Moved (within the invitation's window only) and cancelled by the candidate: on the timeline, by them.
    const moved = await moveBooking(deps, booking, outcome.token, state.times[2]!.start, now);
    expect(moved.kind).toBe('moved');
    const outside = await moveBooking(
      deps,
      (await findBookingByToken(db, outcome.token))!,
      outcome.token,
      new Date('2026-12-08T15:00:00Z'),
      now,
    );
    expect(outside).toEqual({ kind: 'refused', message: 'That time is not offered. Please choose one of the times shown.' });
    await cancelByGuest(deps, (await findBookingByToken(db, outcome.token))!, outcome.token, now);
    // The invitation stands again (issue 51): the same link offers times and says who cancelled which.
    const [request] = await db.select().from(interviewRequests);
    expect(request!.status).toBe('open');
    const again = await invitationState(deps, (await findInterviewRequest(db, token))!, now);
    expect(again).toMatchObject({ kind: 'open', cancelled: { by: 'guest', startsAt: state.times[2]!.start } });
    expect(await interviewOfBooking(deps, request!.bookingId!, now)).toEqual({
      position: 'Site Reliability Engineer',
      chooseAgainPath: `/interviews/${token}`,
    });
    const [cancelledRow] = await listInterviews(db, applicationId, now);
    expect(cancelledRow).toMatchObject({ status: 'open', bookingStatus: 'cancelled', cancelledBy: 'guest', reofferable: false });
    // Once its window has passed, nothing stands: staff may offer it again.
    const windowPassed = new Date('2026-12-06T12:00:00Z');
    expect(await invitationState(deps, (await findInterviewRequest(db, token))!, windowPassed)).toMatchObject({ kind: 'open', times: [] });
    expect((await listInterviews(db, applicationId, windowPassed))[0]!.reofferable).toBe(true);

    const timeline = await applicationTimeline(db, applicationId);
    const interviewEvents = timeline.flatMap((item) =>
      item.kind === 'audit' && item.action.startsWith('application.interview_') ? [item] : [],
    );
    expect(interviewEvents.map((item) => [item.action, item.who, item.byCandidate ?? false])).toEqual([
      ['application.interview_proposed', 'rita Test', false],
      ['application.interview_booked', 'Cara Candidate', true],
      ['application.interview_moved', 'Cara Candidate', true],
      ['application.interview_cancelled', 'Cara Candidate', true],
    ]);
  });

  it('the workspace finds applications with an invitation waiting, then with an interview booked', async () => {
    const { db, rita, applicationId, positionId } = await setUp();
    const other = await addApplication(db, positionId, { fullName: 'Noel None', email: 'noel@mail.test' });
    const find = async (interview: 'booked' | 'invited') =>
      (await pageWorkspace(db, { ...emptyWorkspaceQuery, interview }, listAll)).rows.map((row) => row.id);
    // Today's clock: the filter compares with the database's now().
    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await proposeInterview(deps, rita, proposal(applicationId, { interviewerIds: ['ivan'], from: day(2), until: day(20) }));
    expect(await find('invited')).toEqual([applicationId]);
    expect(await find('booked')).toEqual([]);
    const found = (await findInterviewRequest(db, tokenOf((await mailsTo('cara@mail.test'))[0]!.text)))!;
    const state = await invitationState(deps, found);
    if (state.kind !== 'open') throw new Error(state.kind);
    expect((await bookInterview(deps, found, state.times[0]!.start, 'America/Chicago')).kind).toBe('booked');
    expect(await find('invited')).toEqual([]);
    expect(await find('booked')).toEqual([applicationId]);
    expect(await find('booked')).not.toContain(other);
  });

  it('refuses what cannot be proposed, with the field and the rule', async () => {
    const { db, rita, applicationId } = await setUp();
    await addUser(db, 'sam', 'sales');
    const refusal = async (values: Partial<Parameters<typeof proposeInterview>[2]>) => {
      const error = await proposeInterview(deps, rita, proposal(applicationId, values), now).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AdminRuleError);
      return (error as Error).message;
    };
    expect(await refusal({ from: '2026-11-27' })).toBe('From: choose today or a later day.');
    expect(await refusal({ until: '2027-02-10', from: '2027-02-01' })).toBe('Until: at most 60 days ahead.');
    expect(await refusal({ interviewerIds: ['ivan', 'sam'] })).toBe(
      'Interviewers: one of them cannot interview (their role does not review applications).',
    );
    // Both off on the only day of the window: nothing in common.
    await db.insert(staffDaysOff).values({ userId: 'hana', day: '2026-12-01' });
    expect(await refusal({ from: '2026-12-01', until: '2026-12-01' })).toBe(
      'These interviewers have no common free time in that window. Choose more days, a shorter length or other interviewers.',
    );
    expect(await db.select().from(interviewRequests)).toHaveLength(0);
    expect(await mailsTo('cara@mail.test')).toHaveLength(0);
  });

  it('a time taken meanwhile is refused with fresh times; a tampered token finds nothing; a closed application offers nothing', async () => {
    const { db, rita, applicationId, positionId } = await setUp();
    await proposeInterview(deps, rita, proposal(applicationId), now);
    const token = tokenOf((await mailsTo('cara@mail.test'))[0]!.text);
    const found = (await findInterviewRequest(db, token))!;
    const state = await invitationState(deps, found, now);
    if (state.kind !== 'open') throw new Error(state.kind);
    // Another candidate books Ivan at that time first.
    const other = await addApplication(db, positionId, { fullName: 'Otto Other', email: 'otto@mail.test' });
    await proposeInterview(deps, rita, proposal(other, { interviewerIds: ['ivan'] }), now);
    const otherToken = tokenOf((await mailsTo('otto@mail.test'))[0]!.text);
    const otherBooked = await bookInterview(
      deps,
      (await findInterviewRequest(db, otherToken))!,
      state.times[0]!.start,
      'America/Chicago',
      now,
    );
    expect(otherBooked.kind).toBe('booked');

    const refused = await bookInterview(deps, found, state.times[0]!.start, 'America/Chicago', now);
    expect(refused).toMatchObject({ kind: 'refused', message: 'That time was just taken. Please choose another one.' });
    if (refused.kind !== 'refused') throw new Error(refused.kind);
    expect(refused.freshTimes!.map((time) => time.start.toISOString())).not.toContain(state.times[0]!.start.toISOString());

    expect(await findInterviewRequest(db, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(await findInterviewRequest(db, '../../etc/passwd')).toBeNull();

    await db.update(applications).set({ status: 'rejected' }).where(eq(applications.id, applicationId));
    expect((await invitationState(deps, (await findInterviewRequest(db, token))!, now)).kind).toBe('closed');
    const closed = await bookInterview(deps, (await findInterviewRequest(db, token))!, state.times[1]!.start, 'America/Chicago', now);
    expect(closed.kind).toBe('closed');
    expect(await db.select().from(bookings).where(eq(bookings.applicationId, applicationId))).toHaveLength(0);
    await expect(proposeInterview(deps, rita, proposal(applicationId), now)).rejects.toThrow('This application is closed');
  });

  it('staff withdraw an invitation (the link stops offering times) and cancel a booked interview (CANCEL to everyone)', async () => {
    const { db, rita, applicationId } = await setUp();
    const first = await proposeInterview(deps, rita, proposal(applicationId), now);
    expect(await cancelInterview(deps, rita, first.requestId, now)).toEqual({ kind: 'withdrawn' });
    expect(await cancelInterview(deps, rita, first.requestId, now)).toEqual({ kind: 'unchanged' });
    const withdrawnToken = tokenOf((await mailsTo('cara@mail.test'))[0]!.text);
    expect((await invitationState(deps, (await findInterviewRequest(db, withdrawnToken))!, now)).kind).toBe('withdrawn');
    expect((await mailsTo('cara@mail.test')).at(-1)!.subject).toBe('Interview invitation withdrawn: Site Reliability Engineer');

    const second = await proposeInterview(deps, rita, proposal(applicationId, { interviewerIds: ['ivan'] }), now);
    const token = tokenOf((await mailsTo('cara@mail.test')).at(-1)!.text);
    const state = await invitationState(deps, (await findInterviewRequest(db, token))!, now);
    if (state.kind !== 'open') throw new Error(state.kind);
    expect(await candidateInterviews(db, applicationId, TEST_SECRET, now)).toEqual([
      { kind: 'invited', durationMinutes: 60, href: `/interviews/${token}` },
    ]);
    const booked = await bookInterview(deps, (await findInterviewRequest(db, token))!, state.times[0]!.start, 'America/Chicago', now);
    expect(booked.kind).toBe('booked');
    expect(await cancelInterview(deps, rita, second.requestId, now)).toEqual({ kind: 'cancelled' });
    const cancellation = (await mailsTo('ivan@helixpoint.test')).at(-1)!;
    expect(cancellation.subject).toMatch(/^Interview cancelled: Cara Candidate/);
    expect(new ICAL.Component(ICAL.parse(cancellation.calendar!.content)).getFirstPropertyValue('method')).toBe('CANCEL');
    expect((await mailsTo('cara@mail.test')).at(-1)!.subject).toMatch(/^Your interview was cancelled/);
    expect(await db.select().from(bookingHosts).where(eq(bookingHosts.active, true))).toHaveLength(0);

    const listed = await listInterviews(db, applicationId);
    expect(listed.map((row) => [row.status, row.interviewers])).toEqual([
      ['cancelled', ['ivan Test']],
      ['cancelled', ['hana Test', 'ivan Test']],
    ]);
    const cancels = await db.select().from(auditLog).where(eq(auditLog.action, 'application.interview_cancelled'));
    expect(cancels.map((row) => row.actorEmail)).toEqual(['rita@helixpoint.test', 'rita@helixpoint.test']);

    // Staff cancelled it: its page says so, and the link offers nothing until staff offer new times.
    const cancelledState = await invitationState(deps, (await findInterviewRequest(db, token))!, now);
    expect(cancelledState).toMatchObject({ kind: 'withdrawn', cancelled: { by: 'staff' } });
  });

  it('offers new times in one click: the same panel over a fresh window, a new link, once; never while it still stands', async () => {
    const { db, rita, applicationId } = await setUp();
    const { requestId } = await proposeInterview(deps, rita, proposal(applicationId), now);
    const firstToken = tokenOf((await mailsTo('cara@mail.test'))[0]!.text);
    await expect(reofferInterview(deps, rita, requestId, applicationId, now)).rejects.toThrow(
      'This invitation is still offered to the candidate: there is nothing to offer again.',
    );
    await cancelInterview(deps, rita, requestId, now);
    // Another application's id: as missing (the person's reach was checked on that one).
    const elsewhere = await addApplication(db, (await db.select().from(positions))[0]!.id, { fullName: 'Other', email: 'o@mail.test' });
    await expect(reofferInterview(deps, rita, requestId, elsewhere, now)).rejects.toThrow('This interview no longer exists.');

    const later = new Date('2026-12-07T18:00:00Z');
    expect(await reofferInterview(deps, rita, requestId, applicationId, later)).toMatchObject({ requestId });
    const mail = (await mailsTo('cara@mail.test')).at(-1)!;
    expect(mail.subject).toBe('Choose a time for your interview: Site Reliability Engineer');
    const token = tokenOf(mail.text);
    expect(token).not.toBe(firstToken);
    expect(await findInterviewRequest(db, firstToken)).toBeNull();
    const [request] = await db.select().from(interviewRequests);
    // From the next day, as long as the first window (five days: at least seven), in Rita's zone.
    expect(request).toMatchObject({
      status: 'open',
      windowStart: new Date('2026-12-08T06:00:00Z'),
      windowEnd: new Date('2026-12-15T06:00:00Z'),
    });
    const state = await invitationState(deps, (await findInterviewRequest(db, token))!, later);
    expect(state).toMatchObject({ kind: 'open', cancelled: null });
    await expect(reofferInterview(deps, rita, requestId, applicationId, later)).rejects.toBeInstanceOf(AdminRuleError);
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, 'application.interview_reoffered'));
    expect(audited).toHaveLength(1);
  });
});
