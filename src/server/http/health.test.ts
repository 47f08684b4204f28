import { mkdtempSync, rmSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseReachable } from '../db/client';
import { startTestDatabase, type TestDatabase } from '../testing/database';
import { closeGracefully, createAppServer, type RequestLog } from './server';

function get(server: Server, path: string, headers: Record<string, string> = {}) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    })
      .on('error', reject)
      .end();
  });
}

describe('GET /healthz and request logs', () => {
  let database: TestDatabase;
  let server: Server;
  const logs: RequestLog[] = [];
  const clientDir = mkdtempSync(join(tmpdir(), 'client-'));

  beforeAll(async () => {
    database = await startTestDatabase();
    server = createAppServer({
      clientDir,
      astroHandler: (_req, res) => res.end('page'),
      isHealthy: () => isDatabaseReachable(database.pool, 1_000),
      logRequest: (entry) => logs.push(entry),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    if (server) await closeGracefully(server, 0);
    await database?.destroy();
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 200 while the database is reachable, with nothing else in the answer', async () => {
    const reply = await get(server, '/healthz');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ status: 'ok' });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('logs method, path without the query, status, duration and a request id', async () => {
    logs.length = 0;
    const reply = await get(server, '/docs?q=ada@example.dev', { 'X-Request-Id': 'trace-12345678' });
    expect(reply.headers['x-request-id']).toBe('trace-12345678');
    await expect.poll(() => logs.length).toBe(1);
    expect(logs[0]).toMatchObject({ reqId: 'trace-12345678', method: 'GET', path: '/docs', status: 200 });
    expect(JSON.stringify(logs[0])).not.toContain('ada@example.dev');
    expect(logs[0]?.durationMs).toBeGreaterThanOrEqual(0);

    await get(server, '/', { 'X-Request-Id': 'bad id with spaces' });
    await expect.poll(() => logs.length).toBe(2);
    expect(logs[1]?.reqId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 once the database is gone', async () => {
    await database.close();
    const reply = await get(server, '/healthz');
    expect(reply.status).toBe(503);
    expect(JSON.parse(reply.body)).toEqual({ status: 'unavailable' });
  }, 30_000);
});
