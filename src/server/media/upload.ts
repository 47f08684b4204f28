import type { Actor } from '../admin-command.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { describeError } from '../failures.ts';
import { isStorageUnavailable } from '../storage/availability.ts';
import { isUuid } from '../../lib/ids.ts';
import { parsePage } from '../../lib/list-query.ts';
import { MAX_MEDIA_BYTES, mediaCard, mediaMessages, type MediaUploadAnswer } from '../../lib/media/library.ts';
import { isMediaRefusal, listMedia, mediaById, mediaUsage, storeUpload, type MediaDeps } from './library.ts';

/**
 * /api/admin/media, for staff with content.edit (the middleware checked the session, the second
 * factor and the permission; the HTTP server refused a cross-site write before any of it):
 * POST a multipart form (`file`, `alt`) to upload; GET a page of the library (`q`, `page`) for the
 * picker, or one image with its uses (`id`) before it is deleted.
 */

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

const refuse = (status: number, field: 'file' | 'alt', error: string) => json({ error, field } satisfies MediaUploadAnswer, status);

export async function handleMediaUpload(deps: MediaDeps, actor: Actor | undefined, request: Request): Promise<Response> {
  if (!actor) return json({ error: 'Not authenticated' }, 401);
  const declared = Number(request.headers.get('content-length'));
  if (declared > MAX_MEDIA_BYTES + 512 * 1024) return refuse(413, 'file', mediaMessages.tooLarge);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, 'file', mediaMessages.fileRequired);
  }
  const file = form.get('file');
  const alt = form.get('alt');
  if (!(file instanceof Blob) || file.size === 0)
    return refuse(400, 'file', file instanceof Blob ? mediaMessages.empty : mediaMessages.fileRequired);
  if (file.size > MAX_MEDIA_BYTES) return refuse(413, 'file', mediaMessages.tooLarge);
  try {
    const item = await storeUpload(deps, actor, {
      data: file.stream(),
      fileName: file instanceof File ? file.name : 'image',
      alt: typeof alt === 'string' ? alt : '',
    });
    return json({ item: mediaCard(item) } satisfies MediaUploadAnswer, 201);
  } catch (error) {
    if (isMediaRefusal(error)) return refuse(error.status, error.field, error.message);
    const unavailable = isStorageUnavailable(error) || isDatabaseUnavailable(error);
    deps.log?.({ err: describeError(error), unavailable }, 'media upload failed');
    return json({ error: mediaMessages.failed, field: 'file' }, unavailable ? 503 : 500, unavailable ? { 'Retry-After': '30' } : {});
  }
}

export async function handleMediaQuery(deps: Pick<MediaDeps, 'db'>, url: URL): Promise<Response> {
  const id = url.searchParams.get('id');
  if (id !== null) {
    const item = isUuid(id) ? await mediaById(deps.db, id) : null;
    if (!item) return json({ error: mediaMessages.missing }, 404);
    return json({ item: mediaCard(item), uses: await mediaUsage(deps.db, item.id) });
  }
  const page = await listMedia(deps.db, { q: url.searchParams.get('q')?.slice(0, 200) ?? null, page: parsePage(url.searchParams) });
  return json({ items: page.items.map(mediaCard), total: page.total, page: page.page, pages: page.pages });
}
