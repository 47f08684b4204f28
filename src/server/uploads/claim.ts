import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { UploadPurpose } from '../../lib/uploads.ts';

/**
 * Attaches an upload to the row a form creates (an application's resume, a message's attachment),
 * inside that row's transaction. Only an upload made for this purpose and not yet attached can be
 * claimed, so a file belongs to one row, and once claimed the clean-up job leaves it alone.
 * Resolves to null when there is no such upload (unknown id, another purpose, already used).
 */
export async function claimUpload(tx: Transaction, uploadId: string, purpose: UploadPurpose) {
  const [claimed] = await tx.db
    .update(uploads)
    .set({ attachedAt: new Date() })
    .where(and(eq(uploads.id, uploadId), eq(uploads.purpose, purpose), isNull(uploads.attachedAt)))
    .returning({ id: uploads.id, fileName: uploads.fileName });
  return claimed ?? null;
}
