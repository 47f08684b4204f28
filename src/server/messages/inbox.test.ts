import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditLog } from '../audit/log';
import { contactMessages, uploads } from '../db/schema';
import { createFsStorage } from '../storage/fs-driver';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { addUser } from '../testing/fixtures';
import { countUnreadMessages, deleteMessage, getMessage, listMessages, MESSAGES_PER_PAGE, setMessageRead } from './inbox';

/* The messages inbox of the admin area against a real PostgreSQL. */

// The inbox counts every message: each test starts from an empty one.
let database: TestDatabase;
beforeEach(async () => {
  database = await startTestDatabase();
});
afterEach(async () => {
  await database?.destroy();
});

describe('contact messages', () => {
  it('are marked read and unread, and deleted with their attachment, audited', async () => {
    const ada = await addUser(database.db, 'ada', 'admin');
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
      await expect(setMessageRead(database.db, ada, message!.id, true)).rejects.toThrow('This message no longer exists.');
      await expect(deleteMessage(database.db, storage, ada, message!.id)).rejects.toThrow('This message no longer exists.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are listed a page at a time, newest first, all or only the unread, with both counts', async () => {
    const total = MESSAGES_PER_PAGE + 3;
    const base = Date.parse('2026-11-01T12:00:00Z');
    await database.db.insert(contactMessages).values(
      Array.from({ length: total }, (_, i) => ({
        firstName: `Sender${i}`,
        lastName: 'Doe',
        email: `sender${i}@mail.test`,
        reason: 'support' as const,
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
  });

  it('opens only a message that exists', async () => {
    expect(await getMessage(database.db, 'not-a-uuid')).toBeNull();
    expect(await getMessage(database.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
