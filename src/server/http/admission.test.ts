import { mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bodyLimits, bufferedBody } from './body-limits';
import { closeGracefully, createAppServer } from './server';

/**
 * The limits and the same-origin rule, on the real HTTP server, in front of a stand-in for Astro
 * that records what reached it: a refused request must never reach it (nothing stored, nothing
 * parsed), and one within its limits must reach it whole.
 */

interface Reached {
  method: string;
  url: string;
  body: Buffer | undefined;
  streamed: boolean;
}

const SITE = 'https://www.helixpoint.test';
let server: Server;
let dir: string;
let reached: Reached[] = [];
let warnings: { data: Record<string, unknown>; message: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admission-'));
  server = createAppServer({
    clientDir: dir,
    isHealthy: async () => true,
    siteOrigin: SITE,
    warn: (data, message) => warnings.push({ data: data as Record<string, unknown>, message }),
    astroHandler: async (req: IncomingMessage, res) => {
      const buffered = bufferedBody(req);
      let body = buffered;
      if (!buffered && req.method !== 'GET') {
        const chunks: Buffer[] = [];
        for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
        body = Buffer.concat(chunks);
      }
      reached.push({ method: req.method ?? '', url: req.url ?? '', body, streamed: !buffered });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await closeGracefully(server);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  reached = [];
  warnings = [];
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request over its own connection; `body` may be sent in chunks (no Content-Length). */
function send(
  path: string,
  {
    method = 'POST',
    headers = {},
    body,
    chunked = false,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean } = {},
): Promise<Reply> {
  const { port } = server.address() as AddressInfo;
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: { ...(payload && !chunked ? { 'Content-Length': String(payload.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      },
    );
    // The server may answer and close before the whole body is sent.
    req.on('error', (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    if (payload && chunked) {
      for (let at = 0; at < payload.length; at += 64 * 1024) req.write(payload.subarray(at, at + 64 * 1024));
      req.end();
    } else req.end(payload);
  });
}

const json = { 'Content-Type': 'application/json' };
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

function multipart(parts: number, fileBytes = 0) {
  const boundary = '----helixpointBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (let index = 0; index < parts; index += 1) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="field${index}"\r\n\r\nvalue\r\n`));
  }
  if (fileBytes) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.alloc(fileBytes, 0x20), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

describe('body limits per route', () => {
  it('hands a body within its limits to the route whole', async () => {
    const body = JSON.stringify({ email: 'ada@example.dev', password: 'a long passphrase' });
    const reply = await send('/api/auth/sign-in/email', { headers: json, body });
    expect(reply.status).toBe(200);
    expect(reached).toHaveLength(1);
    expect(reached[0]?.body?.toString()).toBe(body);
    expect(reached[0]?.streamed).toBe(false);
  });

  it('refuses a body over 64 KB on an ordinary route with 413 from its Content-Length, unread, and logs a warning without it', async () => {
    const body = JSON.stringify({ padding: 'x'.repeat(bodyLimits.standard.maxBytes) });
    const reply = await send('/api/auth/sign-out', { headers: json, body });
    expect(reply.status).toBe(413);
    expect(reply.headers['connection']).toBe('close');
    expect(JSON.parse(reply.text)).toEqual({ error: 'The request is too large.' });
    expect(reached).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toBe('request refused: body over its limits');
    expect(warnings[0]?.data).toMatchObject({ method: 'POST', path: '/api/auth/sign-out', status: 413 });
    expect(JSON.stringify(warnings)).not.toContain('xxxxxxxx');
  });

  it('cuts a chunked body off once it passes the limit (no Content-Length to trust)', async () => {
    const reply = await send('/auth', { headers: form, body: Buffer.alloc(1024 * 1024, 0x61), chunked: true });
    expect(reply.status).toBe(413);
    expect(reply.text).toBe('The request is too large.\n');
    expect(reached).toEqual([]);
  });

  it('refuses a form of too many fields with 400 before anything parses it (170,000 fields stalled the server)', async () => {
    const fields = Array.from({ length: bodyLimits.standard.maxParts + 1 }, (_, index) => `f${index}=1`).join('&');
    const reply = await send('/auth', { headers: form, body: fields });
    expect(reply.status).toBe(400);
    expect(reply.text).toBe('The request has too many fields or is nested too deeply.\n');
    expect(reached).toEqual([]);
    expect(warnings[0]?.data).toMatchObject({ status: 400, reason: `over ${bodyLimits.standard.maxParts} form fields` });

    const fine = Array.from({ length: bodyLimits.standard.maxParts }, (_, index) => `f${index}=1`).join('&');
    expect((await send('/auth', { headers: form, body: fine })).status).toBe(200);
  });

  it('refuses deeply nested JSON with 400 (a 100,000-deep body answered 500 with a stack)', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const reply = await send('/_actions/contact', { headers: json, body: deep });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ error: 'The request has too many fields or is nested too deeply.' });
    expect(reached).toEqual([]);
    // Brackets inside strings are text, not nesting.
    const text = JSON.stringify({ message: '['.repeat(1000) });
    expect((await send('/_actions/contact', { headers: json, body: text })).status).toBe(200);
  });

  it('gives actions 512 KB: the longest application fits, more does not', async () => {
    const application = JSON.stringify({
      cover_letter: '東'.repeat(10_000),
      answers: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, '京'.repeat(5000)])),
    });
    expect(Buffer.byteLength(application)).toBeGreaterThan(300 * 1024);
    expect((await send('/_actions/apply', { headers: json, body: application })).status).toBe(200);
    expect((await send('/_actions/apply', { headers: json, body: 'x'.repeat(bodyLimits.action.maxBytes + 1) })).status).toBe(413);
  });

  it('takes a form with its file (up to 10 MB) where a file belongs, with at most 100 parts', async () => {
    const withFile = multipart(20, 9 * 1024 * 1024);
    expect(
      (await send('/careers/apply/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', { headers: withFile.headers, body: withFile.body })).status,
    ).toBe(200);
    expect(reached[0]?.body?.length).toBe(withFile.body.length);
    // The same file anywhere else is too large.
    expect((await send('/auth', { headers: withFile.headers, body: withFile.body })).status).toBe(413);
    const parts = multipart(bodyLimits.formWithFile.maxParts + 1);
    expect((await send('/contact/send', { headers: parts.headers, body: parts.body })).status).toBe(400);
    expect((await send('/contact/send', { headers: { 'Content-Type': 'multipart/form-data' }, body: parts.body })).status).toBe(400);
    expect(reached).toHaveLength(1);
  });

  it('streams an upload to its endpoint (which stops at 10 MB itself), refusing a larger Content-Length at once', async () => {
    const file = Buffer.alloc(2 * 1024 * 1024, 0x20);
    const reply = await send('/api/uploads?purpose=resume', { headers: { 'Content-Type': 'application/pdf' }, body: file });
    expect(reply.status).toBe(200);
    expect(reached[0]?.streamed).toBe(true);
    expect(reached[0]?.body?.length).toBe(file.length);
    const tooLarge = await send('/api/uploads?purpose=resume', {
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(bodyLimits.upload.maxBytes + 1) },
    });
    expect(tooLarge.status).toBe(413);
    expect(reached).toHaveLength(1);
  });

  it('answers /healthz at once while a large body is being refused', async () => {
    const refused = send('/auth', { headers: form, body: Buffer.alloc(8 * 1024 * 1024, 0x61), chunked: true });
    const started = performance.now();
    const health = await send('/healthz', { method: 'GET' });
    expect(health.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect((await refused).status).toBe(413);
  });
});

describe('writes to actions and endpoints come from the site', () => {
  const post = (path: string, headers: Record<string, string>) => send(path, { headers: { ...json, ...headers }, body: '{"settings":[]}' });

  it.each([
    ['a foreign Origin', { Origin: 'http://evil.example' }],
    ['a sibling subdomain', { Origin: 'https://evil.helixpoint.test' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: SITE }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses %s with 403, before the route sees it', async (_case, headers) => {
    for (const path of ['/_actions/admin.saveHeardAboutOptions', '/api/auth/sign-out', '/api/uploads?purpose=resume']) {
      const reply = await post(path, headers);
      expect(reply.status, path).toBe(403);
      expect(JSON.parse(reply.text)).toEqual({ error: 'This request must come from the site’s own pages.' });
    }
    expect(reached).toEqual([]);
    expect(warnings[0]?.message).toBe('request refused: not from the site');
  });

  it.each([
    ['the site’s Origin', { Origin: SITE }],
    ['the Origin of the host it was sent to', { Origin: 'http://127.0.0.1:4321', Host: '127.0.0.1:4321' }],
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://whatever.example' }],
    ['no browser headers at all (not a browser)', {}],
  ])('lets %s through', async (_case, headers) => {
    expect((await post('/_actions/admin.saveHeardAboutOptions', headers)).status).toBe(200);
    expect(reached).toHaveLength(1);
  });

  it('leaves reads and pages alone (Astro checks the Origin of form posts itself)', async () => {
    expect((await send('/api/positions', { method: 'GET', headers: { Origin: 'http://evil.example' } })).status).toBe(200);
    expect((await send('/auth', { headers: { ...form, Origin: 'http://evil.example' }, body: 'a=1' })).status).toBe(200);
    expect(reached).toHaveLength(2);
  });
});
