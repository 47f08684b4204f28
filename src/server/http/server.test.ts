import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress';
import { createMetrics } from '../metrics';
import { closeGracefully, createAppServer, type RequestLog } from './server';

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
  const metrics = createMetrics();
  const logged: RequestLog[] = [];
  const after: { route: string; path: string; status: number }[] = [];

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
      metrics,
      logRequest: (entry) => logged.push(entry),
      afterResponse: (_req, answer) => after.push(answer),
      astroHandler: (req, res) => {
        res.statusCode = req.url === '/missing' ? 404 : 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`<h1>rendered ${req.url}</h1>${'<p>on demand</p>'.repeat(200)}`);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await closeGracefully(server, 0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a prerendered page as its brotli copy, revalidated on each visit', async () => {
    const reply = await get(server, '/about', { 'Accept-Encoding': 'br, gzip' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, must-revalidate');
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

  it('accounts for every answer once, from memory or rendered: the log line, the metrics and the after-response hook', async () => {
    const count = async (route: string, status: number) => {
      const written = await metrics.registry.getSingleMetricAsString('helixpoint_http_request_duration_seconds');
      const line = written
        .split('\n')
        .find((each) =>
          each.startsWith(`helixpoint_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = [await count('static', 200), await count('static', 304), await count('unmatched', 404)];
    logged.length = 0;
    after.length = 0;
    await get(server, '/about?q=private', { 'Accept-Encoding': 'gzip', 'X-Request-Id': 'caller-id-12345' });
    await get(server, '/_astro/chunk.abc123.js', {
      'If-None-Match': (await get(server, '/_astro/chunk.abc123.js')).headers.etag as string,
    });
    await get(server, '/missing');
    expect(logged.map(({ method, path, status, reqId }) => ({ method, path, status, reqId }))).toEqual([
      { method: 'GET', path: '/about', status: 200, reqId: 'caller-id-12345' },
      { method: 'GET', path: '/_astro/chunk.abc123.js', status: 200, reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      { method: 'GET', path: '/_astro/chunk.abc123.js', status: 304, reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      { method: 'GET', path: '/missing', status: 404, reqId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(logged.every((entry) => entry.durationMs >= 0 && entry.durationMs < 1000)).toBe(true);
    expect(after).toEqual([
      { route: 'static', path: '/about', status: 200 },
      { route: 'static', path: '/_astro/chunk.abc123.js', status: 200 },
      { route: 'static', path: '/_astro/chunk.abc123.js', status: 304 },
      { route: 'unmatched', path: '/missing', status: 404 },
    ]);
    expect([await count('static', 200), await count('static', 304), await count('unmatched', 404)]).toEqual([
      before[0]! + 2,
      before[1]! + 1,
      before[2]! + 1,
    ]);
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
  /** A server whose page renders answer only when the test says so, like a slow render. */
  async function slowServer(keepAliveTimeout = 5_000) {
    const dir = mkdtempSync(join(tmpdir(), 'client-'));
    const pending: (() => void)[] = [];
    let arrived = 0;
    const server = createAppServer({
      clientDir: dir,
      astroHandler: (req, res) => {
        arrived += 1;
        pending.push(() => res.end(`finished ${req.url}`));
      },
    });
    server.keepAliveTimeout = keepAliveTimeout;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, dir, pending, arrived: () => arrived, port: (server.address() as AddressInfo).port };
  }

  it('turns /readyz unready, stops taking connections, answers what is in flight and closes each connection after its answer', async () => {
    const { server, dir, pending, arrived, port } = await slowServer();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const viaAgent = (path: string) =>
      new Promise<Reply>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const ready = await viaAgent('/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toEqual({ status: 'ready' });
    expect(ready.headers.connection).toBe('keep-alive');

    const inFlight = get(server, '/slow');
    await expect.poll(arrived).toBe(1);
    const closed = closeGracefully(server, 5_000);
    // New connections are refused (a proxy sends them to another instance)...
    const later = new Promise((resolve, reject) => request({ host: '127.0.0.1', port, path: '/later' }, resolve).on('error', reject).end());
    await expect(later).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    // ...but a request on a connection already open is answered, says unready, and closes it.
    const draining = await viaAgent('/readyz');
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body.toString())).toEqual({ status: 'draining' });
    expect(draining.headers.connection).toBe('close');

    pending.shift()!();
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe('finished /slow');
    expect(reply.headers.connection).toBe('close');
    expect(await closed).toMatchObject({ forced: 0 });
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves idle keep-alive connections to their own timeout instead of cutting them (a proxy may be sending on one)', async () => {
    // Short, so the test need not wait 5 s for the idle connection to time out.
    const { server, dir, port } = await slowServer(300);
    // A client that keeps its connection open after an answer, as nginx does.
    const socket = connect(port, '127.0.0.1');
    const answered = new Promise<number>((resolve) => socket.once('data', () => resolve(performance.now())));
    const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
    socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const idleSince = await answered;
    const report = await closeGracefully(server, 5_000);
    // Closed by the server's keep-alive timeout (300 ms here), not at once.
    expect((await closedAt) - idleSince).toBeGreaterThanOrEqual(250);
    expect(report.forced).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  it('cuts what is still open at the drain timeout and says how many', async () => {
    const { server, dir, arrived } = await slowServer();
    const stuck = get(server, '/never').catch((error: Error) => error);
    await expect.poll(arrived).toBe(1);
    const report = await closeGracefully(server, 200);
    expect(report).toMatchObject({ forced: 1 });
    expect(report.ms).toBeGreaterThanOrEqual(190);
    expect(await stuck).toBeInstanceOf(Error);
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
      await closeGracefully(server, 0);
      return pages.map((reply) => reply.headers['strict-transport-security']);
    };
    expect(await serve(true)).toEqual(['max-age=63072000; includeSubDomains', 'max-age=63072000; includeSubDomains']);
    expect(await serve(false)).toEqual([undefined, undefined]);
    rmSync(dir, { recursive: true, force: true });
  });
});
