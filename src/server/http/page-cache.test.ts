import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageCache, normalizedQuery, preferredEncoding, type PageCache } from './page-cache';
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
  /** What the next renders answer. */
  page: { status: number; body: string; cookie?: string; hold?: Promise<void> };
}

async function start(options: Parameters<typeof createPageCache>[0] = {}): Promise<Stand> {
  const cache = createPageCache(options);
  let renders = 0;
  const stand: Stand = { url: '', cache, renders: () => renders, page: { status: 200, body: '' } };
  const astroHandler = async (_req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    const { status, body, cookie, hold } = stand.page;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
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

  it('keeps a page apart for what else it depends on', async () => {
    const stand = await start({
      vary: (req) => (req.headers.referer ? new URL(req.headers.referer).hostname : ''),
    });
    stand.page = { status: 200, body: html('Board ') };
    const from = (referer?: string) =>
      fetch(`${stand.url}/careers`, { headers: { 'User-Agent': 'person', ...(referer ? { Referer: referer } : {}) } }).then((r) =>
        r.text(),
      );
    await from();
    await from('https://www.linkedin.com/feed');
    await kept(stand.cache, 2);
    await from();
    await from('https://www.linkedin.com/jobs');
    await from('https://news.example/');
    expect(stand.renders()).toBe(3);
  });

  it('picks the encoding the browser accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
  });
});
