import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { builtOnce } from '../db/built-once.ts';
import { isForeignKeyViolation } from '../db/errors.ts';
import { applications, resumeTexts, uploads } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import { isObjectNotFoundError, type ObjectStorage } from '../storage/index.ts';
import { EXTRACTOR_VERSION, type NoTextReason, type ResumeTextState } from '../../lib/resumes/extraction.ts';
import { documentTypes, MAX_UPLOAD_BYTES } from '../../lib/uploads.ts';
import type { Outcome } from './extract.ts';
import type { ResumeType } from './read-protocol.ts';

/**
 * An application's resume, read into text for the search (issue 33): queued with the application
 * and read off its path, so applying never waits for the reader (src/server/resumes/module.ts).
 * Each resume ends with its text or the reason it has none. Nothing here logs the text.
 */

/** One resume to read: the job queued with the application, in its transaction. */
export const READ_RESUME = 'read-resume';
/** Resumes never read, or read by an older reader: found and read in batches. */
export const READ_RESUMES_BACKLOG = 'read-resumes-backlog';

export interface ResumeReadingDeps {
  db: Database;
  storage: ObjectStorage;
  read(type: ResumeType, bytes: Uint8Array): Promise<Outcome>;
}

/** Queues the reading of an application's resume (with `db`, in the transaction that stores it). */
export async function queueResumeReading(
  jobs: Pick<JobSender, 'send'>,
  applicationId: string,
  options: Parameters<JobSender['send']>[2] = {},
): Promise<void> {
  await jobs.send(READ_RESUME, { applicationId }, options);
}

const typeOf = (contentType: string): ResumeType | null =>
  contentType === documentTypes.pdf.mime
    ? 'pdf'
    : contentType === documentTypes.docx.mime
      ? 'docx'
      : contentType === documentTypes.doc.mime
        ? 'doc'
        : null;

/** A stored file's bytes, never more than an upload may be. */
async function storedBytes(storage: ObjectStorage, key: string): Promise<Uint8Array | null> {
  let object;
  try {
    object = await storage.get(key);
  } catch (error) {
    if (isObjectNotFoundError(error)) return null;
    throw error;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_UPLOAD_BYTES) {
      object.body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export type ReadingResult = { kind: 'text'; pages: number | null } | { kind: 'no-text'; reason: NoTextReason } | { kind: 'gone' };

/**
 * Reads an application's resume and keeps what came of it (replacing an earlier reading). "gone"
 * when the application no longer exists (erased while it waited).
 */
export async function readResume(deps: ResumeReadingDeps, applicationId: string): Promise<ReadingResult> {
  const [row] = await deps.db
    .select({ storageKey: uploads.storageKey, contentType: uploads.contentType })
    .from(applications)
    .leftJoin(uploads, eq(uploads.id, applications.resumeUploadId))
    .where(eq(applications.id, applicationId));
  if (!row) return { kind: 'gone' };

  const started = performance.now();
  const type = row.contentType ? typeOf(row.contentType) : null;
  const bytes = row.storageKey ? await storedBytes(deps.storage, row.storageKey) : null;
  const outcome: Outcome = !bytes
    ? { ok: false, reason: 'missing-file' }
    : !type
      ? { ok: false, reason: 'unreadable' }
      : await deps.read(type, bytes);
  const values = {
    text: outcome.ok ? outcome.text : null,
    noTextReason: outcome.ok ? null : outcome.reason,
    pages: outcome.ok ? outcome.pages : null,
    extractorVersion: EXTRACTOR_VERSION,
    durationMs: Math.round(performance.now() - started),
    extractedAt: new Date(),
  };
  try {
    await deps.db
      .insert(resumeTexts)
      .values({ applicationId, ...values })
      .onConflictDoUpdate({ target: resumeTexts.applicationId, set: values });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { kind: 'gone' };
    throw error;
  }
  return outcome.ok ? { kind: 'text', pages: outcome.pages } : { kind: 'no-text', reason: outcome.reason };
}

/** Applications whose resume waits to be read, or was read by an older reader; oldest first. */
export async function resumesToRead(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .leftJoin(resumeTexts, eq(resumeTexts.applicationId, applications.id))
    .where(
      and(
        isNotNull(applications.resumeUploadId),
        or(isNull(resumeTexts.applicationId), lt(resumeTexts.extractorVersion, EXTRACTOR_VERSION)),
      ),
    )
    .orderBy(asc(applications.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

const textStateOf = builtOnce((db: Database) =>
  db
    .select({
      noTextReason: resumeTexts.noTextReason,
      pages: resumeTexts.pages,
      characters: sql<number>`coalesce(char_length(${resumeTexts.text}), 0)`,
    })
    .from(resumeTexts)
    .where(eq(resumeTexts.applicationId, sql.placeholder('applicationId')))
    .prepare(''),
);

/** What became of an application's resume, for its page (not the text: the resume itself is there). */
export async function resumeTextState(db: Database, applicationId: string): Promise<ResumeTextState> {
  const [row] = await textStateOf(db).execute({ applicationId });
  if (!row) return { state: 'pending' };
  return row.noTextReason
    ? { state: 'no-text', reason: row.noTextReason }
    : { state: 'text', pages: row.pages, characters: row.characters };
}
