import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationEmails,
  applicationInterviewers,
  applicationNotes,
  applicationRatings,
  applicationStatusHistory,
  applications,
  contactMessages,
  hiringTeamMembers,
} from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { workspaceNavigation } from '../shell/navigation';
import { countNewApplications, feedbackDue, STALLED_AFTER_DAYS, stalledApplications } from './attention';

/* What a role's home and the workspace's navigation count, against a real PostgreSQL. */

let database: TestDatabase;
const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe('a role home', () => {
  it('counts new applications in the viewer’s reach only', async () => {
    const db = database.db;
    const recruiter = await addUser(db, 'rita', 'recruiter');
    const manager = await addUser(db, 'hank', 'hiring_manager');
    const sales = await addUser(db, 'sam', 'sales');
    const team = await addPosition(db, { title: 'Team Role' });
    const other = await addPosition(db, { title: 'Other Role' });
    await db.insert(hiringTeamMembers).values({ positionId: team, userId: manager.id, addedByEmail: recruiter.email });
    await addApplication(db, team, { email: 'a@mail.test' });
    await addApplication(db, other, { email: 'b@mail.test' });
    await addApplication(db, other, { email: 'c@mail.test', status: 'reviewing' });
    expect(await countNewApplications(db, recruiter)).toBe(2);
    expect(await countNewApplications(db, manager)).toBe(1);
    // Someone who lists no applications counts none, without asking the database what they cannot see.
    expect(await countNewApplications(db, sales)).toBe(0);
  });

  it('finds stalled applications: open, past the first look, and quiet for a week, whatever last happened', async () => {
    const db = database.db;
    const recruiter = await addUser(db, 'rosa', 'recruiter');
    const position = await addPosition(db, { title: 'Stall Role' });
    const quiet = await addApplication(db, position, {
      fullName: 'Quiet Quill',
      email: 'quiet@mail.test',
      status: 'interview',
      createdAt: daysAgo(30),
    });
    await db
      .insert(applicationStatusHistory)
      .values({ applicationId: quiet, status: 'interview', reachedAt: daysAgo(STALLED_AFTER_DAYS + 2) });
    const quieter = await addApplication(db, position, {
      fullName: 'Quieter Quinn',
      email: 'quieter@mail.test',
      status: 'reviewing',
      createdAt: daysAgo(40),
    });
    await db.insert(applicationStatusHistory).values({ applicationId: quieter, status: 'reviewing', reachedAt: daysAgo(20) });
    // A note, an e-mail or a move this week: not stalled.
    const noted = await addApplication(db, position, {
      fullName: 'Noted Nia',
      email: 'noted@mail.test',
      status: 'reviewing',
      createdAt: daysAgo(30),
    });
    await db
      .insert(applicationNotes)
      .values({ applicationId: noted, authorEmail: recruiter.email, body: 'Called.', createdAt: daysAgo(2) });
    const mailed = await addApplication(db, position, {
      fullName: 'Mailed Max',
      email: 'mailed@mail.test',
      status: 'offer',
      createdAt: daysAgo(30),
    });
    await db
      .insert(applicationEmails)
      .values({ applicationId: mailed, senderEmail: recruiter.email, subject: 'Offer', body: 'Here it is', createdAt: daysAgo(1) });
    // Decided, or still new (the new-applications queue has those): never stalled.
    await addApplication(db, position, { fullName: 'Hired Hal', email: 'hired@mail.test', status: 'hired', createdAt: daysAgo(60) });
    await addApplication(db, position, { fullName: 'Pending Pat', email: 'pending@mail.test', status: 'pending', createdAt: daysAgo(60) });

    const stalled = await stalledApplications(db, recruiter, now);
    expect(stalled.rows.map((row) => row.fullName)).toEqual(['Quieter Quinn', 'Quiet Quill']);
    expect(stalled.count).toBe(2);
    expect(stalled.rows[0]!.since.toISOString()).toBe(daysAgo(20).toISOString());
    // Out of an interviewer's reach entirely.
    expect(await stalledApplications(db, await addUser(db, 'ian', 'interviewer'), now)).toEqual({ count: 0, rows: [] });
  });

  it('knows the last activity of applications stored before it was kept (migration 0030’s backfill), and follows their status', async () => {
    const db = database.db;
    const position = await addPosition(db, { title: 'Older Role' });
    const moved = await addApplication(db, position, { email: 'moved@mail.test', status: 'reviewing', createdAt: daysAgo(50) });
    const untouched = await addApplication(db, position, { email: 'untouched@mail.test', status: 'offer', createdAt: daysAgo(45) });
    await db.insert(applicationStatusHistory).values({ applicationId: moved, status: 'reviewing', reachedAt: daysAgo(12) });
    await db
      .insert(applicationEmails)
      .values({ applicationId: moved, senderEmail: 'x@helixpoint.test', subject: 'Hi', body: 'Hello', createdAt: daysAgo(9) });
    // As the previous release left them: no activity kept at all; the migration fills it from the record.
    await db.execute(sql`delete from application_activity`);
    const migration = readFileSync(new URL('../db/migrations/0030_stalled_by_activity_table.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('INSERT INTO "application_activity"'));
    await db.execute(sql.raw(backfill!));
    const [row] = (
      await db.execute<{ moved: Date; untouched: Date }>(
        sql`select (select last_activity_at from application_activity where application_id = ${moved}) as moved,
                   (select last_activity_at from application_activity where application_id = ${untouched}) as untouched`,
      )
    ).rows;
    expect(new Date(row!.moved).toISOString()).toBe(daysAgo(9).toISOString());
    expect(new Date(row!.untouched).toISOString()).toBe(daysAgo(45).toISOString());
    // A note written with an older time (a restore) does not take it back.
    await db
      .insert(applicationNotes)
      .values({ applicationId: moved, authorEmail: 'x@helixpoint.test', body: 'Old', createdAt: daysAgo(30) });
    const admin = { id: 'nobody', role: 'admin' } as const;
    const ofPosition = async () =>
      (await stalledApplications(db, admin, now)).rows
        .filter((entry) => entry.positionId === position)
        .map((entry) => [entry.fullName, entry.since.toISOString()]);
    expect(await ofPosition()).toEqual([
      ['Jane Doe', daysAgo(45).toISOString()],
      ['Jane Doe', daysAgo(9).toISOString()],
    ]);
    // Decided, it is no longer under way; back to review, it is again.
    await db.update(applications).set({ status: 'hired' }).where(eq(applications.id, untouched));
    expect(await ofPosition()).toEqual([['Jane Doe', daysAgo(9).toISOString()]]);
    await db.update(applications).set({ status: 'reviewing' }).where(eq(applications.id, untouched));
    expect(await ofPosition()).toHaveLength(2);
  });

  it('lists the applications an interviewer owes feedback on, until they rate or note them', async () => {
    const db = database.db;
    const recruiter = await addUser(db, 'ruth', 'recruiter');
    const interviewer = await addUser(db, 'ivy', 'interviewer');
    const position = await addPosition(db, { title: 'Feedback Role' });
    const [first, second, third, decided, notMine] = await Promise.all(
      ['Fay First', 'Sid Second', 'Tom Third', 'Dee Decided', 'Nat NotMine'].map((fullName, i) =>
        addApplication(db, position, { fullName, email: `f${i}@mail.test`, status: fullName === 'Dee Decided' ? 'rejected' : 'interview' }),
      ),
    );
    await db.insert(applicationInterviewers).values(
      [first, second, third, decided].map((applicationId, i) => ({
        applicationId: applicationId!,
        userId: interviewer.id,
        assignedByEmail: recruiter.email,
        createdAt: daysAgo(4 - i),
      })),
    );
    await db.insert(applicationInterviewers).values({ applicationId: notMine!, userId: recruiter.id, assignedByEmail: recruiter.email });
    expect((await feedbackDue(db, interviewer)).rows.map((row) => row.fullName)).toEqual(['Tom Third', 'Sid Second', 'Fay First']);
    await db.insert(applicationRatings).values({ applicationId: second!, reviewerUserId: interviewer.id, rating: 4 });
    await db
      .insert(applicationNotes)
      .values({ applicationId: third!, authorUserId: interviewer.id, authorEmail: interviewer.email, body: 'Strong.' });
    // Someone else's rating does not count as theirs.
    await db.insert(applicationRatings).values({ applicationId: first!, reviewerUserId: recruiter.id, rating: 2 });
    const due = await feedbackDue(db, interviewer);
    expect(due).toMatchObject({ count: 1, rows: [{ fullName: 'Fay First' }] });
  });
});

describe('the workspace navigation', () => {
  const keysOf = (groups: Awaited<ReturnType<typeof workspaceNavigation>>) =>
    groups.map((group) => [group.label, group.items.map((item) => item.key)]);

  it('shows each role the sections its permissions open, and its own account', async () => {
    const db = database.db;
    expect(keysOf(await workspaceNavigation(db, await addUser(db, 'adele', 'admin')))).toEqual([
      [
        'Work',
        [
          'dashboard',
          'applications',
          'positions',
          'talent-pool',
          'offers',
          'insights',
          'analytics',
          'templates',
          'posts',
          'pages',
          'media',
          'messages',
          'meetings',
          'integrations',
          'sso',
          'privacy',
          'retention',
          'audit',
        ],
      ],
      ['You', ['account', 'account-availability', 'account-notifications', 'account-api-tokens']],
    ]);
    expect(keysOf(await workspaceNavigation(db, await addUser(db, 'iris', 'interviewer')))).toEqual([
      ['Work', ['dashboard']],
      ['You', ['account', 'account-availability', 'account-notifications', 'account-api-tokens']],
    ]);
    expect(keysOf(await workspaceNavigation(db, await addUser(db, 'sally', 'sales')))).toEqual([
      ['Work', ['dashboard', 'analytics', 'messages', 'meetings']],
      ['You', ['account', 'account-availability', 'account-notifications', 'account-api-tokens']],
    ]);
    // An editor is not booked: no availability of their own.
    expect(keysOf(await workspaceNavigation(db, await addUser(db, 'eddie', 'editor')))).toEqual([
      ['Work', ['dashboard', 'analytics', 'posts', 'pages', 'media']],
      ['You', ['account', 'account-notifications']],
    ]);
    // A candidate's account: only their own pages.
    expect(keysOf(await workspaceNavigation(db, await addUser(db, 'cara', 'user')))).toEqual([
      ['You', ['account', 'account-applications']],
    ]);
  });

  it('counts what waits where it waits: new applications, unread messages', async () => {
    const db = database.db;
    const admin = await addUser(db, 'ada', 'admin');
    const before = await workspaceNavigation(db, admin);
    const countOf = (groups: typeof before, key: string) => groups[0]!.items.find((item) => item.key === key)?.count?.value;
    await addApplication(db, await addPosition(db), { email: 'count@mail.test' });
    await db.insert(contactMessages).values({
      firstName: 'Mo',
      lastName: 'Message',
      email: 'mo@mail.test',
      phone: '+15125550147',
      reason: 'support',
      message: 'Hello there, a question.',
    });
    const after = await workspaceNavigation(db, admin);
    expect(countOf(after, 'applications')).toBe(countOf(before, 'applications')! + 1);
    expect(countOf(after, 'messages')).toBe(countOf(before, 'messages')! + 1);
    expect(after[0]!.items.find((item) => item.key === 'messages')?.count?.label).toBe('unread');
  });
});
