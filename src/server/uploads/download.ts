import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Actor } from '../admin-command.ts';
import { audit, type AuditAction } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import type { Runtime } from '../runtime.ts';
import { applications, contactMessages, uploads } from '../db/schema.ts';
import { isObjectNotFoundError, type ObjectStorage } from '../storage/index.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * The private files (resumes, contact attachments), served to admins only: every download is one
 * audited lookup and one response that is always an attachment, never sniffed or rendered by the
 * browser, never cached by anyone in between. Callers have passed the admin check.
 */

/** What can be downloaded: the row that owns the file, and how the download is recorded. */
const privateFiles = {
  resume: { owner: applications, id: applications.id, upload: applications.resumeUploadId, action: 'application.resume_downloaded' },
  attachment: {
    owner: contactMessages,
    id: contactMessages.id,
    upload: contactMessages.attachmentUploadId,
    action: 'message.attachment_downloaded',
  },
} as const satisfies Record<string, { action: AuditAction; [key: string]: unknown }>;

export type PrivateFileKind = keyof typeof privateFiles;

export interface StoredFile {
  storageKey: string;
  fileName: string;
  contentType: string;
}

/**
 * The stored file of a row (an application's resume, a message's attachment); the download is
 * audited, a resume shown in the page (the preview) as such.
 */
export async function fileForDownload(
  db: Database,
  actor: Actor,
  kind: PrivateFileKind,
  ownerId: string,
  { preview = false } = {},
): Promise<StoredFile | null> {
  if (!isUuid(ownerId)) return null;
  const file = privateFiles[kind];
  const [row] = await db
    .select({ storageKey: uploads.storageKey, fileName: uploads.fileName, contentType: uploads.contentType })
    .from(file.owner)
    .innerJoin(uploads, eq(file.upload, uploads.id))
    .where(eq(file.id, ownerId));
  if (!row) return null;
  await audit(db, actor, preview && kind === 'resume' ? 'application.resume_previewed' : file.action, ownerId);
  return row;
}

export async function privateFileResponse(storage: ObjectStorage, file: StoredFile): Promise<Response> {
  try {
    const object = await storage.get(file.storageKey);
    const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return new Response(Readable.toWeb(object.body) as ReadableStream, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(object.size),
        'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (isObjectNotFoundError(error)) return new Response('The file is missing from storage.', { status: 410 });
    throw error;
  }
}

/**
 * The download endpoint of a kind of file, for the admin the middleware let through (no actor: no
 * file); 404 for anything that is not there.
 */
export async function downloadPrivateFile(
  runtime: Pick<Runtime, 'database' | 'storage'>,
  actor: Actor | undefined,
  kind: PrivateFileKind,
  ownerId: string | undefined,
  options: { preview?: boolean } = {},
): Promise<Response> {
  const file = actor ? await fileForDownload(runtime.database.db, actor, kind, ownerId ?? '', options) : null;
  return file ? privateFileResponse(runtime.storage, file) : new Response('Not found', { status: 404 });
}
