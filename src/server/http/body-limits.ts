import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES } from '../../lib/uploads.ts';

/**
 * How big and how complex a request body may be, per route, decided before a byte of it is read:
 * an upload keeps its 10 MB, everything else a small limit and a cap on fields, parts and nesting.
 * A body within its limit is read here whole and handed to the route (`req.body`, which Astro's
 * Node adapter takes as the body), so the route never parses more than the limit allows; the
 * upload endpoint streams its body and stops at 10 MB itself (src/server/uploads/receive.ts).
 * Change a limit here: every route's limit is in `bodyLimits`, chosen by `bodyLimitFor`.
 */

export interface BodyLimit {
  /** The largest body, in bytes (a larger Content-Length is refused before reading). */
  maxBytes: number;
  /** Fields of a urlencoded form, parts of a multipart one, values of a JSON body. */
  maxParts: number;
  /** How deeply a JSON body may nest arrays and objects. */
  maxDepth: number;
  /** Read whole and checked here (false: streamed to the route, which enforces maxBytes as it reads). */
  buffered: boolean;
}

const KB = 1024;

export const bodyLimits = {
  /** POST /api/uploads: the file as the raw body, streamed to storage. */
  upload: { maxBytes: MAX_UPLOAD_BYTES, maxParts: 0, maxDepth: 0, buffered: false },
  /**
   * A form that carries a file, posted without JavaScript (apply, contact): the file and the
   * fields; the longest application is 10,000 characters of cover letter and 20 answers of 5,000.
   */
  formWithFile: { maxBytes: MAX_UPLOAD_BYTES + 512 * KB, maxParts: 100, maxDepth: 0, buffered: true },
  /** Actions (JSON from the islands): the longest is an application with all its answers, or a position with its questions. */
  action: { maxBytes: 512 * KB, maxParts: 5_000, maxDepth: 16, buffered: true },
  /** Everything else: sign-in and sign-up, the account and candidate forms, API calls. */
  standard: { maxBytes: 64 * KB, maxParts: 50, maxDepth: 16, buffered: true },
} as const satisfies Record<string, BodyLimit>;

// The media library's upload (issue 34): an image and its alt text, as a multipart form.
const FORMS_WITH_FILES = [/^\/careers\/apply\/[^/]+\/?$/, /^\/contact\/send\/?$/, /^\/api\/admin\/media\/?$/];

export function bodyLimitFor(path: string): BodyLimit {
  if (path === '/api/uploads' || path === '/api/uploads/') return bodyLimits.upload;
  if (FORMS_WITH_FILES.some((pattern) => pattern.test(path))) return bodyLimits.formWithFile;
  if (path.startsWith('/_actions/')) return bodyLimits.action;
  return bodyLimits.standard;
}

export interface BodyRefusal {
  status: 400 | 413;
  /** For the log: which limit (never any of the body). */
  reason: string;
  /** Whether the body was left unread (the connection is then closed after the answer). */
  unread: boolean;
}

/** The body a request carries, read and checked here; undefined when it was not (streamed or none). */
export function bufferedBody(req: IncomingMessage): Buffer | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  return Buffer.isBuffer(body) ? body : undefined;
}

/**
 * A small body, whole, for the routes answered before the site (a provider's logout token, an
 * analytics beacon): the buffered one, or read here; null when it is over `maxBytes`.
 */
export async function smallBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const buffered = bufferedBody(req);
  if (buffered) return buffered.length > maxBytes ? null : buffered;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * Reads and checks the body of `req` for `limit`. Resolves null when the request may go on (its
 * body, if buffered, is then `req.body`), or the refusal: 413 for too many bytes, 400 for a shape
 * over the caps (fields, parts, nesting) or a multipart body without its boundary.
 */
export async function admitBody(req: IncomingMessage, limit: BodyLimit): Promise<BodyRefusal | null> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit.maxBytes)
    return { status: 413, reason: `content-length over ${limit.maxBytes}`, unread: true };
  if (!limit.buffered || !hasBody(req)) return null;

  const body = await readUpTo(req, limit.maxBytes);
  if (!body) return { status: 413, reason: `body over ${limit.maxBytes}`, unread: true };
  const shape = shapeRefusal(String(req.headers['content-type'] ?? ''), body, limit);
  if (shape) return { status: 400, reason: shape, unread: false };
  (req as IncomingMessage & { body?: Buffer }).body = body;
  return null;
}

/**
 * The whole body, or null as soon as it passes `maxBytes`: reading stops there (the stream is
 * paused, not destroyed, so the refusal can still be answered on the connection).
 */
function readUpTo(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** What is wrong with the body's shape for its declared type, or null. Counts bytes, parses nothing. */
export function shapeRefusal(contentType: string, body: Buffer, limit: BodyLimit): string | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') {
    const fields = body.length === 0 ? 0 : countByte(body, 0x26 /* & */) + 1;
    return fields > limit.maxParts ? `over ${limit.maxParts} form fields` : null;
  }
  if (type === 'multipart/form-data') {
    const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
    const value = boundary?.[1] ?? boundary?.[2];
    if (!value) return 'multipart without a boundary';
    // Each part starts with --boundary; the last one closes the body.
    const parts = countOccurrences(body, Buffer.from(`--${value}`)) - 1;
    return parts > limit.maxParts ? `over ${limit.maxParts} multipart parts` : null;
  }
  if (type === 'application/json' || type.endsWith('+json')) return jsonShapeRefusal(body, limit);
  return null;
}

function countByte(body: Buffer, byte: number): number {
  let count = 0;
  for (let at = body.indexOf(byte); at !== -1; at = body.indexOf(byte, at + 1)) count += 1;
  return count;
}

function countOccurrences(body: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/**
 * Nesting and the number of values of a JSON text, in one pass over its bytes (structural
 * characters are ASCII; inside strings, escapes are skipped). Syntax is the route's business.
 */
function jsonShapeRefusal(body: Buffer, limit: BodyLimit): string | null {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index];
    if (inString) {
      if (byte === 0x5c /* \ */) index += 1;
      else if (byte === 0x22 /* " */) inString = false;
      continue;
    }
    if (byte === 0x22) inString = true;
    else if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
      depth += 1;
      if (depth > limit.maxDepth) return `JSON nested deeper than ${limit.maxDepth}`;
    } else if (byte === 0x7d /* } */ || byte === 0x5d /* ] */) depth -= 1;
    else if (byte === 0x2c /* , */) {
      values += 1;
      if (values > limit.maxParts) return `over ${limit.maxParts} JSON values`;
    }
  }
  return null;
}
