import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { describeError } from '../failures.ts';
import type { Database } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import type { RateLimiters } from '../rate-limit.ts';
import { uploadOutcome, uploadsCounter } from './metrics.ts';
import type { Runtime } from '../runtime.ts';
import { isStorageUnavailable } from '../storage/availability.ts';
import { isFileTooLargeError, type ObjectStorage } from '../storage/index.ts';
import { detectDocumentType, looksLikeText, NotTextError, TextProbe, WordDocumentProbe } from './detect.ts';
import { uploadRefusals } from './messages.ts';
import { defaultUploadQuota, releaseReservation, reserveUpload, uploadClientKey, type UploadQuota } from './quota.ts';
import {
  MAX_UPLOAD_BYTES,
  documentTypes,
  uploadMessages,
  uploadPurposes,
  wrongTypeMessage,
  type DocumentType,
  type UploadPurpose,
  type UploadResult,
} from '../../lib/uploads.ts';

/**
 * Receiving a file from a form (resume, attachment): streamed to private storage, never buffered
 * whole, accepted by its content (magic bytes), at most 10 MB, and recorded as an upload row whose
 * opaque id the form sends with its submission, within the quotas of bytes not yet attached and the
 * disk's free-space floor (quota.ts). Unused uploads are deleted by an hourly job.
 */

/** Enough of the start of a file for its type to be recognised (DOCX needs its first zip entries). */
const HEAD_BYTES = 64 * 1024;

export interface UploadDeps {
  db: Database;
  storage: ObjectStorage;
  rateLimits: RateLimiters;
  log: (data: object, message: string) => void;
  /** For what an operator must see (the quotas or the disk's floor reached). */
  warn: (data: object, message: string) => void;
  /** Keys the client's hash in the uploads table (AUTH_SECRET). */
  secret: string;
  quota: UploadQuota;
  /** The disks that keep the free-space floor (DATA_DIR). */
  diskPaths: readonly string[];
}

export function uploadDeps(runtime: Runtime): UploadDeps {
  return {
    db: runtime.database.db,
    storage: runtime.storage,
    rateLimits: runtime.rateLimits,
    log: (data, message) => runtime.logger.info(data, message),
    warn: (data, message) => runtime.logger.warn(data, message),
    secret: runtime.config.authSecret,
    quota: runtime.config.uploads ?? defaultUploadQuota,
    diskPaths: runtime.config.dataDir ? [runtime.config.dataDir] : [],
  };
}

export interface UploadRequest {
  purpose: string | null;
  headers: Headers;
  body: WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null;
  /** Who is uploading, for the rate limit (client IP). */
  clientKey: string;
}

export interface UploadResponse {
  status: number;
  body: UploadResult | { error: string };
  headers: Record<string, string>;
}

function refuse(status: number, error: string, headers: Record<string, string> = {}): UploadResponse {
  // The rest of a refused body is not read: closing the connection tells the client to stop sending.
  return { status, body: { error }, headers: { Connection: 'close', ...headers } };
}

/** Reads the first `size` bytes and gives back a stream of the whole body (head included). */
async function splitHead(source: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, whole: Readable.from(rest(), { objectMode: false }) };
}

/** A file name fit to store and later offer for download: no path, no control characters, the right extension. */
export function cleanFileName(header: string | null, type: DocumentType): string {
  let name: string;
  try {
    name = decodeURIComponent(header ?? '');
  } catch {
    name = header ?? '';
  }
  const base = (name.split(/[/\\]/).at(-1) ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 150);
  return `${base || 'document'}${documentTypes[type].extension}`;
}

function isUploadPurpose(value: string | null): value is UploadPurpose {
  return value !== null && Object.hasOwn(uploadPurposes, value);
}

export async function receiveUpload(deps: UploadDeps, request: UploadRequest): Promise<UploadResponse> {
  const { purpose, headers } = request;
  if (!isUploadPurpose(purpose)) return refuse(400, 'Unknown upload purpose.');
  // A custom header cannot be sent cross-site without a CORS preflight, which we never grant.
  if (!headers.has('x-file-name') || headers.get('sec-fetch-site') === 'cross-site')
    return refuse(403, 'Uploads are only accepted from this site.');

  const declaredLength = headers.get('content-length');
  if (declaredLength !== null && Number(declaredLength) > MAX_UPLOAD_BYTES) return refuse(413, uploadMessages.tooLarge);
  if (declaredLength === '0' || !request.body) return refuse(400, uploadMessages.empty);

  const decision = await deps.rateLimits.consume('upload', request.clientKey);
  if (!decision.allowed) return refuse(429, uploadRefusals.rateLimited, { 'Retry-After': String(decision.retryAfterSeconds) });

  // The bytes this upload may take: its declared length, or the most a file may be.
  const client = uploadClientKey(deps.secret, request.clientKey);
  const declared = Number(declaredLength);
  const reservation = await reserveUpload(deps, client, declaredLength !== null && declared > 0 ? declared : MAX_UPLOAD_BYTES);
  if (!reservation.ok) {
    if (reservation.reason === 'client') return refuse(429, uploadRefusals.quota, { 'Retry-After': '3600' });
    deps.warn(
      { purpose, reason: reservation.reason },
      `upload refused: ${reservation.reason === 'disk' ? 'free space below the floor' : 'the total quota is full'}`,
    );
    return refuse(503, uploadRefusals.unavailable, { 'Retry-After': '600' });
  }

  const source = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  let stored: { key: string; size: number } | undefined;
  try {
    const { head, whole } = await splitHead(source, HEAD_BYTES);
    if (head.length === 0) return refuse(400, uploadMessages.empty);
    if (head.length > MAX_UPLOAD_BYTES) return refuse(413, uploadMessages.tooLarge);
    const allowedTypes = uploadPurposes[purpose].types as readonly DocumentType[];
    const detected = await detectDocumentType(head);
    let type: DocumentType | null = detected === 'cfb' ? 'doc' : detected;
    if (!type && allowedTypes.includes('txt') && looksLikeText(head, head.length < HEAD_BYTES)) type = 'txt';
    if (!type || !allowedTypes.includes(type)) {
      deps.log({ purpose, detected: detected ?? 'unknown' }, 'upload refused: not an accepted document type');
      return refuse(415, wrongTypeMessage(purpose));
    }
    const probe = detected === 'cfb' ? new WordDocumentProbe() : null;
    const body = probe ? whole.pipe(probe) : type === 'txt' ? whole.pipe(new TextProbe()) : whole;
    stored = await deps.storage.put(body, {
      contentType: documentTypes[type].mime,
      prefix: uploadPurposes[purpose].prefix,
      maxBytes: MAX_UPLOAD_BYTES,
    });
    if (probe && !probe.found) {
      await deps.storage.delete(stored.key);
      deps.log({ purpose, detected }, 'upload refused: compound file without a Word document');
      return refuse(415, wrongTypeMessage(purpose));
    }
    const fileName = cleanFileName(headers.get('x-file-name'), type);
    const [row] = await deps.db
      .insert(uploads)
      .values({ storageKey: stored.key, purpose, fileName, contentType: documentTypes[type].mime, size: stored.size, clientKey: client })
      .returning({ id: uploads.id });
    if (!row) throw new Error('The upload row was not stored.');
    return { status: 201, body: { id: row.id, fileName, size: stored.size }, headers: { 'Cache-Control': 'no-store' } };
  } catch (error) {
    if (stored) await deps.storage.delete(stored.key).catch(() => {});
    // By code, not instanceof: the storage's error may come from the other copy of its module.
    if (isFileTooLargeError(error)) return refuse(413, uploadMessages.tooLarge);
    if (error instanceof NotTextError || (error as { name?: unknown } | null)?.name === 'NotTextError')
      return refuse(415, wrongTypeMessage(purpose));
    throw error;
  } finally {
    source.destroy();
    // The stored row (if any) now counts instead; a failed release leaves a reservation that expires.
    await releaseReservation(deps.db, reservation.id).catch(() => {});
  }
}

/** POST /api/uploads?purpose=…, the file as the raw request body. */
export async function handleUploadRequest(deps: UploadDeps, request: Request, clientKey: string): Promise<Response> {
  try {
    const result = await receiveUpload(deps, {
      purpose: new URL(request.url).searchParams.get('purpose'),
      headers: request.headers,
      body: request.body,
      clientKey,
    });
    uploadsCounter().inc({ outcome: uploadOutcome(result.status) });
    return Response.json(result.body, { status: result.status, headers: result.headers });
  } catch (error) {
    // receiveUpload removed anything it had stored: the visitor can simply try again. An outage
    // of the storage or the database says so (503); an interrupted upload is a plain failure.
    const unavailable = isUploadUnavailable(error);
    uploadsCounter().inc({ outcome: unavailable ? 'unavailable' : 'failed' });
    deps.log({ err: describeError(error), unavailable }, 'upload failed');
    return unavailable
      ? Response.json({ error: uploadRefusals.unavailable }, { status: 503, headers: { Connection: 'close', 'Retry-After': '30' } })
      : Response.json({ error: uploadMessages.failed }, { status: 500, headers: { Connection: 'close' } });
  }
}

const isUploadUnavailable = (error: unknown) => isStorageUnavailable(error) || isDatabaseUnavailable(error);

/**
 * A file posted with a plain form (no JavaScript): received exactly as the island's upload would
 * be, with the same checks and limits. Resolves to the upload's id, or the reason it was refused.
 */
export async function receivePostedFile(
  deps: UploadDeps,
  file: File,
  purpose: UploadPurpose,
  clientKey: string,
): Promise<{ id: string } | { error: string }> {
  try {
    const result = await receiveUpload(deps, {
      purpose,
      headers: new Headers({ 'x-file-name': encodeURIComponent(file.name), 'content-length': String(file.size) }),
      body: file.stream(),
      clientKey,
    });
    uploadsCounter().inc({ outcome: uploadOutcome(result.status) });
    return 'id' in result.body ? { id: result.body.id } : { error: result.body.error };
  } catch (error) {
    // As handleUploadRequest: an outage of the storage or the database is named as such.
    const unavailable = isUploadUnavailable(error);
    uploadsCounter().inc({ outcome: unavailable ? 'unavailable' : 'failed' });
    deps.log({ err: describeError(error), unavailable }, 'posted file not stored');
    return { error: unavailable ? uploadRefusals.unavailable : uploadMessages.failed };
  }
}
