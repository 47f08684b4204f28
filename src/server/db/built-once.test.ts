import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../audit/log';
import { listNotes } from '../applications/notes';
import { hostZones } from '../scheduling/bookings';
import { applicationNotes, auditLog, staffSchedules, users } from './schema';
import { builtOnce } from './built-once';
import { withTransaction, type Database } from './client';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser } from '../testing/fixtures';

/* Queries drizzle writes once per handle (issue 52), against a real PostgreSQL. */

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe('a query built once', () => {
  it('is written once per handle, and each run takes its own values', async () => {
    const { db } = database;
    const ada = await addUser(db, 'ada-once', 'admin');
    const bob = await addUser(db, 'bob-once', 'recruiter');
    let written = 0;
    const nameOf = builtOnce((handle: Database) => {
      written += 1;
      return handle
        .select({ name: users.name })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare('');
    });
    expect(await nameOf(db).execute({ id: ada.id })).toEqual([{ name: ada.name }]);
    expect(await nameOf(db).execute({ id: bob.id })).toEqual([{ name: bob.name }]);
    expect(written).toBe(1);
    // Another handle (a transaction's, bound to its connection) gets its own.
    await withTransaction(database.pool, async (tx) => {
      expect(await nameOf(tx.db).execute({ id: bob.id })).toEqual([{ name: bob.name }]);
    });
    expect(written).toBe(2);
  });

  it('runs in the transaction of the handle it was built on: a rolled-back audit entry is not kept, a committed one is whole', async () => {
    const { db } = database;
    const position = await addPosition(db);
    const kept = await addApplication(db, position, { email: 'kept@mail.test' });
    const undone = await addApplication(db, position, { email: 'undone@mail.test' });
    const actor = { id: null, email: 'operator@example.test', role: null };
    await expect(
      withTransaction(database.pool, async (tx) => {
        await audit(tx.db, actor, 'application.viewed', undone, { via: 'test' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await audit(db, actor, 'application.status_changed', kept, { from: 'new', to: 'reviewing', note: 'a "quoted" word' });
    expect(await db.select().from(auditLog).where(eq(auditLog.targetId, undone))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, kept));
    expect(entry).toMatchObject({
      actorUserId: null,
      actorEmail: 'operator@example.test',
      actorRole: null,
      action: 'application.status_changed',
      targetType: 'application',
      // Stored as JSON, not as a string of it.
      details: { from: 'new', to: 'reviewing', note: 'a "quoted" word' },
    });
    const [stored] = (
      await db.execute<{ kind: string }>(
        sql`select jsonb_typeof(${auditLog.details}) as kind from ${auditLog} where ${auditLog.targetId} = ${kept}`,
      )
    ).rows;
    expect(stored?.kind).toBe('object');
  });

  it("answers each application with its own rows (an application's notes)", async () => {
    const { db } = database;
    const author = await addUser(db, 'nora-once', 'recruiter');
    const position = await addPosition(db);
    const first = await addApplication(db, position, { email: 'first@mail.test' });
    const second = await addApplication(db, position, { email: 'second@mail.test' });
    await db.insert(applicationNotes).values([
      { applicationId: first, body: 'first one', authorUserId: author.id, authorEmail: author.email },
      { applicationId: second, body: 'second one', authorUserId: author.id, authorEmail: author.email },
    ]);
    expect((await listNotes(db, first)).map((note) => [note.body, note.authorName])).toEqual([['first one', author.name]]);
    expect((await listNotes(db, second)).map((note) => note.body)).toEqual(['second one']);
  });

  it('takes a list of any length as one array parameter (70,000 people, past the protocol’s 65,535)', async () => {
    const { db } = database;
    const zoned = await addUser(db, 'zed-once', 'recruiter');
    await db.insert(staffSchedules).values({ userId: zoned.id, timeZone: 'Asia/Tokyo', weeklyHours: [] });
    const hosts = Array.from({ length: 70_000 }, (_, index) => ({
      userId: index === 69_999 ? zoned.id : `nobody-${index}`,
    }));
    const zones = await hostZones(db, hosts);
    expect(zones.size).toBe(70_000);
    expect(zones.get(zoned.id)).toBe('Asia/Tokyo');
  });
});
