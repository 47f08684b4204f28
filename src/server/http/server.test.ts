import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../integrations/precompress';
import { closeGracefully, createAppServer } from './server';

const page = `<!doctype html><title>About</title>${'<p>Cloud, AI and security engineering.</p>'.repeat(80)}`;
const script = `export const value = ${JSON.stringify('x'.repeat(4000))};`;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(server: Server, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the HTTP server', () => {
  let dir: string;
  let server: Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'client-'));
    mkdirSync(join(dir, 'about'));
    mkdirSync(join(dir, '_astro'));
    writeFileSync(join(dir, 'about', 'index.html'), page);
    writeFileSync(join(dir, '_astro', 'chunk.abc123.js'), script);
    writeFileSync(join(dir, 'tiny.txt'), 'ok');
    expect(await precompressDirectory(dir)).toBe(2);

    server = createAppServer({
      clientDir: dir,
      astroHandler: (req, res) => {
        res.statusCode = req.url === '/missing' ? 404 : 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<h1>rendered ${req.url}</h1>${'<p>on demand</p>'.repeat(200)}`);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await closeGracefully(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a prerendered page as its brotli copy, revalidated on each visit', async () => {
    const reply = await get(server, '/about', { 'Accept-Encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(brotliDecompressSync(reply.body).toString()).toBe(page);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get(server, '/about', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get(server, '/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it('caches hashed assets for a year', async () => {
    const reply = await get(server, '/_astro/chunk.abc123.js', { 'Accept-Encoding': 'br' });
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it('hands everything else to Astro and compresses what it renders', async () => {
    const reply = await get(server, '/missing', { 'Accept-Encoding': 'gzip' });
    expect(reply.status).toBe(404);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(reply.body).toString()).toContain('<h1>rendered /missing</h1>');
  });

  it('sends the security headers on every response', async () => {
    for (const path of ['/about', '/missing']) {
      const { headers } = await get(server, path);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('graceful shutdown', () => {
  it('stops taking connections but finishes the requests in flight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-'));
    let reached: () => void = () => {};
    const handlerReached = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => {};
    const server = createAppServer({
      clientDir: dir,
      astroHandler: (_req, res) => {
        // Answers only when the test says so, like a slow page render.
        release = () => res.end('finished');
        reached();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

    const { port } = server.address() as AddressInfo;
    const inFlight = get(server, '/slow');
    await handlerReached;
    const closed = closeGracefully(server, 5_000);
    const later = new Promise((resolve, reject) => request({ host: '127.0.0.1', port, path: '/later' }, resolve).on('error', reject).end());
    await expect(later).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    release();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe('finished');
    await closed;
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on static and rendered responses when the site is https, and not otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-'));
    writeFileSync(join(dir, 'index.html'), '<h1>home</h1>');
    const serve = async (hsts: boolean) => {
      const server = createAppServer({ clientDir: dir, astroHandler: (_req, res) => res.end('rendered'), hsts });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const pages = [await get(server, '/'), await get(server, '/rendered')];
      await closeGracefully(server);
      return pages.map((reply) => reply.headers['strict-transport-security']);
    };
    expect(await serve(true)).toEqual(['max-age=63072000; includeSubDomains', 'max-age=63072000; includeSubDomains']);
    expect(await serve(false)).toEqual([undefined, undefined]);
    rmSync(dir, { recursive: true, force: true });
  });
});
