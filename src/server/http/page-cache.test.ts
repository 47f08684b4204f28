import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, normalizedQuery, preferredEncoding, type PageCache, type PageSlots } from './page-cache';
import { SHARED_REVALIDATE } from './cache-control';
import { createAppServer } from './server';

/* The page cache in our real HTTP server, in front of a stand-in for Astro that counts renders. */

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

interface Stand {
  url: string;
  cache: PageCache;
  renders: () => number;
  /** What the next renders answer (Cache-Control: no-cache unless `cacheControl` says otherwise; null: none). */
  page: { status: number; body: string; cookie?: string; hold?: Promise<void>; cacheControl?: string | null };
}

async function start(options: Parameters<typeof createPageCache>[0] = {}): Promise<Stand> {
  const cache = createPageCache(options);
  let renders = 0;
  const stand: Stand = { url: '', cache, renders: () => renders, page: { status: 200, body: '' } };
  const astroHandler = async (_req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    const { status, body, cookie, hold, cacheControl = 'no-cache' } = stand.page;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (cacheControl !== null) res.setHeader('Cache-Control', cacheControl);
    if (cookie) res.setHeader('Set-Cookie', cookie);
    res.writeHead(status);
    res.write(body.slice(0, 10));
    await hold;
    res.end(body.slice(10));
  };
  server = createAppServer({ clientDir: mkdtempSync(join(tmpdir(), 'page-cache-')), astroHandler, pageCache: cache });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  stand.url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  return stand;
}

const html = (text: string) => `<!doctype html><html><body>${text.repeat(200)}</body></html>`;

/** Until the cache holds `size` pages: it keeps a page once its compressed copies are made. */
async function kept(cache: PageCache, size: number) {
  await expect.poll(() => cache.size, { timeout: 5000, interval: 5 }).toBe(size);
}

describe('the page cache', () => {
  it('renders a page once, then answers from memory, compressed as the browser accepts, with an ETag and 304', async () => {
    const stand = await start();
    stand.page = { status: 200, body: html('Open positions ') };
    const first = await fetch(`${stand.url}/careers?q=cloud`);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    expect(await first.text()).toBe(stand.page.body);
    await kept(stand.cache, 1);

    const br = await fetch(`${stand.url}/careers?q=cloud`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('x-page-cache')).toBe('hit');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = br.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // fetch decodes br itself; the bytes on the wire are checked by decoding them by hand below.
    expect(await br.text()).toBe(stand.page.body);

    const raw = await import('node:http');
    const wire = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve) =>
        raw.get(`${stand.url}/careers?q=cloud`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }),
      );
    expect(brotliDecompressSync((await wire('br')).body).toString()).toBe(stand.page.body);
    const gz = await wire('gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(stand.page.body);
    const plain = await wire('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(stand.page.body);

    const again = await fetch(`${stand.url}/careers?q=cloud`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(stand.renders()).toBe(1);
  });

  it('keys the job board by its query in one spelling, and keeps each apply page, the sitemap, the feed and the positions API', async () => {
    const stand = await start();
    stand.page = { status: 200, body: html('Board ') };
    await (await fetch(`${stand.url}/careers?location=Austin&q=%20cloud%20&department=`)).text();
    await kept(stand.cache, 1);
    await (await fetch(`${stand.url}/careers?q=cloud&location=Austin`)).text();
    expect(stand.renders()).toBe(1);
    await (await fetch(`${stand.url}/careers?q=data`)).text();
    expect(stand.renders()).toBe(2);

    const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    for (const path of [`/careers/apply/${id}`, '/sitemap.xml', '/careers/feed.xml', '/api/positions?q=cloud']) {
      await (await fetch(stand.url + path)).text();
      await (await fetch(stand.url + path)).text();
    }
    expect(stand.renders()).toBe(6);
    // Anything else is rendered every time.
    await (await fetch(`${stand.url}/careers/apply/not-an-id`)).text();
    await (await fetch(`${stand.url}/careers/apply/not-an-id`)).text();
    await (await fetch(`${stand.url}/about`)).text();
    expect(stand.renders()).toBe(9);
    expect(normalizedQuery('b=2&a=1&a=0&c=&d=%20x%20')).toBe('a=0&a=1&b=2&d=x');
  });

  it('lets a shared cache in front keep a page that is the same for everybody for a second, unless the page says otherwise; never a careers page', async () => {
    const stand = await start();
    stand.page = { status: 200, body: html('Docs '), cacheControl: null };
    const first = await fetch(`${stand.url}/docs`);
    expect(first.headers.get('cache-control')).toBe(SHARED_REVALIDATE);
    expect(SHARED_REVALIDATE).toBe('public, max-age=0, s-maxage=1, must-revalidate');
    await kept(stand.cache, 1);
    const hit = await fetch(`${stand.url}/docs`);
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(hit.headers.get('cache-control')).toBe(SHARED_REVALIDATE);

    // Its own word wins: the sitemap says five minutes for everybody.
    stand.page = { status: 200, body: html('Sitemap '), cacheControl: 'public, max-age=300' };
    await (await fetch(`${stand.url}/sitemap.xml`)).text();
    await kept(stand.cache, 2);
    expect((await fetch(`${stand.url}/sitemap.xml`)).headers.get('cache-control')).toBe('public, max-age=300');

    // The job board and an apply page carry the visit's source and count each view: every request must reach the server.
    stand.page = { status: 200, body: html('Board '), cacheControl: null };
    await (await fetch(`${stand.url}/careers`)).text();
    await (await fetch(`${stand.url}/careers/apply/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f`)).text();
    await kept(stand.cache, 4);
    for (const path of ['/careers', '/careers/apply/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f']) {
      const again = await fetch(`${stand.url}${path}`);
      expect(again.headers.get('x-page-cache')).toBe('hit');
      expect(again.headers.get('cache-control')).toBeNull();
    }
  });

  it('keeps no error, no answer that sets a cookie, no HEAD answer and nothing posted', async () => {
    const stand = await start();
    stand.page = { status: 503, body: html('Down ') };
    await (await fetch(`${stand.url}/careers`)).text();
    stand.page = { status: 200, body: html('Cookie '), cookie: 'flash=1; Path=/' };
    await (await fetch(`${stand.url}/careers`)).text();
    stand.page = { status: 200, body: '' };
    await fetch(`${stand.url}/careers`, { method: 'HEAD' });
    stand.page = { status: 200, body: html('Posted ') };
    await (await fetch(`${stand.url}/careers/apply/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f`, { method: 'POST', body: 'a=1' })).text();
    // Give the cache every chance to (wrongly) keep one of them.
    await (await fetch(`${stand.url}/about`)).text();
    expect(stand.cache.size).toBe(0);
    expect(stand.renders()).toBe(5);

    // A HEAD is answered from a kept GET.
    await (await fetch(`${stand.url}/careers`)).text();
    await kept(stand.cache, 1);
    const head = await fetch(`${stand.url}/careers`, { method: 'HEAD' });
    expect(head.headers.get('x-page-cache')).toBe('hit');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('forgets every page when positions change, and never keeps a page rendered across the change', async () => {
    const stand = await start();
    stand.page = { status: 200, body: html('Old ') };
    await (await fetch(`${stand.url}/careers`)).text();
    await kept(stand.cache, 1);
    stand.cache.invalidate();
    stand.page = { status: 200, body: html('New ') };
    expect(await (await fetch(`${stand.url}/careers`)).text()).toBe(stand.page.body);
    await kept(stand.cache, 1);

    // A render that started before the change and ends after it is sent, but not kept.
    let release!: () => void;
    stand.page = { status: 200, body: html('Racing '), hold: new Promise<void>((resolve) => (release = resolve)) };
    stand.cache.invalidate();
    const racing = fetch(`${stand.url}/careers`).then((response) => response.text());
    await expect.poll(() => stand.renders()).toBe(3);
    stand.cache.invalidate();
    release();
    expect(await racing).toBe(html('Racing '));
    stand.page = { status: 200, body: html('After ') };
    expect(await (await fetch(`${stand.url}/careers`)).text()).toBe(html('After '));
    expect(stand.renders()).toBe(4);
  });

  it('renders a page once for requests that arrive together, and lets them render when that answer is not kept', async () => {
    const stand = await start();
    let release!: () => void;
    stand.page = { status: 200, body: html('Crowd '), hold: new Promise<void>((resolve) => (release = resolve)) };
    const crowd = Array.from({ length: 8 }, () => fetch(`${stand.url}/careers?q=crowd`).then((response) => response.text()));
    await expect.poll(() => stand.renders()).toBe(1);
    release();
    expect(await Promise.all(crowd)).toEqual(Array(8).fill(html('Crowd ')));
    expect(stand.renders()).toBe(1);

    // An error page is not kept: the ones that waited for it render their own.
    let fail!: () => void;
    stand.page = { status: 503, body: html('Down '), hold: new Promise<void>((resolve) => (fail = resolve)) };
    const waiting = Array.from({ length: 3 }, () => fetch(`${stand.url}/careers?q=down`).then((response) => response.status));
    await expect.poll(() => stand.renders()).toBe(2);
    stand.page = { status: 200, body: html('Up ') };
    fail();
    expect((await Promise.all(waiting)).sort()).toEqual([200, 200, 503]);
    expect(stand.renders()).toBe(4);

    // After a change nobody waits for a render that began before it.
    let hold!: () => void;
    stand.page = { status: 200, body: html('Before '), hold: new Promise<void>((resolve) => (hold = resolve)) };
    const before = fetch(`${stand.url}/careers?q=change`).then((response) => response.text());
    await expect.poll(() => stand.renders()).toBe(5);
    stand.cache.invalidate();
    stand.page = { status: 200, body: html('After ') };
    expect(await (await fetch(`${stand.url}/careers?q=change`)).text()).toBe(html('After '));
    hold();
    expect(await before).toBe(html('Before '));
  });

  it('renders again after its time to live, and holds at most maxEntries pages (least recently used go first)', async () => {
    let clock = 0;
    const stand = await start({ ttlMs: 1000, maxEntries: 2, now: () => clock });
    stand.page = { status: 200, body: html('Page ') };
    await (await fetch(`${stand.url}/careers?q=a`)).text();
    await kept(stand.cache, 1);
    clock = 999;
    await (await fetch(`${stand.url}/careers?q=a`)).text();
    expect(stand.renders()).toBe(1);
    clock = 1000;
    await (await fetch(`${stand.url}/careers?q=a`)).text();
    expect(stand.renders()).toBe(2);
    await kept(stand.cache, 1);

    await (await fetch(`${stand.url}/careers?q=b`)).text();
    await kept(stand.cache, 2);
    await (await fetch(`${stand.url}/careers?q=a`)).text(); // a is now the most recently used
    await (await fetch(`${stand.url}/careers?q=c`)).text();
    await expect.poll(() => stand.renders()).toBe(4);
    await kept(stand.cache, 2);
    await (await fetch(`${stand.url}/careers?q=a`)).text();
    expect(stand.renders()).toBe(4);
    await (await fetch(`${stand.url}/careers?q=b`)).text();
    expect(stand.renders()).toBe(5);
  });

  it('keeps a page by the query parameters it reads: any other one neither renders nor fills the cache', async () => {
    const stand = await start();
    stand.page = { status: 200, body: html('Board ') };
    const astroSaw = (url: string) => fetch(stand.url + url).then((response) => response.text());
    for (let n = 0; n < 20; n += 1) await astroSaw(`/careers?q=cloud&utm_content=${n}&fbclid=x${n}`);
    await kept(stand.cache, 1);
    expect(stand.renders()).toBe(1);
    for (let n = 0; n < 5; n += 1) await astroSaw(`/careers/apply/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f?x=${n}`);
    expect(stand.renders()).toBe(2);
    await kept(stand.cache, 2);
    expect(normalizedQuery('q=cloud&x=1&department=2', ['q', 'department'])).toBe('department=2&q=cloud');
  });

  it('picks the encoding the browser accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding('br, gzip', { br: false, gzip: true })).toBe('gzip');
  });
});

/* Values a page carries on (the visit's source), filled in as the page is served. */

const STAND_IN = 'zzslot0 :/+@zz';
const inLink = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);
const testSlots: PageSlots = {
  read(req) {
    const ref = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('ref');
    const referer = req.headers.referer ? new URL(req.headers.referer).hostname : null;
    return [ref ?? referer];
  },
  query: ([value]) => (value ? [['ref', value]] : []),
  template: { sentinels: [STAND_IN], encodings: [(value) => value, inLink], marker: 'zzslot' },
  headers: ['referer'],
};

/** A page that writes its source in a link and a hidden field, as the careers pages do; `linkForm` writes the link's value. */
async function startWithSlots(options: { linkForm?: (value: string) => string; maxFillings?: number } = {}) {
  const untemplatable: string[] = [];
  const cache = createPageCache({
    slots: testSlots,
    maxFillings: options.maxFillings,
    onUntemplatable: (route) => untemplatable.push(route),
  });
  const rendered: { url: string; referer: string | undefined }[] = [];
  const linkForm = options.linkForm ?? inLink;
  const astroHandler = (req: IncomingMessage, res: ServerResponse) => {
    rendered.push({ url: req.url ?? '', referer: req.headers.referer });
    const ref = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('ref');
    const link = ref ? `/careers/apply/1?ref=${linkForm(ref)}` : '/careers/apply/1';
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(html('Jobs ') + `<a href="${link}">Apply</a><input type="hidden" name="source" value="${ref ?? 'direct'}">`);
  };
  server = createAppServer({ clientDir: mkdtempSync(join(tmpdir(), 'page-cache-')), astroHandler, pageCache: cache });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const visit = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url + path, { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return { cache, rendered, untemplatable, visit };
}

const pageFor = (link: string, source: string) =>
  html('Jobs ') + `<a href="${link}">Apply</a><input type="hidden" name="source" value="${source}">`;

describe('the page cache with values filled in per request', () => {
  it('renders a page once for every referring site and campaign, with each one’s source in its links and fields', async () => {
    const stand = await startWithSlots();
    expect((await stand.visit('/careers')).text).toBe(pageFor('/careers/apply/1', 'direct'));
    const linkedin = await stand.visit('/careers', { Referer: 'https://www.linkedin.com/feed' });
    expect(linkedin.headers.get('x-page-cache')).toBe('miss');
    expect(linkedin.text).toBe(pageFor('/careers/apply/1?ref=www.linkedin.com', 'www.linkedin.com'));
    // One render with the stand-in and without the Referer, whatever the first visitor's source was.
    expect(stand.rendered).toEqual([
      { url: '/careers', referer: undefined },
      { url: `/careers?ref=${inLink(STAND_IN)}`, referer: undefined },
    ]);

    const news = await stand.visit('/careers', { Referer: 'https://news.example/today' });
    expect(news.headers.get('x-page-cache')).toBe('hit');
    expect(news.text).toBe(pageFor('/careers/apply/1?ref=news.example', 'news.example'));
    // A value with characters a link writes differently: each place gets its own form.
    const spaced = await stand.visit('/careers?ref=spring%20fair%3A%2B%40%2F');
    expect(spaced.text).toBe(pageFor('/careers/apply/1?ref=spring+fair%3A%2B%40%2F', 'spring fair:+@/'));
    expect(stand.rendered).toHaveLength(2);
    expect(stand.cache.size).toBe(2);
  });

  it('sends each filling as gzip put together from the page compressed once, with an ETag of its own', async () => {
    const stand = await startWithSlots();
    await stand.visit('/careers', { Referer: 'https://a.example/' });
    const raw = await import('node:http');
    const wire = (referer: string, encoding: string, etag?: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve) =>
        raw.get(
          `http://127.0.0.1:${(server!.address() as AddressInfo).port}/careers`,
          { headers: { Referer: referer, 'Accept-Encoding': encoding, ...(etag ? { 'If-None-Match': etag } : {}) } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          },
        ),
      );
    // A browser that takes Brotli and gzip gets gzip: Brotli cannot be put together from parts.
    const b = await wire('https://b.example/', 'gzip, deflate, br');
    expect(b.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(b.body).toString()).toBe(pageFor('/careers/apply/1?ref=b.example', 'b.example'));
    const c = await wire('https://c.example/', 'gzip');
    expect(gunzipSync(c.body).toString()).toBe(pageFor('/careers/apply/1?ref=c.example', 'c.example'));
    expect((await wire('https://c.example/', 'identity')).body.toString()).toBe(pageFor('/careers/apply/1?ref=c.example', 'c.example'));
    // Only Brotli: the page as it is (no compressing per request).
    // a.example's (fetch asks for gzip), b.example's and c.example's, kept as gzip.
    expect(stand.cache.fillings).toBe(3);
    const brOnly = await wire('https://d.example/', 'br');
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.body.toString()).toBe(pageFor('/careers/apply/1?ref=d.example', 'd.example'));

    const etagB = String(b.headers.etag);
    expect(etagB).not.toBe(c.headers.etag);
    expect((await wire('https://b.example/', 'br', etagB)).status).toBe(304);
    expect((await wire('https://c.example/', 'br', etagB)).status).toBe(200);
    expect(stand.rendered).toHaveLength(1);
  });

  it(
    'is not pushed off its cache by a flood of referrers: one render, a bounded number of fillings kept',
    { timeout: 30_000 },
    async () => {
      const stand = await startWithSlots({ maxFillings: 16 });
      await stand.visit('/careers');
      for (let n = 0; n < 200; n += 1) {
        const reply = await stand.visit('/careers', { Referer: `https://site-${n}.example/`, 'Accept-Encoding': 'gzip' });
        expect(reply.headers.get('content-encoding')).toBe('gzip');
        expect(reply.text).toBe(pageFor(`/careers/apply/1?ref=site-${n}.example`, `site-${n}.example`));
      }
      expect(stand.rendered).toHaveLength(2);
      expect(stand.cache.size).toBe(2);
      expect(stand.cache.fillings).toBe(16);
      expect((await stand.visit('/careers')).headers.get('x-page-cache')).toBe('hit');
    },
  );

  it('keeps a page per value, and says so once, when it writes a value in a form no stand-in is filled into', async () => {
    // encodeURIComponent writes a space as %20 where URLSearchParams writes +.
    const stand = await startWithSlots({ linkForm: encodeURIComponent });
    const first = await stand.visit('/careers?ref=spring%20fair');
    expect(first.text).toBe(pageFor('/careers/apply/1?ref=spring%20fair', 'spring fair'));
    expect(first.text).not.toContain('zzslot');
    expect(stand.untemplatable).toEqual(['/careers']);
    // The stand-in render was thrown away; the page was rendered again with the request's value.
    expect(stand.rendered.map((render) => render.url)).toEqual([`/careers?ref=${inLink(STAND_IN)}`, '/careers?ref=spring+fair']);

    await stand.visit('/careers?ref=spring%20fair');
    expect(stand.rendered).toHaveLength(2);
    expect((await stand.visit('/careers', { Referer: 'https://news.example/' })).text).toBe(
      pageFor('/careers/apply/1?ref=news.example', 'news.example'),
    );
    expect(stand.rendered).toHaveLength(3);
    expect(stand.untemplatable).toEqual(['/careers']);
  });

  it('fills the values into an answer it does not keep (an error page that carries the source)', async () => {
    const stand = await startWithSlots();
    const cache = stand.cache;
    // A HEAD is not kept: its answer is the page with this request's value.
    const head = await fetch(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/careers?ref=jobs.example`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(cache.size).toBe(0);
    const reply = await stand.visit('/careers?ref=jobs.example');
    expect(reply.text).toBe(pageFor('/careers/apply/1?ref=jobs.example', 'jobs.example'));
  });
});
