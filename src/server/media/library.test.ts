import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages, pictureOf, socialImageOf, variantWidths } from '@/lib/media/library';
import type { PostContent } from '@/lib/posts/content';
import { listAuditLog } from '../audit/log';
import { auditLog, media, postRevisions, posts } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import {
  deleteMedia,
  importIllustration,
  listMedia,
  makeVariants,
  MAKE_MEDIA_VARIANTS,
  mediaById,
  mediaUsage,
  setAlt,
  storeUpload,
  type MediaDeps,
} from './library';
import { mediaModule } from './module';
import { serveMedia } from './serve';
import { handleMediaQuery, handleMediaUpload } from './upload';

/* The media library (issue 34) against a real PostgreSQL, file storage and sharp: what is accepted, what its sizes are, where it is used, how it is served. */

let backend: TestBackend;
let deps: MediaDeps;
let ed: Awaited<ReturnType<typeof addUser>>;

beforeAll(async () => {
  backend = await startTestBackend();
  deps = { db: backend.database.db, storage: backend.storage, jobs: backend.jobs, images: backend.runtime.images };
  ed = await addUser(backend.database.db, 'ed', 'editor');
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

/** Every object stored under media/. */
const storedKeys = async () => (await backend.storage.listOlderThan('media/', new Date(Date.now() + 60_000))).sort();

/** A photo-like JPEG (gradient and shapes), optionally turned by EXIF and carrying a GPS position. */
async function photo(width: number, height: number, { gps = false, orientation }: { gps?: boolean; orientation?: number } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#a33"/><stop offset="1" stop-color="#33a"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fc0"/></svg>`;
  let image = sharp(Buffer.from(svg)).jpeg({ quality: 85 });
  if (orientation) image = image.withMetadata({ orientation });
  if (gps)
    image = image.withExif({
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' },
    });
  return image.toBuffer();
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

/** A PNG of a few kilobytes whose header declares 20,000 x 20,000 pixels (1.6 GB decoded). */
function pixelBomb(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // 8 bits, greyscale
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(20_001 * 100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (data: Buffer, fileName = 'photo.jpg', alt: unknown = 'A test image') => storeUpload(deps, ed, { data, fileName, alt });

function post(title: string, content: Partial<PostContent> = {}): PostContent {
  return {
    title,
    slug: '',
    excerpt: '',
    body: '',
    category: 'Cloud',
    tags: [],
    authorId: null,
    authorName: 'Test',
    readMinutes: 3,
    coverMediaId: null,
    coverAlt: '',
    seoTitle: '',
    seoDescription: '',
    socialMediaId: null,
    noindex: false,
    ...content,
  };
}

describe('an upload', () => {
  it('of a JPEG keeps the original and makes WebP and AVIF at each width (never wider) and the social card; audited', async () => {
    const before = await storedKeys();
    const item = await upload(await photo(2000, 1000), 'C:\\Users\\me\\Summit photo.JPEG', '  Our team at the summit  ');
    expect(item).toMatchObject({
      contentType: 'image/jpeg',
      width: 2000,
      height: 1000,
      alt: 'Our team at the summit',
      fileName: 'Summit photo.jpg',
    });
    const sizes = item.variants.map((variant) => `${variant.social ? 'social' : variant.width}x${variant.height}.${variant.format}`).sort();
    expect(sizes).toEqual([
      '1600x800.avif',
      '1600x800.webp',
      '480x240.avif',
      '480x240.webp',
      '960x480.avif',
      '960x480.webp',
      'socialx630.png',
    ]);
    expect(item.variants.find((variant) => variant.social)).toMatchObject({ width: 1200, height: 630 });
    // The original and seven sizes, each stored, with the bytes written on the row.
    expect((await storedKeys()).length - before.length).toBe(8);
    for (const variant of item.variants) {
      const metadata = await sharp(await readAll(variant.key)).metadata();
      expect([metadata.width, metadata.height, metadata.format]).toEqual([
        variant.width,
        variant.height,
        variant.format === 'avif' ? 'heif' : variant.format,
      ]);
    }
    const [entry] = (await listAuditLog(backend.database.db)).filter((each) => each.targetId === item.id);
    expect(entry).toMatchObject({ action: 'media.uploaded', actorEmail: ed.email });
  }, 60_000);

  it('of a small PNG makes one width, its own; of a narrow one the social card is still 1200 x 630', async () => {
    const item = await upload(await png(300, 200), 'logo.png');
    expect(item.contentType).toBe('image/png');
    expect(item.variants.filter((variant) => !variant.social).map((variant) => [variant.width, variant.format])).toEqual([
      [300, 'webp'],
      [300, 'avif'],
    ]);
    expect(variantWidths(1000)).toEqual([480, 960, 1000]);
    expect(pictureOf(item)).toEqual({
      sources: [
        { type: 'image/avif', srcset: `/media/${item.id}/300.avif 300w` },
        { type: 'image/webp', srcset: `/media/${item.id}/300.webp 300w` },
      ],
      src: `/media/${item.id}/300.webp`,
      width: 300,
      height: 200,
    });
    expect(socialImageOf(item)).toBe(`/media/${item.id}/social.png`);
  }, 30_000);

  it('of a WebP, an AVIF or a GIF is taken too, named for what it is', async () => {
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
      ['gif', 'image/gif'],
    ] as const) {
      const image = sharp({ create: { width: 20, height: 10, channels: 3, background: '#c33' } });
      const data = await image[format]().toBuffer();
      const item = await upload(data, 'picture.png');
      expect([item.contentType, item.fileName, item.variants.length], format).toEqual([type, `picture.${format}`, 3]);
    }
  }, 30_000);

  it('turns the image upright and leaves its metadata (the GPS position) out of every size', async () => {
    const original = await photo(600, 400, { gps: true, orientation: 6 });
    const exif = (await sharp(original).metadata()).exif!;
    // The GPS directory's tag (0x8825) is in the original's EXIF.
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const item = await upload(original, 'phone.jpg');
    // Orientation 6: the 600 x 400 pixels are shown 400 x 600.
    expect([item.width, item.height]).toEqual([400, 600]);
    for (const variant of item.variants) {
      const bytes = await readAll(variant.key);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.exif, variant.format).toBeUndefined();
      expect(metadata.orientation ?? 1, variant.format).toBe(1);
      expect(bytes.includes(Buffer.from('Exif\0\0')), variant.format).toBe(false);
    }
    expect(item.variants.find((variant) => variant.width === 400 && variant.format === 'webp')).toMatchObject({ height: 600 });
  }, 30_000);

  it('is refused by its content, whatever its name: SVG, HTML, PDF, a GIF header on a script, HEIC-less junk; nothing stored', async () => {
    const before = await storedKeys();
    const refused = [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
      Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      // A "GIF" that is a script (GIF89a=…): its header passes the type check, sharp finds no image in it.
      Buffer.from('GIF89a=1;alert(1)//<script>alert(1)</script>'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>')]),
    ];
    for (const data of refused) {
      await expect(upload(data, 'innocent.jpg')).rejects.toMatchObject({ name: 'MediaRefusal', status: 415, field: 'file' });
    }
    await expect(upload(refused[0]!, 'innocent.jpg')).rejects.toThrow(mediaMessages.wrongType);
    expect(mediaMessages.wrongType).toMatch(/JPEG, PNG, WebP, AVIF or GIF/);
    expect(await storedKeys()).toEqual(before);
  });

  it('is refused beyond 10 MB without reading further, and a pixel bomb at once, without decoding it', async () => {
    const before = await storedKeys();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    await expect(upload(big, 'big.png')).rejects.toMatchObject({ status: 413, message: mediaMessages.tooLarge });
    const bomb = pixelBomb();
    expect(bomb.length).toBeLessThan(10_000);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    await expect(upload(bomb, 'bomb.png')).rejects.toMatchObject({ status: 413, field: 'file', message: mediaMessages.tooManyPixels });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    expect(await storedKeys()).toEqual(before);
  });

  it('needs alt text (trimmed, at most 300 characters): refused before anything is stored', async () => {
    const before = await storedKeys();
    const image = await png(50, 50);
    for (const alt of ['', '   ', null, 42, 'x'.repeat(301)])
      await expect(upload(image, 'a.png', alt)).rejects.toMatchObject({ name: 'MediaRefusal', status: 400, field: 'alt' });
    await expect(upload(image, 'a.png', ' ')).rejects.toThrow('Alt text is required: describe the image for people who cannot see it');
    expect(await storedKeys()).toEqual(before);
  });

  it('stores nothing when the row cannot be written', async () => {
    const before = await storedKeys();
    const failing: MediaDeps = {
      ...deps,
      db: { ...deps.db, transaction: () => Promise.reject(new Error('database went away')) } as unknown as MediaDeps['db'],
    };
    await expect(storeUpload(failing, ed, { data: await png(40, 40), fileName: 'x.png', alt: 'x' })).rejects.toThrow('database went away');
    expect(await storedKeys()).toEqual(before);
  });
});

async function readAll(key: string): Promise<Buffer> {
  const object = await backend.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the library', () => {
  it('is listed newest first and searched by alt text or file name; alt text changes are audited', async () => {
    const item = await upload(await png(64, 64), 'quokka-smile.png', 'A smiling quokka');
    expect((await listMedia(backend.database.db, { q: 'quokka', page: 1 })).items.map((each) => each.id)).toEqual([item.id]);
    expect((await listMedia(backend.database.db, { q: 'SMILE.png', page: 1 })).total).toBe(1);
    expect((await listMedia(backend.database.db, { q: '%', page: 1 })).total).toBe(0);
    expect((await listMedia(backend.database.db, { page: 1 })).items[0]!.id).toBe(item.id);

    await expect(setAlt(deps, ed, item.id, '  ')).rejects.toThrow(mediaMessages.altRequired);
    expect((await setAlt(deps, ed, item.id, ' A quokka, smiling ')).alt).toBe('A quokka, smiling');
    expect((await mediaById(backend.database.db, item.id))!.alt).toBe('A quokka, smiling');
    const entries = await backend.database.db.select().from(auditLog).where(eq(auditLog.targetId, item.id));
    expect(entries.find((entry) => entry.action === 'media.alt_changed')?.details).toEqual({
      from: 'A smiling quokka',
      to: 'A quokka, smiling',
    });
    expect(await mediaById(backend.database.db, 'not-an-id')).toBeNull();
  });

  it('tells where an image is used (cover, social image, body; draft and published) and refuses to delete it until it is not', async () => {
    const { db } = backend.database;
    const item = await upload(await png(80, 60), 'used.png', 'Used');
    const other = await upload(await png(80, 60), 'unused.png', 'Unused');
    const [draftOnly] = await db
      .insert(posts)
      .values({ content: post('Draft post', { body: `Intro\n\n![Used](/media/${item.id})` }) })
      .returning({ id: posts.id });
    const [published] = await db
      .insert(posts)
      .values({ content: post('Published post', { coverMediaId: null }) })
      .returning({ id: posts.id });
    const [revision] = await db
      .insert(postRevisions)
      .values({
        postId: published!.id,
        number: 1,
        kind: 'publish',
        content: post('Published post', { coverMediaId: item.id, socialMediaId: item.id }),
        bodyHtml: '',
      })
      .returning({ id: postRevisions.id });
    await db.update(posts).set({ status: 'published', publishedRevisionId: revision!.id }).where(eq(posts.id, published!.id));

    expect(await mediaUsage(db, item.id)).toEqual([
      { postId: draftOnly!.id, title: 'Draft post', where: 'body', version: 'draft' },
      { postId: published!.id, title: 'Published post', where: 'cover', version: 'published' },
      { postId: published!.id, title: 'Published post', where: 'social image', version: 'published' },
    ]);
    expect(await mediaUsage(db, other.id)).toEqual([]);

    const keys = await storedKeys();
    await expect(deleteMedia(deps, ed, item.id)).rejects.toThrow(
      'This image is used by: “Draft post” (body, draft); “Published post” (cover, published); “Published post” (social image, published); remove it there first.',
    );
    expect(await mediaById(db, item.id)).not.toBeNull();
    expect(await storedKeys()).toEqual(keys);
    const answer = await handleMediaQuery(deps, new URL(`http://x/api/admin/media?id=${item.id}`));
    expect(((await answer.json()) as { uses: unknown[] }).uses).toHaveLength(3);

    // Removed from the draft's body and from the published version: it may go.
    await db
      .update(posts)
      .set({ content: post('Draft post') })
      .where(eq(posts.id, draftOnly!.id));
    await db.update(posts).set({ status: 'draft', publishedRevisionId: null }).where(eq(posts.id, published!.id));
    await deleteMedia(deps, ed, item.id);
    expect(await mediaById(db, item.id)).toBeNull();
    expect((await db.select().from(auditLog).where(eq(auditLog.targetId, item.id))).map((entry) => entry.action)).toContain(
      'media.deleted',
    );
    // Its original and its seven sizes are gone from storage, nothing else.
    const after = await storedKeys();
    expect(keys.length - after.length).toBe(item.variants.length + 1);
    expect(after.some((key) => item.variants.some((variant) => variant.key === key))).toBe(false);
    expect(after.every((key) => keys.includes(key))).toBe(true);
    await expect(deleteMedia(deps, ed, item.id)).rejects.toThrow(mediaMessages.missing);
  }, 30_000);

  it('imports our own SVG illustration and makes its sizes in a job, once', async () => {
    const { db } = backend.database;
    const svg = readFileSync(new URL('../../assets/illustrations/blog-1.svg', import.meta.url));
    const item = await importIllustration(deps, { svg, fileName: 'blog-1.svg', alt: 'An illustration of the cloud' });
    expect(item).toMatchObject({ contentType: 'image/svg+xml', width: 1200, height: 800, variants: [] });
    // While it has no sizes, its picture is the original.
    expect(pictureOf(item)).toEqual({ sources: [], src: `/media/${item.id}`, width: 1200, height: 800 });
    const { rows } = await backend.database.pool.query(`select data from pgboss.job where name = $1 and data->>'mediaId' = $2`, [
      MAKE_MEDIA_VARIANTS,
      item.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(await makeVariants(deps, item.id)).toBe(true);
    expect(await makeVariants(deps, item.id)).toBe(false);
    const made = (await mediaById(db, item.id))!;
    expect(made.variants.filter((variant) => !variant.social).map((variant) => variant.width)).toEqual([480, 480, 960, 960, 1200, 1200]);
    expect(pictureOf(made).src).toBe(`/media/${item.id}/960.webp`);
    await expect(importIllustration(deps, { svg: Buffer.from('<html></html>'), fileName: 'x.svg', alt: 'x' })).rejects.toThrow(
      /not an SVG/,
    );
  }, 60_000);
});

describe('the media module', () => {
  it('makes, in its job, the sizes of every image still without them (the run queued at each start)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="#345"/></svg>',
    );
    const waiting = await importIllustration({ ...deps, jobs: undefined }, { svg, fileName: 'waiting.svg', alt: 'Waiting for its sizes' });
    const started = await mediaModule.start!(backend.runtime);
    const worker = started.workers!.find((each) => each.queue === MAKE_MEDIA_VARIANTS)!;
    await worker.run({ data: {} } as never, backend.jobs);
    expect((await mediaById(backend.database.db, waiting.id))!.variants.map((variant) => variant.format).sort()).toEqual([
      'avif',
      'png',
      'webp',
    ]);
    // A job for one image that is gone (deleted before its turn) ends quietly.
    await worker.run({ data: { mediaId: '00000000-0000-4000-8000-000000000000' } } as never, backend.jobs);
  }, 30_000);
});

describe('the public route /media/<id>/<size>', () => {
  it('serves a size from its row with its type, a year of caching, nosniff and a strong ETag; 304 on If-None-Match; 404 otherwise', async () => {
    const item = await upload(await png(100, 100), 'serve.png', 'Served');
    const webp = item.variants.find((variant) => variant.format === 'webp')!;
    const get = (path: string, headers: Record<string, string> = {}) =>
      serveMedia(deps, path, new Request(`http://x/media/${path}`, { headers }));

    const response = await get(`${item.id}/100.webp`);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-length': String(webp.bytes),
    });
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(await readAll(webp.key))).toBe(true);

    const again = await get(`${item.id}/100.webp`, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect((await get(`${item.id}/social.png`)).headers.get('content-type')).toBe('image/png');
    expect((await get(`${item.id}/100.avif`)).headers.get('content-type')).toBe('image/avif');

    // The address of the image: its largest WebP.
    const best = await get(item.id);
    expect(best.status).toBe(302);
    expect(best.headers.get('location')).toBe(`/media/${item.id}/100.webp`);

    for (const path of [
      `${item.id}/999.webp`,
      `${item.id}/../../etc/passwd`,
      `${item.id}/original`,
      `${webp.key}`,
      '00000000-0000-4000-8000-000000000000/100.webp',
      'nothing',
      '',
    ])
      expect((await get(path)).status, path).toBe(404);
  }, 30_000);

  it('serves a seeded SVG original, while it has no sizes, under a policy that lets it run nothing', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#123"/></svg>',
    );
    const item = await importIllustration(deps, { svg, fileName: 'tiny.svg', alt: 'A tiny rectangle' });
    const response = await serveMedia(deps, item.id, new Request(`http://x/media/${item.id}`));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'image/svg+xml',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'x-content-type-options': 'nosniff',
    });
    expect(await response.text()).toBe(svg.toString());
  });
});

describe('POST /api/admin/media', () => {
  const post = (form: FormData) => handleMediaUpload(deps, ed, new Request('http://x/api/admin/media', { method: 'POST', body: form }));
  const formOf = (file: Blob | null, alt: string | null, name = 'picture.png') => {
    const form = new FormData();
    if (file) form.set('file', file, name);
    if (alt !== null) form.set('alt', alt);
    return form;
  };

  it('answers 201 with the new image, or 400, 413, 415 with the message and the field to fix; nothing half-stored', async () => {
    const before = await storedKeys();
    const image = new Blob([new Uint8Array(await png(30, 20))], { type: 'image/png' });
    const missingAlt = await post(formOf(image, ''));
    expect(missingAlt.status).toBe(400);
    expect(await missingAlt.json()).toEqual({ error: mediaMessages.altRequired, field: 'alt' });
    const noFile = await post(formOf(null, 'Alt'));
    expect([noFile.status, ((await noFile.json()) as { field: string }).field]).toEqual([400, 'file']);
    const html = await post(formOf(new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' }), 'Alt', 'evil.jpg'));
    expect([html.status, await html.json()]).toEqual([415, { error: mediaMessages.wrongType, field: 'file' }]);
    const big = await post(formOf(new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), 'Alt'));
    expect(big.status).toBe(413);
    expect(await storedKeys()).toEqual(before);

    const created = await post(formOf(image, 'Thirty by twenty'));
    expect(created.status).toBe(201);
    const { item } = (await created.json()) as { item: { id: string; alt: string; thumbnail: string; url: string; ready: boolean } };
    expect(item).toMatchObject({ alt: 'Thirty by twenty', url: `/media/${item.id}`, thumbnail: `/media/${item.id}/30.webp`, ready: true });
    const [row] = await backend.database.db.select().from(media).where(eq(media.id, item.id));
    expect(row).toMatchObject({ createdByUserId: ed.id, fileName: 'picture.png' });
    expect(await handleMediaUpload(deps, undefined, new Request('http://x', { method: 'POST', body: formOf(image, 'x') }))).toMatchObject({
      status: 401,
    });
  }, 30_000);
});
