import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeUserRole, deleteUser } from '../accounts/users';
import { setApplicationStatus } from '../applications/review';
import { contactMessages } from '../db/schema';
import { setMessageRead } from '../messages/inbox';
import { setPositionActive } from '../positions/manage';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addApplication, addPosition, addUser } from '../testing/fixtures';
import { audit, listAuditLog } from './log';

/* The audit log as the admin reads it: people and things by name, not ids. */

let database: TestDatabase;
beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.destroy();
});

describe('the audit log', () => {
  it('names the actor and the target, links to what still exists, and keeps what was recorded of what is gone', async () => {
    const ada = await addUser(database.db, 'ada', 'admin');
    const bob = await addUser(database.db, 'bob', 'user');
    const positionId = await addPosition(database.db, { title: 'Data Engineer' });
    const applicationId = await addApplication(database.db, positionId, { fullName: 'Jane Doe' });
    const [message] = await database.db
      .insert(contactMessages)
      .values({ firstName: 'Mona', lastName: 'Lisa', email: 'mona@mail.test', reason: 'support', message: 'Hi' })
      .returning();

    await changeUserRole(database.db, ada, bob.id, 'admin');
    await setPositionActive(database.db, ada, positionId, false);
    await setApplicationStatus(database.db, ada, applicationId, 'reviewing');
    await setMessageRead(database.db, ada, message!.id, true);
    await changeUserRole(database.db, ada, bob.id, 'user');
    await deleteUser(database.db, ada, bob.id);
    await audit(database.db, { id: null, email: 'admin:create' }, 'user.created', 'someone-gone', {});

    const entries = await listAuditLog(database.db, 10);
    const byAction = (action: string) => entries.find((entry) => entry.action === action)!;
    expect(byAction('user.role_changed')).toMatchObject({ actorName: 'ada Test', actorEmail: 'ada@helixpoint.test' });
    expect(byAction('position.deactivated').target).toEqual({ label: 'Data Engineer', href: `/admin/positions/${positionId}` });
    expect(byAction('application.status_changed').target).toEqual({
      label: 'Jane Doe for Data Engineer',
      href: `/admin/applications/${positionId}/${applicationId}`,
    });
    expect(byAction('message.marked_read').target).toEqual({ label: 'Message from Mona Lisa', href: `/admin/messages/${message!.id}` });
    // Bob is deleted: his entries show the address the deletion recorded.
    expect(byAction('user.deleted').target).toEqual({ label: 'bob@helixpoint.test', href: null });
    // Nothing known: the kind and id stay for the reader.
    expect(entries[0]).toMatchObject({ actorName: null, actorEmail: 'admin:create', target: { label: null, href: null } });
  });
});
