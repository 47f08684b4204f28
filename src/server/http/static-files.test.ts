import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';
import { createAppServer } from './server';
import { KEEP_IDENTITY_BYTES, loadStaticFiles, type StaticFiles } from './static-files';

/* The build's files held in memory, served by the real HTTP server. */

const page = (text: string) => `<!doctype html><title>${text}</title>${`<p>${text}: cloud, AI and security engineering.</p>`.repeat(60)}`;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const dirs: string[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build directory: an about page, a hashed script, a tiny text file, an image, a dot file. */
async function build(files: Record<string, string | Buffer> = {}): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'static-files-'));
  dirs.push(dir);
  const all: Record<string, string | Buffer> = {
    'index.html': page('Home'),
    'about/index.html': page('About'),
    '_astro/chunk.abc123.js': `export const value = ${JSON.stringify('x'.repeat(4000))};`,
    'robots.txt': 'User-agent: *',
    'og/card.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]),
    '.complete': '3',
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  await precompressDirectory(dir);
  return dir;
}

async function serve(files: StaticFiles): Promise<(path: string, headers?: Record<string, string>, method?: string) => Promise<Reply>> {
  let renders = 0;
  const server = createAppServer({
    clientDir: [],
    staticFiles: files,
    astroHandler: (req, res) => {
      renders += 1;
      res.statusCode = 404;
      res.end(`rendered ${req.url} (${renders})`);
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return (path, headers = {}, method = 'GET') =>
    new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers, method, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
}

describe('the static files in memory', () => {
  it('answers in the encoding the browser prefers among the copies made at build time', async () => {
    const get = await serve(loadStaticFiles(await build()));
    const br = await get('/about', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(page('About'));

    const gz = await get('/about', { 'Accept-Encoding': 'br;q=0.5, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page('About'));

    const plain = await get('/about', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page('About'));

    // A file too small to be worth compressing has no copies: sent as it is, without Vary.
    const tiny = await get('/robots.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.body.toString()).toBe('User-agent: *');
    expect(tiny.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await get('/og/card.png')).headers['content-type']).toBe('image/png');
  });

  it('holds a larger file only compressed, and sends it decompressed, byte for byte, to a client that takes no compression', async () => {
    // Varied enough to stay over the limit compressed too: a script with its data.
    const large = `export const rows = ${JSON.stringify(Array.from({ length: 3000 }, (_, index) => ({ index, name: `row ${index} ${(index * 7919) % 1000}` })))};`;
    expect(Buffer.byteLength(large)).toBeGreaterThan(KEEP_IDENTITY_BYTES);
    const dir = await build({ '_astro/data.def456.js': large });
    const files = loadStaticFiles(dir);
    expect(files.find('/_astro/data.def456.js')!.identity).toBeUndefined();
    expect(files.find('/_astro/chunk.abc123.js')!.identity).toBeDefined();
    const get = await serve(files);
    const plain = await get('/_astro/data.def456.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(large)));
    expect(plain.body.toString()).toBe(large);
    const gz = await get('/_astro/data.def456.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gz.body).toString()).toBe(large);
    const head = await get('/_astro/data.def456.js', {}, 'HEAD');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(large)));
    expect(head.body.length).toBe(0);
    expect(files.bytes).toBeLessThan(Buffer.byteLength(large));
  });

  it('gives an ETag of the content and answers 304 when the browser has it, in any encoding', async () => {
    const get = await serve(loadStaticFiles(await build()));
    const first = await get('/about', { 'Accept-Encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    // The same ETag for every encoding and every alias of the file.
    expect((await get('/about/', { 'Accept-Encoding': 'gzip' })).headers.etag).toBe(etag);
    expect((await get('/about/index.html')).headers.etag).toBe(etag);

    const again = await get('/about', { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, must-revalidate');
    expect((await get('/about', { 'If-None-Match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await get('/about', { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it("sends each server's own headers with a file the servers share, in every encoding and in a 304", async () => {
    // The file keeps its header lists with a server's constant headers added: a second server's
    // (HSTS on) must not get the first one's, nor the first the second's afterwards.
    const files = loadStaticFiles(await build());
    const plain = await serve(files);
    const secure = createAppServer({ clientDir: [], staticFiles: files, astroHandler: (_req, res) => res.end(), hsts: true });
    servers.push(secure);
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const { port } = secure.address() as AddressInfo;
    const getSecure = (path: string, headers: Record<string, string> = {}) =>
      new Promise<Reply>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
        })
          .on('error', reject)
          .end();
      });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await plain('/about', { 'accept-encoding': encoding });
      const second = await getSecure('/about', { 'accept-encoding': encoding });
      const third = await plain('/about', { 'accept-encoding': encoding });
      expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
      expect(first.headers['strict-transport-security']).toBeUndefined();
      expect(second.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
      expect(third.headers['strict-transport-security']).toBeUndefined();
      for (const reply of [first, second, third]) {
        expect(reply.headers['x-frame-options']).toBe('DENY');
        expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      expect(new Set([first, second, third].map((reply) => reply.headers['x-request-id'])).size).toBe(3);
    }
    const etag = String((await plain('/about')).headers.etag);
    const notModified = await getSecure('/about', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(notModified.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    const get = await serve(loadStaticFiles(await build()));
    const script = await get('/_astro/chunk.abc123.js', { 'Accept-Encoding': 'br' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/')).headers['cache-control']).toBe('public, max-age=0, s-maxage=1, must-revalidate');
  });

  it('answers HEAD without a body, and leaves other methods, dot files, compressed copies and unknown paths to Astro', async () => {
    const get = await serve(loadStaticFiles(await build()));
    const head = await get('/about', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    for (const [path, method] of [
      ['/about', 'POST'],
      ['/.complete', 'GET'],
      ['/about/index.html.br', 'GET'],
      ['/nowhere', 'GET'],
      ['/about/../../etc/passwd', 'GET'],
      ['/%E0%A4%A', 'GET'],
    ] as const) {
      const reply = await get(path, {}, method);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.toString()).toContain('rendered');
    }
    // Percent-encoded names are found.
    expect((await get('/%61bout')).status).toBe(200);
  });

  it('takes a path from the first directory that has it (the SITE_URL overlay before the build)', async () => {
    const overlay = await build({ 'about/index.html': page('About, for https://www.example.com') });
    const files = loadStaticFiles([overlay, await build()]);
    const get = await serve(files);
    expect((await get('/about')).body.toString()).toBe(page('About, for https://www.example.com'));
    expect(files.files).toBe(5);
    expect(files.bytes).toBeGreaterThan(page('About').length * 2);
  });

  it('keeps serving the build it started with when a new one is written under it; a new process names the new build and changes only the changed files’ ETags', async () => {
    const dir = await build();
    const running = loadStaticFiles(dir);
    const get = await serve(running);
    const about = await get('/about');
    const home = await get('/');

    // A new build replaces the files while the server runs.
    writeFileSync(join(dir, 'about', 'index.html'), page('About, new build'));
    await precompressDirectory(dir);
    expect((await get('/about')).body.toString()).toBe(page('About'));
    expect((await get('/about', { 'If-None-Match': String(about.headers.etag) })).status).toBe(304);

    // The next process loads the new build: a new build name, the changed page invalidated in
    // browsers (200 with the new content for the old ETag), the unchanged one still a 304.
    const next = loadStaticFiles(dir);
    expect(next.build).not.toBe(running.build);
    const getNext = await serve(next);
    const changed = await getNext('/about', { 'If-None-Match': String(about.headers.etag) });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe(page('About, new build'));
    expect((await getNext('/', { 'If-None-Match': String(home.headers.etag) })).status).toBe(304);
    // The same build loaded twice has the same name (every instance of a fleet agrees on ETags).
    expect(loadStaticFiles(dir).build).toBe(next.build);
  });
});
