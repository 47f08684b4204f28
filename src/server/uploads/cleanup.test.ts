import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
import { createFsStorage } from '../storage/fs-driver';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { cleanUpAbandonedUploads } from './cleanup';

let database: TestDatabase;
const uploadDir = mkdtempSync(join(tmpdir(), 'uploads-'));
const storage = createFsStorage(uploadDir);

beforeAll(async () => {
  database = await startTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.destroy();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('the clean-up of abandoned uploads', () => {
  it('removes uploads never attached after 3 hours, and nothing else', async () => {
    const store = async (name: string) =>
      storage.put(Readable.from([Buffer.from(`%PDF-1.7 ${name}`)]), { contentType: 'application/pdf', prefix: 'resumes/' });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
    const old = await store('old');
    const fresh = await store('fresh');
    const attached = await store('attached');
    const row = (key: string, createdAt: Date, attachedAt: Date | null) => ({
      storageKey: key,
      purpose: 'resume' as const,
      fileName: 'resume.pdf',
      contentType: 'application/pdf',
      size: 16,
      createdAt,
      attachedAt,
    });
    await database.db
      .insert(uploads)
      .values([row(old.key, hoursAgo(3.1), null), row(fresh.key, hoursAgo(2.5), null), row(attached.key, hoursAgo(48), hoursAgo(47))]);

    expect(await cleanUpAbandonedUploads(database.db, storage)).toBe(1);
    expect(await storage.exists(old.key)).toBe(false);
    expect(await database.db.select().from(uploads).where(eq(uploads.storageKey, old.key))).toEqual([]);
    expect(await storage.exists(fresh.key)).toBe(true);
    expect(await storage.exists(attached.key)).toBe(true);
    expect(await database.db.select().from(uploads)).toHaveLength(2);
  });
});
