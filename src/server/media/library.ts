import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { AdminRuleError, type Actor } from '../admin-command.ts';
import { audit } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { media, postRevisions, posts, type MediaVariant } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import { bossDbOf } from '../jobs/transaction.ts';
import { contentChanges } from '../posts/changes.ts';
import type { ImageWork } from './image-worker.ts';
import type { RenderedImage } from './images.ts';
import type { Runtime } from '../runtime-types.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { pageCount } from '../../lib/list-query.ts';
import {
  altSchema,
  describeUse,
  isMediaType,
  MAX_MEDIA_BYTES,
  MAX_MEDIA_PIXELS,
  mediaMessages,
  SVG_TYPE,
  type MediaItemData,
  type MediaType,
  type MediaUse,
} from '../../lib/media/library.ts';

export { pictureOf, socialImageOf, mediaCard, mediaUrl } from '../../lib/media/library.ts';
export type { MediaItemData, MediaUse } from '../../lib/media/library.ts';

/**
 * The media library (issue 34, decision 047): images uploaded by the editors, decided by their
 * content (JPEG, PNG, WebP, AVIF, GIF; never SVG), at most 10 MB and 40 megapixels, decoded by
 * sharp with its limits on so a decompression bomb or a damaged file is refused, never a crash;
 * their sizes (WebP and AVIF at 480, 960 and 1600 pixels, and a 1200 x 630 PNG social card) made
 * at upload, turned upright and without metadata (no GPS position leaves the building). The six
 * seeded illustrations are our own SVGs, rasterised by a job so the server's start is not slowed.
 * Objects are stored under `media/` with random keys; the public addresses (/media/<id>/<size>)
 * are looked up through the row, never built from a URL.
 */

/** Makes the sizes of one image (`{ mediaId }`), or of every image still without them (`{}`). */
export const MAKE_MEDIA_VARIANTS = 'media-variants';
const PREFIX = 'media/';
const PER_PAGE = 24;

export interface MediaDeps {
  db: Database;
  storage: ObjectStorage;
  /** To queue the sizes of a seeded illustration; without it, the sweep at the next start makes them. */
  jobs?: Pick<JobSender, 'send'>;
  log?: (data: object, message: string) => void;
  /** sharp's work, in a process of its own (image-worker.ts). */
  images: ImageWork;
}

export function mediaDeps(runtime: Pick<Runtime, 'database' | 'storage' | 'jobs' | 'logger' | 'images'>): MediaDeps {
  return {
    db: runtime.database.db,
    storage: runtime.storage,
    jobs: runtime.jobs,
    images: runtime.images,
    log: (data, message) => runtime.logger.warn(data, message),
  };
}

/** An upload refused for what it is: the answer's status and the field to fix. */
export class MediaRefusal extends Error {
  override readonly name = 'MediaRefusal';
  readonly status: 400 | 413 | 415;
  readonly field: 'file' | 'alt';
  constructor(status: 400 | 413 | 415, field: 'file' | 'alt', message: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** Told apart by name, not instanceof (Astro's build bundles its own copy of this module). */
export const isMediaRefusal = (error: unknown): error is MediaRefusal => (error as { name?: unknown } | null)?.name === 'MediaRefusal';

/** Refused because the image is used: the message names every use. */
export class MediaInUseError extends AdminRuleError {
  readonly uses: MediaUse[];
  constructor(uses: MediaUse[]) {
    super(mediaMessages.inUse(uses.map(describeUse)));
    this.uses = uses;
  }
}

export type MediaInput = Buffer | Uint8Array | Readable | ReadableStream<Uint8Array> | WebReadableStream<Uint8Array>;

/** Reads a body into memory, at most `max` bytes: beyond, refused (and the rest is not read). */
async function readAtMost(input: MediaInput, max: number): Promise<Buffer> {
  if (Buffer.isBuffer(input) || input instanceof Uint8Array) {
    if (input.length > max) throw new MediaRefusal(413, 'file', mediaMessages.tooLarge);
    return Buffer.from(input);
  }
  const stream = input instanceof Readable ? input : Readable.fromWeb(input as WebReadableStream<Uint8Array>);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      length += buffer.length;
      if (length > max) throw new MediaRefusal(413, 'file', mediaMessages.tooLarge);
      chunks.push(buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** The format sharp reads in each accepted type (AVIF is read by libheif). */
const sharpFormats: Record<MediaType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'heif',
  'image/gif': 'gif',
};

const extensions: Record<MediaType | typeof SVG_TYPE, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/gif': '.gif',
  [SVG_TYPE]: '.svg',
};

/** A file name fit to show: no path, no control characters, the extension of what it really is. */
export function cleanMediaFileName(name: string, type: MediaType | typeof SVG_TYPE): string {
  const base = (name.split(/[/\\]/).at(-1) ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 150);
  return `${base || 'image'}${extensions[type]}`;
}

/** An image's upright size (the EXIF orientation applied), after sharp's limits (in the image process). */
async function uprightSize(images: ImageWork, input: Buffer): Promise<{ width: number; height: number; format: string | undefined }> {
  const { width, height, format } = await images.size(input);
  if (!width || !height) throw new MediaRefusal(415, 'file', mediaMessages.unreadable);
  if (width * height > MAX_MEDIA_PIXELS) throw new MediaRefusal(413, 'file', mediaMessages.tooManyPixels);
  return { width, height, format };
}

/** Why sharp refused an image, as the editor reads it. */
function refusalOf(error: unknown): MediaRefusal {
  if (isMediaRefusal(error)) return error;
  const message = (error as Error | null)?.message ?? '';
  if (/pixel limit/i.test(message)) return new MediaRefusal(413, 'file', mediaMessages.tooManyPixels);
  return new MediaRefusal(415, 'file', mediaMessages.unreadable);
}

/** An upload read and its sizes made (in the image process, one image at a time), or the refusal saying why not. */
async function readAndSize(images: ImageWork, data: Buffer, type: MediaType) {
  try {
    const size = await uprightSize(images, data);
    if (size.format !== sharpFormats[type]) throw new MediaRefusal(415, 'file', mediaMessages.unreadable);
    return { ...size, rendered: await images.variants(data, size.width) };
  } catch (error) {
    throw refusalOf(error);
  }
}

/** Stores the sizes; on a failure removes those already stored. */
async function storeVariants(storage: ObjectStorage, rendered: RenderedImage[]): Promise<MediaVariant[]> {
  const stored: MediaVariant[] = [];
  try {
    for (const { variant, data } of rendered) {
      const { key } = await storage.put(Readable.from([data]), { contentType: `image/${variant.format}`, prefix: PREFIX });
      stored.push({ ...variant, key, bytes: data.length });
    }
    return stored;
  } catch (error) {
    await removeObjects(
      storage,
      stored.map((variant) => variant.key),
    );
    throw error;
  }
}

async function removeObjects(storage: ObjectStorage, keys: readonly string[], log?: MediaDeps['log']): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error: unknown) => log?.({ key, err: { message: (error as Error).message } }, 'media object not deleted')),
    ),
  );
}

const asItem = (row: typeof media.$inferSelect): MediaItemData => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  alt: row.alt,
  variants: row.variants,
  createdAt: row.createdAt,
});

export interface UploadInput {
  data: MediaInput;
  fileName: string;
  alt: unknown;
}

/**
 * An editor's upload: the alt text checked, at most 10 MB read, the type decided by the content,
 * decoded within sharp's limits, its sizes made; then the original and the sizes stored, the row
 * written and audited. All or nothing: a refusal stores nothing, and a failure after storing
 * removes what was stored. Rejects with a MediaRefusal for a file or alt text that is not accepted.
 */
export async function storeUpload(deps: MediaDeps, actor: Actor, input: UploadInput): Promise<MediaItemData> {
  const alt = altSchema.safeParse(input.alt);
  if (!alt.success) throw new MediaRefusal(400, 'alt', alt.error.issues[0]?.message ?? mediaMessages.altRequired);
  const data = await readAtMost(input.data, MAX_MEDIA_BYTES);
  if (data.length === 0) throw new MediaRefusal(400, 'file', mediaMessages.empty);
  const type = (await fileTypeFromBuffer(data))?.mime;
  if (!type || !isMediaType(type)) throw new MediaRefusal(415, 'file', mediaMessages.wrongType);

  const { width, height, rendered } = await readAndSize(deps.images, data, type);

  const keys: string[] = [];
  try {
    const original = await deps.storage.put(Readable.from([data]), { contentType: type, prefix: PREFIX, maxBytes: MAX_MEDIA_BYTES });
    keys.push(original.key);
    const variants = await storeVariants(deps.storage, rendered);
    keys.push(...variants.map((variant) => variant.key));
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({
          originalKey: original.key,
          contentType: type,
          fileName: cleanMediaFileName(input.fileName, type),
          bytes: data.length,
          width,
          height,
          alt: alt.data,
          variants,
          createdByUserId: actor.id,
        })
        .returning();
      await audit(tx, actor, 'media.uploaded', row!.id, { fileName: row!.fileName, bytes: row!.bytes, width, height });
      return asItem(row!);
    });
  } catch (error) {
    await removeObjects(deps.storage, keys, deps.log);
    throw error;
  }
}

export interface IllustrationInput {
  svg: Buffer;
  fileName: string;
  alt: string;
}

/**
 * One of our own SVG illustrations into the library (the seeded blog covers): the SVG kept as its
 * original (the only way an SVG gets in) and a job queued, committed with the row, to make its
 * sizes. Runs in `deps.db`'s transaction when it is one (a savepoint of it).
 */
export async function importIllustration(deps: MediaDeps, input: IllustrationInput, actor?: Actor): Promise<MediaItemData> {
  const alt = altSchema.parse(input.alt);
  const { svg } = input;
  if (!/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(svg.subarray(0, 4096).toString('utf8')))
    throw new Error(`${input.fileName} is not an SVG file.`);
  const metadata = await deps.images.size(svg);
  if (metadata.format !== 'svg' || !metadata.width || !metadata.height) throw new Error(`${input.fileName} is not a readable SVG file.`);
  const original = await deps.storage.put(Readable.from([svg]), { contentType: SVG_TYPE, prefix: PREFIX, maxBytes: MAX_MEDIA_BYTES });
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({
          originalKey: original.key,
          contentType: SVG_TYPE,
          fileName: cleanMediaFileName(input.fileName, SVG_TYPE),
          bytes: svg.length,
          width: metadata.width!,
          height: metadata.height!,
          alt,
          variants: [],
          createdByUserId: actor?.id ?? null,
        })
        .returning();
      if (actor) await audit(tx, actor, 'media.uploaded', row!.id, { fileName: row!.fileName, bytes: row!.bytes });
      await deps.jobs?.send(MAKE_MEDIA_VARIANTS, { mediaId: row!.id }, { db: bossDbOf(tx) });
      return asItem(row!);
    });
  } catch (error) {
    await removeObjects(deps.storage, [original.key], deps.log);
    throw error;
  }
}

/**
 * Makes the sizes of an image that has none (a seeded illustration): read from its stored
 * original, rasterised and stored, written to the row unless another instance did it first, and
 * announced (the pages showing it get its sizes). Resolves to whether it made them.
 */
export async function makeVariants(deps: MediaDeps, mediaId: string): Promise<boolean> {
  const item = await mediaRow(deps.db, mediaId);
  if (!item || item.variants.length > 0) return false;
  const object = await deps.storage.get(item.originalKey);
  const data = await readAtMost(object.body, MAX_MEDIA_BYTES);
  const rendered = await deps.images.variants(data, (await uprightSize(deps.images, data)).width);
  const variants = await storeVariants(deps.storage, rendered);
  const written = await contentChanges.change(deps.db, async (tx) =>
    tx
      .update(media)
      .set({ variants })
      .where(sql`${media.id} = ${mediaId} and ${media.variants} = '[]'::jsonb`)
      .returning({ id: media.id }),
  );
  if (written.length === 0)
    await removeObjects(
      deps.storage,
      variants.map((variant) => variant.key),
      deps.log,
    );
  return written.length > 0;
}

/** The images still without sizes (a job lost, an instance stopped while making them). */
export async function mediaWithoutVariants(db: Database, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(sql`${media.variants} = '[]'::jsonb`)
    .orderBy(media.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

async function mediaRow(db: Pick<Database, 'select'>, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

/** One image, or null (an id that is not one, or not there). */
export async function mediaById(db: Pick<Database, 'select'>, id: string): Promise<MediaItemData | null> {
  const row = await mediaRow(db, id);
  return row ? asItem(row) : null;
}

/** Where the storage keeps an image's original and sizes (for the /media route only). */
export async function mediaObjects(db: Database, id: string) {
  const row = await mediaRow(db, id);
  return row ? { originalKey: row.originalKey, contentType: row.contentType, variants: row.variants } : null;
}

export interface MediaQuery {
  /** Part of the alt text or file name. */
  q?: string | null;
  page: number;
}

/** A page of the library (24), newest first, optionally searched; with the total for paging. */
export async function listMedia(db: Database, query: MediaQuery) {
  const term = (query.q ?? '').trim().slice(0, 100);
  const pattern = containsPattern(term);
  const where: SQL | undefined = term ? or(ilike(media.alt, pattern), ilike(media.fileName, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(media)
      .where(where)
      .orderBy(desc(media.createdAt), desc(media.id))
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    db.select({ count: count() }).from(media).where(where),
  ]);
  const totalCount = total?.count ?? 0;
  return { items: rows.map(asItem), total: totalCount, page: query.page, pages: pageCount(totalCount, PER_PAGE) };
}

/**
 * Where an image is used: as a post's cover or social image, or in its body (`/media/<id>`), in
 * its working copy (draft) and in the revision the public sees (published).
 */
export async function mediaUsage(db: Pick<Database, 'select'>, id: string): Promise<MediaUse[]> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return [];
  const inBody = `%/media/${id.toLowerCase()}%`;
  const uses = (content: SQL) => ({
    title: sql<string>`${content}->>'title'`,
    cover: sql<boolean>`coalesce(${content}->>'coverMediaId' = ${id}, false)`,
    social: sql<boolean>`coalesce(${content}->>'socialMediaId' = ${id}, false)`,
    body: sql<boolean>`coalesce(${content}->>'body' like ${inBody}, false)`,
  });
  const used = (content: SQL) =>
    sql`(${content}->>'coverMediaId' = ${id} or ${content}->>'socialMediaId' = ${id} or ${content}->>'body' like ${inBody})`;
  const draft = sql`${posts.content}`;
  const published = sql`${postRevisions.content}`;
  const [drafts, publications] = await Promise.all([
    db
      .select({ postId: posts.id, ...uses(draft) })
      .from(posts)
      .where(used(draft))
      .orderBy(posts.id),
    db
      .select({ postId: posts.id, ...uses(published) })
      .from(posts)
      .innerJoin(postRevisions, eq(postRevisions.id, posts.publishedRevisionId))
      .where(used(published))
      .orderBy(posts.id),
  ]);
  const list = (rows: typeof drafts, version: MediaUse['version']): MediaUse[] =>
    rows.flatMap((row) => [
      ...(row.cover ? [{ postId: row.postId, title: row.title, where: 'cover' as const, version }] : []),
      ...(row.social ? [{ postId: row.postId, title: row.title, where: 'social image' as const, version }] : []),
      ...(row.body ? [{ postId: row.postId, title: row.title, where: 'body' as const, version }] : []),
    ]);
  return [...list(drafts, 'draft'), ...list(publications, 'published')];
}

/** Changes an image's alt text: audited, and announced (the pages showing it are rendered again). */
export async function setAlt(deps: Pick<MediaDeps, 'db'>, actor: Actor, id: string, alt: unknown): Promise<MediaItemData> {
  const parsed = altSchema.safeParse(alt);
  if (!parsed.success) throw new AdminRuleError(parsed.error.issues[0]?.message ?? mediaMessages.altRequired);
  return contentChanges.change(deps.db, async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) throw new AdminRuleError(mediaMessages.missing);
    if (row.alt === parsed.data) return asItem(row);
    const [updated] = await tx.update(media).set({ alt: parsed.data }).where(eq(media.id, id)).returning();
    await audit(tx, actor, 'media.alt_changed', id, { from: row.alt, to: parsed.data });
    return asItem(updated!);
  });
}

/**
 * Deletes an image nobody uses: refused with the list of its uses (a MediaInUseError, whose
 * message names them) when a post's draft or published version shows it. The row goes (audited),
 * then the stored original and sizes.
 */
export async function deleteMedia(deps: MediaDeps, actor: Actor, id: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, id)).for('update');
    if (!row) throw new AdminRuleError(mediaMessages.missing);
    const uses = await mediaUsage(tx, id);
    if (uses.length > 0) throw new MediaInUseError(uses);
    await tx.delete(media).where(eq(media.id, id));
    await audit(tx, actor, 'media.deleted', id, { fileName: row.fileName, alt: row.alt });
    return row;
  });
  await removeObjects(deps.storage, [removed.originalKey, ...removed.variants.map((variant) => variant.key)], deps.log);
}
