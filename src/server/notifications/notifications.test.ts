import { AdminRuleError } from '../admin-command';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateEmailDeps, cancelCandidateEmail, emailCandidate } from '../applications/emails';
import { assignInterviewer } from '../applications/interviewers';
import { addNote, editNote } from '../applications/notes';
import { applicationEmails, bookingHosts, bookings, domainEvents, hiringTeamMembers, notifications, staffSchedules } from '../db/schema';
import { recordEvent } from '../events/record';
import { clearQueuedMails, deliverEvents, queuedMailsTo, runNoticeWindows, startTestBackend, type TestBackend } from '../testing/backend';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { lastDigestTime, sendDigests } from './digests';
import { setFollowing } from './follow';
import {
  listNotifications,
  markAllRead,
  markThreadRead,
  notificationCounts,
  openNotification,
  removeOldNotifications,
  unreadCount,
} from './list';
import { noticeDeps } from './module';
import { loadPreferences, savePreferences } from './preferences';
import { applicationFollowers } from './recipients';

/*
 * Notifications (issues 50, 51) against a real PostgreSQL and job queue: who follows an application
 * and is told of what happens on it (only what they may read, never their own doing), the e-mail
 * each chose (at once, gathered per thread, in a daily digest sent once, or none), the list and its
 * read marks, and what goes after its time.
 */

let backend: TestBackend;
type Person = Awaited<ReturnType<typeof addUser>>;
let rita: Person; // recruiter, on the team
let hank: Person; // hiring manager of the position
let hugo: Person; // hiring manager of another position
let ivan: Person; // interviewer
let iris: Person; // another interviewer
let ada: Person; // admin, not on the team
let positionId: string;
let otherPositionId: string;

beforeAll(async () => {
  backend = await startTestBackend({ mail: { from: 'Helixpoint <no-reply@helixpoint.test>', hiringEmail: 'hiring@helixpoint.test' } });
  const db = backend.database.db;
  [rita, hank, hugo, ivan, ada, iris] = await Promise.all([
    addUser(db, 'rita', 'recruiter'),
    addUser(db, 'hank', 'hiring_manager'),
    addUser(db, 'hugo', 'hiring_manager'),
    addUser(db, 'ivan', 'interviewer'),
    addUser(db, 'ada', 'admin'),
    addUser(db, 'iris', 'interviewer'),
  ]);
  positionId = await addPosition(db, { title: 'Platform Engineer' });
  otherPositionId = await addPosition(db, { title: 'Data Analyst' });
  await db.insert(hiringTeamMembers).values([
    { positionId, userId: rita.id, addedByEmail: 'ada@helixpoint.test' },
    { positionId, userId: hank.id, addedByEmail: 'ada@helixpoint.test' },
    { positionId: otherPositionId, userId: hugo.id, addedByEmail: 'ada@helixpoint.test' },
  ]);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
}, 60_000);

beforeEach(async () => {
  await deliverEvents(backend);
  await backend.database.db.delete(notifications);
  await backend.database.pool.query(`delete from pgboss.job where name = 'notice-mails'`);
  await backend.database.pool.query('delete from notification_preferences');
  await clearQueuedMails(backend);
});

const db = () => backend.database.db;
const application = (name = 'Carla Candidate') =>
  addApplication(db(), positionId, { fullName: name, email: `${crypto.randomUUID().slice(0, 8)}@mail.test` });
const toldOf = async (person: Person) => (await listNotifications(db(), person)).rows.map((row) => row.line);
const subjectsTo = async (person: Person) => (await queuedMailsTo(backend, person.email)).map((mail) => mail.subject);

/** An event recorded as the commands do, in a transaction of its own here. */
const happened = (event: Parameters<typeof recordEvent>[1]) => db().transaction((tx) => recordEvent(tx, event));

/** Rita's rejection e-mail to Carla went out. */
const rejectionSent = (applicationId: string) =>
  happened({
    kind: 'rejection.sent',
    applicationId,
    positionId,
    actorUserId: rita.id,
    data: { candidateName: 'Carla Candidate', sendAt: null },
  });

/** An application as the apply command makes it: stored, and its event recorded (submit.test.ts shows the command does). */
async function applied(name: string) {
  const applicationId = await application(name);
  await happened({
    kind: 'application.received',
    applicationId,
    positionId,
    data: { candidateName: name, positionTitle: 'Platform Engineer' },
  });
  return applicationId;
}

describe('who follows an application', () => {
  it('its hiring team, whoever proposed, wrote or was assigned, whoever chose to; less whoever stopped', async () => {
    const applicationId = await application();
    expect((await applicationFollowers(db(), applicationId)).map((row) => [row.userId, row.reason]).sort()).toEqual([
      ['hank', 'team'],
      ['rita', 'team'],
    ]);
    await db()
      .insert(applicationEmails)
      .values({ applicationId, senderUserId: ada.id, senderEmail: ada.email, templateKey: null, subject: 'Hi', body: 'Hi' });
    await assignInterviewer(db(), ada, applicationId, ivan.id);
    expect((await applicationFollowers(db(), applicationId)).map((row) => row.userId).sort()).toEqual(['ada', 'hank', 'ivan', 'rita']);
    await setFollowing(db(), { id: hank.id, role: 'hiring_manager' }, { applicationId }, false);
    await setFollowing(db(), { id: ada.id, role: 'admin' }, { applicationId }, true);
    expect((await applicationFollowers(db(), applicationId)).map((row) => [row.userId, row.reason]).sort()).toEqual([
      ['ada', 'follow'],
      ['ivan', 'assigned'],
      ['rita', 'team'],
    ]);
  });

  it('refuses to follow what one may not read (another position’s application), or a message deleted meanwhile', async () => {
    const applicationId = await application();
    await expect(setFollowing(db(), { id: hugo.id, role: 'hiring_manager' }, { applicationId }, true)).rejects.toThrow(
      'This is no longer there to follow.',
    );
    // A refusal with its reason, not a fault (the follow row's foreign key finds no message).
    await expect(
      setFollowing(db(), { id: ada.id, role: 'admin' }, { contactMessageId: '00000000-0000-4000-8000-000000000000' }, true),
    ).rejects.toBeInstanceOf(AdminRuleError);
  });
});

describe('who is told', () => {
  it('only those who may read it, never the one who did it; a hiring manager of another position never', async () => {
    const applicationId = await application();
    // Hugo chose to follow before: a follow of an application he cannot read tells him nothing.
    await db().insert(hiringTeamMembers).values({ positionId, userId: hugo.id, addedByEmail: 'x' });
    await setFollowing(db(), { id: hugo.id, role: 'hiring_manager' }, { applicationId }, true);
    await db().delete(hiringTeamMembers).where(eq(hiringTeamMembers.userId, hugo.id));
    await db().insert(hiringTeamMembers).values({ positionId: otherPositionId, userId: hugo.id, addedByEmail: 'x' });
    await assignInterviewer(db(), ada, applicationId, ivan.id);
    await rejectionSent(applicationId);
    await deliverEvents(backend);
    // Rita did it; Hank reads the history; Ivan (an interviewer) does not, nor Hugo.
    expect(await toldOf(hank)).toEqual(['The rejection e-mail to Carla Candidate was sent.']);
    for (const person of [rita, ivan, hugo]) expect(await toldOf(person)).toEqual([]);
  });

  it('an interviewer is told of their own interview (in the list; the calendar invitation is their e-mail), not of the other panels’', async () => {
    const applicationId = await application();
    await assignInterviewer(db(), ada, applicationId, ivan.id);
    await assignInterviewer(db(), ada, applicationId, iris.id);
    const startsAt = '2026-12-01T15:00:00.000Z';
    // Ivan's interview (he is its host); Iris is assigned to the application for another one.
    const [booking] = await db()
      .insert(bookings)
      .values({
        uid: 'panel@helixpoint',
        kind: 'interview',
        status: 'cancelled',
        startsAt: new Date(startsAt),
        endsAt: new Date('2026-12-01T16:00:00.000Z'),
        guestName: 'Carla Candidate',
        guestEmail: 'carla@mail.test',
        guestTimeZone: 'America/Chicago',
        applicationId,
        manageTokenHash: 'panel',
      })
      .returning({ id: bookings.id });
    await db()
      .insert(bookingHosts)
      .values({ bookingId: booking!.id, userId: ivan.id, during: `[${startsAt},2026-12-01T16:10:00.000Z)`, active: false });
    await happened({
      kind: 'interview.cancelled',
      applicationId,
      bookingId: booking!.id,
      positionId,
      data: { candidateName: 'Carla Candidate', startsAt, stage: 'Technical interview', by: 'guest' },
    });
    await deliverEvents(backend);
    expect((await toldOf(ivan))[0]).toMatch(/^Carla Candidate cancelled the interview \(Technical interview\) of /);
    // An interviewer does not read an application's other interviews: not told of them.
    expect(await toldOf(iris)).toEqual([]);
    expect(await toldOf(rita)).toHaveLength(1);
    // Rita gets it by e-mail (at once: a recruiter's default); Ivan's e-mail is the calendar's cancellation.
    expect(await subjectsTo(ivan)).toEqual([]);
    expect(await subjectsTo(rita)).toEqual(['Interview cancelled: Carla Candidate']);
    const [mail] = await queuedMailsTo(backend, rita.email);
    expect(mail!.text).toContain('you are on the hiring team of this position');
    expect(mail!.text).toContain('/account/notifications');
    expect(mail!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  it('one taken off the hiring team no longer sees what they were told of it; a blind interviewer is not told of a note they cannot see', async () => {
    const applicationId = await applied('Tara Team');
    await deliverEvents(backend);
    expect(await toldOf(hank)).toEqual(['Tara Team applied for Platform Engineer.']);
    expect(await unreadCount(db(), hank)).toBe(1);
    await db().delete(hiringTeamMembers).where(eq(hiringTeamMembers.userId, hank.id));
    try {
      expect(await toldOf(hank)).toEqual([]);
      expect(await unreadCount(db(), hank)).toBe(0);
      expect(await notificationCounts(db(), hank)).toEqual({ all: 0, unread: 0 });
    } finally {
      await db().insert(hiringTeamMembers).values({ positionId, userId: hank.id, addedByEmail: 'ada@helixpoint.test' });
    }
    // Iris interviews Tara and has not submitted her scorecard: she sees only her own notes, so a
    // note that names her is not told to her (it would lead to a note hidden from her).
    await assignInterviewer(db(), ada, applicationId, iris.id);
    await addNote(db(), rita, applicationId, 'Could @iris Test ask about on-call?');
    await deliverEvents(backend);
    expect(await toldOf(iris)).toEqual([]);
  });

  it('a new application tells its position’s hiring team, each as they chose (a recruiter’s digest, a hiring manager at once)', async () => {
    await applied('Nina New');
    await deliverEvents(backend);
    expect(await toldOf(rita)).toEqual(['Nina New applied for Platform Engineer.']);
    expect(await toldOf(hank)).toEqual(['Nina New applied for Platform Engineer.']);
    expect(await subjectsTo(hank)).toEqual(['New application: Nina New for Platform Engineer']);
    expect(await subjectsTo(rita)).toEqual([]);
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, rita.id));
    expect(row!.email).toBe('digest');
  });

  it('names in a note tell those named who may read it, once; an edit tells only those it names anew', async () => {
    const applicationId = await application();
    await db().insert(hiringTeamMembers).values({ positionId: otherPositionId, userId: ada.id, addedByEmail: 'x' }).onConflictDoNothing();
    const noteId = await addNote(db(), rita, applicationId, 'Thoughts, @Hank Test? And @hugo, @Ritas nobody.');
    await deliverEvents(backend);
    expect(await toldOf(hank)).toEqual([`rita Test mentioned you in a note on Carla Candidate’s application.`]);
    // Hugo may not read it; "@Ritas" names nobody; Rita does not tell herself.
    for (const person of [hugo, rita]) expect(await toldOf(person)).toEqual([]);
    await editNote(db(), rita, noteId, 'Thoughts, @Hank Test? Also @ada.');
    await deliverEvents(backend);
    expect(await toldOf(hank)).toHaveLength(1);
    expect(await toldOf(ada)).toHaveLength(1);
  });
});

describe('e-mail as each person chose', () => {
  it('none for a topic chosen "not by e-mail", still in the list', async () => {
    const applicationId = await application();
    await savePreferences(
      db(),
      { id: hank.id, role: 'hiring_manager' },
      { choices: { rejections: 'off', applications: 'off' }, digestHour: 8 },
    );
    await rejectionSent(applicationId);
    await deliverEvents(backend);
    expect(await toldOf(hank)).toContain('The rejection e-mail to Carla Candidate was sent.');
    expect(await subjectsTo(hank)).toEqual([]);
    const prefs = await loadPreferences(db(), { id: hank.id, role: 'hiring_manager' });
    expect(prefs.topics.find((topic) => topic.topic === 'rejections')?.choice).toBe('off');
    expect(prefs.topics.find((topic) => topic.topic === 'interviews')?.choice).toBe('now');
    // A hiring manager hosts no meetings: no such topic to choose.
    expect(prefs.topics.map((topic) => topic.topic)).not.toContain('meetings');
  });

  it('several on one thread within 15 minutes: the first at once, the rest in one e-mail that says how many', async () => {
    const applicationId = await application();
    const now = new Date();
    for (const kind of ['rejection.sent', 'rejection.withdrawn', 'rejection.sent'] as const)
      await happened(
        kind === 'rejection.withdrawn'
          ? { kind, applicationId, positionId, actorUserId: ada.id, data: { candidateName: 'Carla Candidate' } }
          : { kind, applicationId, positionId, actorUserId: ada.id, data: { candidateName: 'Carla Candidate', sendAt: null } },
      );
    await savePreferences(db(), { id: rita.id, role: 'recruiter' }, { choices: { rejections: 'now' }, digestHour: 8 });
    await deliverEvents(backend, now);
    expect(await subjectsTo(rita)).toEqual(['Rejection e-mail: Carla Candidate']);
    await runNoticeWindows(backend, new Date(now.getTime() + 16 * 60_000));
    const subjects = await subjectsTo(rita);
    expect(subjects).toEqual(['Rejection e-mail: Carla Candidate', '2 updates on Carla Candidate’s application for Platform Engineer']);
    const [, gathered] = await queuedMailsTo(backend, rita.email);
    expect(gathered!.text).toContain('The rejection e-mail to Carla Candidate was taken back before it went.');
  });
});

describe('the daily digest', () => {
  it('goes at the hour chosen in the person’s zone, with what waited, once however many instances run it', async () => {
    await db().insert(staffSchedules).values({ userId: rita.id, timeZone: 'Europe/Berlin', weeklyHours: [] }).onConflictDoNothing();
    await savePreferences(db(), { id: rita.id, role: 'recruiter' }, { choices: {}, digestHour: 9 });
    // Two new applications at 06:00 Berlin time: a recruiter gets them in the digest.
    const morning = new Date('2026-12-02T05:00:00Z');
    await applied('Dora Digest');
    await applied('Dan Digest');
    await deliverEvents(backend, morning);
    const deps = noticeDeps(backend.runtime);
    // 08:45 Berlin: not yet.
    expect(await sendDigests(deps, backend.jobs, new Date('2026-12-02T07:45:00Z'))).toBe(0);
    // 09:00 Berlin, two instances at once: one digest.
    const nine = new Date('2026-12-02T08:00:00Z');
    const [first, second] = await Promise.all([sendDigests(deps, backend.jobs, nine), sendDigests(deps, backend.jobs, nine)]);
    expect(first + second).toBe(1);
    const digests = (await queuedMailsTo(backend, rita.email)).filter((mail) => mail.subject.startsWith('Your daily digest'));
    expect(digests.map((mail) => mail.subject)).toEqual(['Your daily digest: 2 updates']);
    expect(digests[0]!.text).toContain('Dora Digest applied for Platform Engineer.');
    expect(digests[0]!.text).toContain('Dan Digest applied for Platform Engineer.');
    expect(digests[0]!.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
    // Later the same day: nothing more (nothing waits).
    expect(await sendDigests(deps, backend.jobs, new Date('2026-12-02T15:00:00Z'))).toBe(0);
    expect(lastDigestTime(9, 'Europe/Berlin', new Date('2026-12-02T07:45:00Z')).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });
});

describe('the list', () => {
  it('counts, opens (marked read, leading to its place), marks a thread and all read; the bell counts unread', async () => {
    const first = await applied('Lena List');
    const second = await applied('Lars List');
    await deliverEvents(backend);
    expect(await notificationCounts(db(), hank)).toEqual({ all: 2, unread: 2 });
    const { rows } = await listNotifications(db(), hank);
    expect(rows.map((row) => row.line)).toEqual(['Lars List applied for Platform Engineer.', 'Lena List applied for Platform Engineer.']);
    expect(await openNotification(db(), hank.id, rows[0]!.id)).toBe(`/admin/applications/${positionId}/${second}`);
    // Someone else's notification opens nothing.
    expect(await openNotification(db(), rita.id, rows[1]!.id)).toBeNull();
    expect(await unreadCount(db(), hank)).toBe(1);
    await markThreadRead(db(), hank.id, `application:${first}`);
    expect(await unreadCount(db(), hank)).toBe(0);
    expect(await markAllRead(db(), rita.id)).toBe(2);
    expect((await listNotifications(db(), rita, { unreadOnly: true })).rows).toEqual([]);
  });

  it('goes after 90 days, with the events nobody is told of', async () => {
    await applied('Olga Old');
    await deliverEvents(backend);
    const later = new Date(Date.now() + 91 * 86_400_000);
    const removed = await removeOldNotifications(db(), later);
    expect(removed.notifications).toBeGreaterThan(0);
    expect(await db().select().from(notifications)).toEqual([]);
    expect(
      (await db().select().from(domainEvents)).filter((event) => event.occurredAt < new Date(later.getTime() - 90 * 86_400_000)),
    ).toEqual([]);
  });
});

describe('rejections and scorecards as they happen', () => {
  it('a rejection sent and taken back tells the application’s followers', async () => {
    const applicationId = await application('Rex Reject');
    const deps = candidateEmailDeps(backend.runtime);
    await emailCandidate(deps, ada, applicationId, {
      templateKey: 'rejection',
      subject: 'About your application',
      body: 'Sorry.',
      delayMinutes: 60,
    });
    const [scheduled] = await db().select().from(applicationEmails).where(eq(applicationEmails.applicationId, applicationId));
    await cancelCandidateEmail(deps, ada, applicationId, scheduled!.id);
    await deliverEvents(backend);
    const lines = await toldOf(hank);
    expect(lines.some((line) => /^The rejection e-mail to Rex Reject will go on /.test(line))).toBe(true);
    expect(lines).toContain('The rejection e-mail to Rex Reject was taken back before it went.');
  });
});
