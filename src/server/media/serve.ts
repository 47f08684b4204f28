import { Readable } from 'node:stream';
import type { Database } from '../db/client.ts';
import { isObjectNotFoundError, type ObjectStorage } from '../storage/types.ts';
import { isUuid } from '../../lib/ids.ts';
import { mediaUrl, SVG_TYPE, variantFileName } from '../../lib/media/library.ts';
import { mediaObjects } from './library.ts';
import { IMMUTABLE } from '../http/cache-control.ts';

/**
 * GET /media/<id>/<size> ("960.webp", "480.avif", "social.png") and /media/<id> (its largest WebP
 * size; the original only while it has none, a seeded illustration waiting for its job). The
 * storage key comes from the image's row, never from the address. A size never changes once made
 * (a new image is a new id), so it is cached for a year and its ETag is its key. The original of
 * an upload is never served: it may carry metadata (a GPS position) the sizes leave behind.
 */

/** An SVG opened on its own can run nothing and load nothing. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** Whether If-None-Match names this ETag (a weak comparison, as RFC 9110 says for it). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function serveObject(
  storage: ObjectStorage,
  request: Request,
  object: { key: string; contentType: string; cacheControl: string },
): Promise<Response> {
  const etag = `"${object.key.replace(/^media\//, '')}"`;
  const headers: Record<string, string> = {
    'Content-Type': object.contentType,
    'Cache-Control': object.cacheControl,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (object.contentType === SVG_TYPE) headers['Content-Security-Policy'] = SVG_POLICY;
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  try {
    const stored = await storage.get(object.key);
    headers['Content-Length'] = String(stored.size);
    if (request.method === 'HEAD') {
      stored.body.destroy();
      return new Response(null, { headers });
    }
    return new Response(Readable.toWeb(stored.body) as ReadableStream, { headers });
  } catch (error) {
    if (isObjectNotFoundError(error)) return notFound();
    throw error;
  }
}

export async function serveMedia(deps: { db: Database; storage: ObjectStorage }, path: string | undefined, request: Request) {
  const [id, file, ...rest] = (path ?? '').split('/');
  if (!isUuid(id) || rest.length > 0 || file === '') return notFound();
  const item = await mediaObjects(deps.db, id.toLowerCase());
  if (!item) return notFound();
  if (file === undefined) {
    const largest = item.variants.filter((variant) => variant.format === 'webp' && !variant.social).sort((a, b) => b.width - a.width)[0];
    if (!largest)
      return serveObject(deps.storage, request, {
        key: item.originalKey,
        contentType: item.contentType,
        cacheControl: 'public, max-age=300',
      });
    // Its sizes are made once and never change: the way to the largest may be kept for a day.
    return new Response(null, {
      status: 302,
      headers: { Location: mediaUrl(id.toLowerCase(), largest), 'Cache-Control': 'public, max-age=86400' },
    });
  }
  const variant = item.variants.find((each) => variantFileName(each) === file);
  if (!variant) return notFound();
  return serveObject(deps.storage, request, { key: variant.key, contentType: `image/${variant.format}`, cacheControl: IMMUTABLE });
}
