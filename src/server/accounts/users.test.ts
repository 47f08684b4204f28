import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminRuleError } from '../admin-command';
import { listAuditLog } from '../audit/log';
import { sessions, users } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addUser } from '../testing/fixtures';
import { changeUserRole, deleteUser, listUsers } from './users';

/* The user commands of the admin area against a real PostgreSQL: the rules, and the audit log. */

// The last-admin rule is about every admin in the database: each test starts from none.
let database: TestDatabase;
beforeEach(async () => {
  database = await startTestDatabase();
});
afterEach(async () => {
  await database?.destroy();
});

const someone = { id: 'someone', email: 'x@helixpoint.test' };

describe('users', () => {
  it('lists newest first, changes a role and records who did it', async () => {
    const ada = await addUser(database.db, 'ada', 'admin', new Date('2026-11-01T10:00:00Z'));
    await addUser(database.db, 'bob', 'user', new Date('2026-11-02T10:00:00Z'));
    expect((await listUsers(database.db)).rows.map((user) => user.id)).toEqual(['bob', 'ada']);
    await changeUserRole(database.db, ada, 'bob', 'admin');
    const [entry] = await listAuditLog(database.db, 1);
    expect(entry).toMatchObject({
      actorEmail: 'ada@helixpoint.test',
      action: 'user.role_changed',
      targetType: 'user',
      targetId: 'bob',
      details: { from: 'user', to: 'admin' },
    });
  });

  it('never demotes or deletes the last admin, nor lets an admin change or delete themself', async () => {
    const ada = await addUser(database.db, 'ada', 'admin');
    const bob = await addUser(database.db, 'bob', 'user');
    await expect(changeUserRole(database.db, ada, 'ada', 'user')).rejects.toThrow(
      new AdminRuleError('You cannot change your own role. Ask another admin.'),
    );
    await expect(deleteUser(database.db, ada, 'ada')).rejects.toThrow(AdminRuleError);
    // Bob, made admin, tries to remove Ada while she is the other admin: allowed once, then not.
    await changeUserRole(database.db, ada, 'bob', 'admin');
    await changeUserRole(database.db, bob, 'ada', 'user');
    await expect(changeUserRole(database.db, someone, 'bob', 'user')).rejects.toThrow('The last admin cannot be demoted.');
    await expect(deleteUser(database.db, someone, 'bob')).rejects.toThrow('The last admin cannot be deleted.');
  });

  it('two admins demoting each other at the same moment: one wins, one admin is left', async () => {
    for (let round = 0; round < 10; round += 1) {
      const ada = await addUser(database.db, `ada${round}`, 'admin');
      const bob = await addUser(database.db, `bob${round}`, 'admin');
      const outcomes = await Promise.allSettled([
        changeUserRole(database.db, ada, bob.id, 'user'),
        changeUserRole(database.db, bob, ada.id, 'user'),
      ]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect((refused as PromiseRejectedResult).reason).toEqual(new AdminRuleError('The last admin cannot be demoted.'));
      const admins = await database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toHaveLength(1);
      // The survivor leaves the next round alone with a fresh pair.
      await database.db.update(users).set({ role: 'user' }).where(eq(users.role, 'admin'));
    }
  });

  it('deletes a user with their sessions', async () => {
    const ada = await addUser(database.db, 'ada', 'admin');
    const carl = await addUser(database.db, 'carl', 'user');
    await database.db.insert(sessions).values({ id: 's1', token: 't1', userId: carl.id, expiresAt: new Date(Date.now() + 60_000) });
    await deleteUser(database.db, ada, carl.id);
    expect(await database.db.select().from(users).where(eq(users.id, carl.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, carl.id))).toEqual([]);
    expect((await listAuditLog(database.db, 1))[0]).toMatchObject({ action: 'user.deleted', details: { email: 'carl@helixpoint.test' } });
  });
});
