import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPositionForm, positionFormSchema } from '@/lib/admin-schema';
import {
  AdminRuleError,
  APPLICATIONS_PER_PAGE,
  applicationsCsv,
  changeUserRole,
  createPosition,
  deleteMessage,
  deleteUser,
  getMessage,
  countUnreadMessages,
  listMessages,
  MESSAGES_PER_PAGE,
  setMessageRead,
  listAdminPositions,
  listAuditLog,
  listUsers,
  pageApplicationsForPosition,
  setApplicationStatus,
  setPositionActive,
  updatePosition,
  type Actor,
} from './admin';
import { listOpenPositions } from './careers';
import { applications, contactMessages, positions, sessions, uploads, users } from './db/schema';
import { createFsStorage } from './storage/fs-driver';
import { startTestDatabase, type TestDatabase } from './testing/database';

/* The admin commands against a real embedded PostgreSQL: the rules, and the audit log they write. */

let database: TestDatabase;
let ada: Actor;
let bob: Actor;

async function addUser(id: string, email: string, role: 'user' | 'admin') {
  await database.db
    .insert(users)
    .values({ id, name: `${id} Test`, email, username: id, firstName: id, lastName: 'Test', role, emailVerified: true });
  return { id, email };
}

beforeAll(async () => {
  database = await startTestDatabase();
  ada = await addUser('ada', 'ada@helixpoint.test', 'admin');
  bob = await addUser('bob', 'bob@helixpoint.test', 'user');
}, 120_000);

afterAll(async () => {
  await database?.destroy();
}, 60_000);

const form = (overrides: Partial<typeof emptyPositionForm> = {}) =>
  positionFormSchema.parse({
    ...emptyPositionForm,
    title: 'Site Reliability Engineer',
    location: 'Austin, TX',
    description: 'Keep things up.',
    requirements: '- Linux\n\n• On-call experience ',
    ...overrides,
  });

describe('users', () => {
  it('lists newest first, changes a role and records who did it', async () => {
    expect((await listUsers(database.db)).map((user) => user.id)).toEqual(['bob', 'ada']);
    await changeUserRole(database.db, ada, 'bob', 'admin');
    const [entry] = await listAuditLog(database.db, 1);
    expect(entry).toMatchObject({
      actorEmail: 'ada@helixpoint.test',
      action: 'user.role_changed',
      targetId: 'bob',
      details: { from: 'user', to: 'admin' },
    });
    await changeUserRole(database.db, ada, 'bob', 'user');
  });

  it('never demotes or deletes the last admin, nor lets an admin change or delete themself', async () => {
    await expect(changeUserRole(database.db, ada, 'ada', 'user')).rejects.toThrow(
      new AdminRuleError('You cannot change your own role. Ask another admin.'),
    );
    await expect(deleteUser(database.db, ada, 'ada')).rejects.toThrow(AdminRuleError);
    // Bob, made admin, tries to remove Ada while she is the other admin: allowed once, then not.
    await changeUserRole(database.db, ada, 'bob', 'admin');
    await changeUserRole(database.db, bob, 'ada', 'user');
    await expect(changeUserRole(database.db, { id: 'someone', email: 'x@helixpoint.test' }, 'bob', 'user')).rejects.toThrow(
      'The last admin cannot be demoted.',
    );
    await expect(deleteUser(database.db, { id: 'someone', email: 'x@helixpoint.test' }, 'bob')).rejects.toThrow(
      'The last admin cannot be deleted.',
    );
    await changeUserRole(database.db, bob, 'ada', 'admin');
    await changeUserRole(database.db, ada, 'bob', 'user');
  });

  it('deletes a user with their sessions', async () => {
    const carl = await addUser('carl', 'carl@helixpoint.test', 'user');
    await database.db.insert(sessions).values({ id: 's1', token: 't1', userId: carl.id, expiresAt: new Date(Date.now() + 60_000) });
    await deleteUser(database.db, ada, carl.id);
    expect(await database.db.select().from(users).where(eq(users.id, carl.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, carl.id))).toEqual([]);
    expect((await listAuditLog(database.db, 1))[0]).toMatchObject({ action: 'user.deleted', details: { email: 'carl@helixpoint.test' } });
  });
});

describe('positions', () => {
  it('adds active positions (Remote by default) with lists from one-per-line text, edits and toggles them', async () => {
    const id = await createPosition(database.db, ada, form());
    const [row] = await database.db.select().from(positions).where(eq(positions.id, id));
    expect(row).toMatchObject({ isActive: true, type: 'Remote', requirements: ['Linux', 'On-call experience'], departmentId: null });
    expect((await listOpenPositions(database.db)).map((position) => position.id)).toContain(id);

    await updatePosition(
      database.db,
      ada,
      id,
      form({ title: 'Senior SRE', salaryMin: '120,000', salaryMax: '150000', closesAt: '2030-01-31' }),
    );
    const [updated] = await database.db.select().from(positions).where(eq(positions.id, id));
    expect(updated).toMatchObject({
      title: 'Senior SRE',
      salaryMin: 120000,
      salaryMax: 150000,
      closesAt: new Date('2030-01-31T23:59:59.999Z'),
    });

    await setPositionActive(database.db, ada, id, false);
    expect((await listOpenPositions(database.db)).map((position) => position.id)).not.toContain(id);
    const [listed] = await listAdminPositions(database.db);
    expect(listed).toMatchObject({ id, isActive: false, applicationCount: 0 });
    expect((await listAuditLog(database.db, 3)).map((entry) => entry.action)).toEqual([
      'position.deactivated',
      'position.updated',
      'position.created',
    ]);
  });

  it('refuses a salary range upside down', () => {
    expect(
      positionFormSchema.safeParse({
        ...emptyPositionForm,
        title: 'X role',
        location: 'Remote',
        description: 'd',
        salaryMin: '200',
        salaryMax: '100',
      }).error?.issues[0]?.message,
    ).toBe('The maximum must not be below the minimum');
  });
});

describe('applications', () => {
  it('move along the pipeline, audited', async () => {
    const positionId = await createPosition(database.db, ada, form({ title: 'Pipeline Role' }));
    const [application] = await database.db
      .insert(applications)
      .values({
        positionId,
        fullName: 'Jane Doe',
        email: 'jane@mail.test',
        phone: '+15125550147',
        address: '100 Congress Ave',
        gender: 'female',
        coverLetter: 'Hello',
      })
      .returning();
    await setApplicationStatus(database.db, ada, application!.id, 'interview');
    const [row] = await database.db.select().from(applications).where(eq(applications.id, application!.id));
    expect(row?.status).toBe('interview');
    expect((await listAuditLog(database.db, 1))[0]).toMatchObject({
      action: 'application.status_changed',
      details: { from: 'pending', to: 'interview' },
    });
  });

  it('are listed a page at a time, all or one status, with the count of each status', async () => {
    const positionId = await createPosition(database.db, ada, form({ title: 'Popular Role' }));
    const total = APPLICATIONS_PER_PAGE + 2;
    const base = Date.parse('2026-11-01T12:00:00Z');
    await database.db.insert(applications).values(
      Array.from({ length: total }, (_, i) => ({
        positionId,
        fullName: `Applicant ${i}`,
        email: `applicant${i}@mail.test`,
        phone: '+15125550147',
        address: '100 Congress Ave',
        gender: 'female' as const,
        coverLetter: 'Hello',
        status: i < 3 ? ('hired' as const) : ('pending' as const),
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = await pageApplicationsForPosition(database.db, positionId, { status: null, page: 1 });
    expect(first).toMatchObject({ all: total, byStatus: { hired: 3, pending: total - 3 }, pages: 2 });
    expect(first.rows).toHaveLength(APPLICATIONS_PER_PAGE);
    expect(first.rows[0]!.fullName).toBe(`Applicant ${total - 1}`);
    expect((await pageApplicationsForPosition(database.db, positionId, { status: null, page: 2 })).rows.map((row) => row.fullName)).toEqual(
      ['Applicant 1', 'Applicant 0'],
    );
    const hired = await pageApplicationsForPosition(database.db, positionId, { status: 'hired', page: 1 });
    expect(hired.pages).toBe(1);
    expect(hired.rows.map((row) => row.fullName)).toEqual(['Applicant 2', 'Applicant 1', 'Applicant 0']);
    expect((await pageApplicationsForPosition(database.db, positionId, { status: 'offer', page: 1 })).rows).toEqual([]);
  });

  it('export to CSV with formulas defused and quotes escaped', () => {
    const csv = applicationsCsv([
      {
        fullName: '=HYPERLINK("http://evil.test")',
        email: 'a@b.test',
        phone: '+15125550147',
        status: 'pending',
        createdAt: new Date('2026-11-21T10:00:00Z'),
      },
      { fullName: 'Doe, "Jane"', email: '@attacker', phone: '-1', status: 'hired', createdAt: new Date('2026-11-20T10:00:00Z') },
    ]);
    const [header, first, second] = csv.split('\r\n');
    expect(header).toBe('Name,Email,Phone,Status,Applied');
    expect(first).toBe(`"'=HYPERLINK(""http://evil.test"")",a@b.test,"'+15125550147",pending,2026-11-21T10:00:00.000Z`);
    expect(second).toBe(`"Doe, ""Jane""","'@attacker","'-1",hired,2026-11-20T10:00:00.000Z`);
  });
});

describe('contact messages', () => {
  it('are marked read and unread, and deleted with their attachment, audited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'helixpoint-admin-'));
    try {
      const storage = createFsStorage(dir);
      const stored = await storage.put(Readable.from([Buffer.from('brief')]), {
        contentType: 'text/plain; charset=utf-8',
        prefix: 'attachments/',
      });
      const [upload] = await database.db
        .insert(uploads)
        .values({
          storageKey: stored.key,
          purpose: 'contact-attachment',
          fileName: 'brief.txt',
          contentType: 'text/plain; charset=utf-8',
          size: stored.size,
          attachedAt: new Date(),
        })
        .returning();
      const [message] = await database.db
        .insert(contactMessages)
        .values({
          firstName: 'Jane',
          lastName: 'Doe',
          email: 'jane@mail.test',
          reason: 'support',
          message: 'Help',
          attachmentUploadId: upload!.id,
        })
        .returning();
      await setMessageRead(database.db, ada, message!.id, true);
      expect((await getMessage(database.db, message!.id))?.message.readAt).toBeInstanceOf(Date);
      await setMessageRead(database.db, ada, message!.id, false);
      expect((await getMessage(database.db, message!.id))?.message.readAt).toBeNull();
      await deleteMessage(database.db, storage, ada, message!.id);
      expect(await getMessage(database.db, message!.id)).toBeNull();
      expect(await database.db.select().from(uploads).where(eq(uploads.id, upload!.id))).toEqual([]);
      expect(await storage.exists(stored.key)).toBe(false);
      expect((await listAuditLog(database.db, 3)).map((entry) => entry.action)).toEqual([
        'message.deleted',
        'message.marked_unread',
        'message.marked_read',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are listed a page at a time, newest first, all or only the unread, with both counts', async () => {
    await database.db.delete(contactMessages);
    const total = MESSAGES_PER_PAGE + 3;
    const base = Date.parse('2026-11-01T12:00:00Z');
    await database.db.insert(contactMessages).values(
      Array.from({ length: total }, (_, i) => ({
        firstName: `Sender${i}`,
        lastName: 'Doe',
        email: `sender${i}@mail.test`,
        reason: 'support',
        message: 'Hello',
        createdAt: new Date(base + i * 60_000),
        // Every third message has been read.
        readAt: i % 3 === 0 ? new Date(base + i * 60_000 + 1000) : null,
      })),
    );
    const unread = Array.from({ length: total }, (_, i) => i).filter((i) => i % 3 !== 0).length;

    const first = await listMessages(database.db, { unreadOnly: false, page: 1 });
    expect(first).toMatchObject({ all: total, unread, pages: 2 });
    expect(first.rows).toHaveLength(MESSAGES_PER_PAGE);
    expect(first.rows[0]!.firstName).toBe(`Sender${total - 1}`);
    const second = await listMessages(database.db, { unreadOnly: false, page: 2 });
    expect(second.rows.map((row) => row.firstName)).toEqual(['Sender2', 'Sender1', 'Sender0']);

    const unreadPage = await listMessages(database.db, { unreadOnly: true, page: 1 });
    expect(unreadPage.pages).toBe(Math.ceil(unread / MESSAGES_PER_PAGE));
    expect(unreadPage.rows.every((row) => row.readAt === null)).toBe(true);
    expect(unreadPage.rows).toHaveLength(Math.min(unread, MESSAGES_PER_PAGE));
    expect(await countUnreadMessages(database.db)).toBe(unread);
    await database.db.delete(contactMessages);
  });
});
