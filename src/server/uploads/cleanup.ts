import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { ObjectStorage } from '../storage/types.ts';

/**
 * Uploads never attached to an application or message are deleted after this long: a form is sent
 * within minutes of its file, and until the file goes it counts against its client's quota (quota.ts).
 */
export const ABANDONED_UPLOAD_AGE_MS = 3 * 60 * 60 * 1000;

/** Deletes uploads (object and row) created before `now - 3 h` and never attached. Run hourly by a job. */
export async function cleanUpAbandonedUploads(db: Database, storage: ObjectStorage, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS);
  const abandoned = await db
    .select({ id: uploads.id, storageKey: uploads.storageKey })
    .from(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, cutoff)));
  let removed = 0;
  for (const upload of abandoned) {
    // Row first, and only while still unattached: a form may have used the upload meanwhile, and
    // then its file must stay.
    const deleted = await db
      .delete(uploads)
      .where(and(eq(uploads.id, upload.id), isNull(uploads.attachedAt)))
      .returning({ id: uploads.id });
    if (deleted.length === 0) continue;
    await storage.delete(upload.storageKey);
    removed += 1;
  }
  return removed;
}
