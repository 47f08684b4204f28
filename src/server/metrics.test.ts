import { readFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully, createAppServer } from './http/server';
import { createMetrics, domainRunningTotal, getMetrics, hasMetricsToken, type Metrics } from './metrics';
import { uploadOutcome } from './uploads/metrics';
import { startTestBackend, TEST_SECRET, type TestBackend } from './testing/backend';
import { startJobs } from './jobs/queue';
import { createMailer } from './mail/transport';
import { freePort } from './net';
import { createS3Storage } from './storage/s3-driver';
import { uploadRefusals } from './uploads/messages';
import { handleUploadRequest, receivePostedFile, uploadDeps } from './uploads/receive';

const TOKEN = 'metrics-token-0123456789';

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

async function listen(server: Server): Promise<Server> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('the bearer token check', () => {
  it('takes exactly "Bearer <token>"', () => {
    expect(hasMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasMetricsToken(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(hasMetricsToken(TOKEN, TOKEN)).toBe(false);
    expect(hasMetricsToken(undefined, TOKEN)).toBe(false);
  });

  it('names each refused upload by its reason', () => {
    expect([201, 400, 403, 413, 415, 429, 500, 503].map(uploadOutcome)).toEqual([
      'accepted',
      'invalid',
      'cross-site',
      'too-large',
      'wrong-type',
      'rate-limited',
      'failed',
      'unavailable',
    ]);
  });
});

describe('a running total read at each scrape', () => {
  const series = (text: string, name: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${name} `))
        ?.split(' ')[1],
    );

  it('publishes what was added since the last scrape, once, and keeps the first registration', async () => {
    let total = 0;
    domainRunningTotal('helixpoint_test_running_seconds_total', 'A test total.', () => total);
    // A second module instance in the same process (the server evaluates modules twice) adds nothing.
    domainRunningTotal('helixpoint_test_running_seconds_total', 'A test total.', () => 1_000);
    const { registry } = getMetrics();
    expect(series(await registry.metrics(), 'helixpoint_test_running_seconds_total')).toBe(0);
    total += 0.25;
    expect(series(await registry.metrics(), 'helixpoint_test_running_seconds_total')).toBe(0.25);
    expect(series(await registry.metrics(), 'helixpoint_test_running_seconds_total')).toBe(0.25);
    total += 0.5;
    expect(series(await registry.metrics(), 'helixpoint_test_running_seconds_total')).toBe(0.75);
  });
});

describe('the requests histogram', () => {
  it("is written exactly as prom-client's own Histogram writes the same observations", async () => {
    const ours = createMetrics();
    const registry = new Registry();
    const theirs = new Histogram({
      name: 'helixpoint_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status, with their durations.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const observations: [{ method: string; route: string; status: string }, number][] = [
      [{ method: 'GET', route: '/careers', status: '200' }, 0.0001],
      [{ method: 'GET', route: '/careers', status: '200' }, 0.005],
      [{ method: 'GET', route: '/careers', status: '200' }, 0.0051],
      [{ method: 'POST', route: '/careers/apply/[id]', status: '303' }, 0.3],
      [{ method: 'GET', route: 'a "quoted" \\ route', status: '404' }, 12],
    ];
    for (const [labels, seconds] of observations) {
      ours.httpRequests.observe(labels.method, labels.route, Number(labels.status), seconds);
      theirs.observe(labels, seconds);
    }
    const written = await ours.registry.getSingleMetricAsString('helixpoint_http_request_duration_seconds');
    expect(written).toBe(await registry.getSingleMetricAsString('helixpoint_http_request_duration_seconds'));
    expect(written).toContain('helixpoint_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/careers",status="200"} 2');
  });
});

describe('GET /metrics', () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'metrics-client-'));
  let closed: Server;
  let open: Server;
  let metrics: Metrics;

  beforeAll(async () => {
    metrics = createMetrics();
    const astroHandler = (_req: unknown, res: import('node:http').ServerResponse, _next: unknown, locals?: { routePattern?: string }) => {
      if (locals) locals.routePattern = '/careers/apply/[id]';
      res.statusCode = 404;
      res.end('not found');
    };
    closed = await listen(createAppServer({ clientDir, astroHandler, metrics }));
    open = await listen(createAppServer({ clientDir, astroHandler, metrics, metricsToken: TOKEN }));
  });

  afterAll(async () => {
    // No grace needed: nothing is in flight (idle keep-alive connections would be waited for).
    await closeGracefully(closed, 0);
    await closeGracefully(open, 0);
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('is closed (404) when METRICS_TOKEN is not set, whatever the request carries', async () => {
    expect((await get(closed, '/metrics')).status).toBe(404);
    const reply = await get(closed, '/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain('helixpoint_');
  });

  it('answers 401 without the token or with another one, and the metrics with it', async () => {
    const without = await get(open, '/metrics');
    expect(without.status).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await get(open, '/metrics', { Authorization: 'Bearer not-the-token-at-all' })).status).toBe(401);
    const reply = await get(open, '/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.body).toContain('process_cpu_user_seconds_total');
    expect(reply.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route pattern and status, never by raw path', async () => {
    await get(open, '/careers/apply/2b0c7d1e-1111-4222-8333-944455556666?ref=x');
    const { body } = await get(open, '/metrics', { Authorization: `Bearer ${TOKEN}` });
    expect(body).toMatch(/helixpoint_http_request_duration_seconds_count\{method="GET",route="\/careers\/apply\/\[id\]",status="404"\} 1/);
    expect(body).toMatch(/helixpoint_http_request_duration_seconds_count\{method="GET",route="\/metrics",status="401"\} \d+/);
    expect(body).not.toContain('2b0c7d1e');
  });
});

describe('the vital signs of a running backend', () => {
  let backend: TestBackend;
  const mailDir = mkdtempSync(join(tmpdir(), 'metrics-mail-'));

  beforeAll(async () => {
    backend = await startTestBackend();
    Object.assign(getMetrics().sources, {
      pool: backend.database.pool,
      database: async () => true,
      queues: backend.jobs.queueCounts,
    });
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
    rmSync(mailDir, { recursive: true, force: true });
  }, 60_000);

  const scrape = () => getMetrics().registry.metrics();
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
    return line ? Number(line.split(' ')[1]) : undefined;
  };

  it('shows the database pool, the database and each queue', async () => {
    await backend.database.pool.query('select 1');
    await backend.jobs.enqueueEmail({ to: 'a@helixpoint.test', subject: 'Queued', html: '<p>x</p>', text: 'x' });
    const text = await scrape();
    expect(value(text, 'helixpoint_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'helixpoint_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'helixpoint_database_up')).toBe(1);
    expect(value(text, 'helixpoint_job_queue_jobs{queue="send-email",state="queued"}')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('helixpoint_job_queue_jobs{queue="cleanup-uploads",state="failed"}');
    expect(text).toContain('helixpoint_job_queue_jobs{queue="apply-retention",state="failed"}');
  });

  it('counts e-mails sent, and those that failed and wait for a retry', async () => {
    const before = await scrape();
    const deadSmtp = `smtp://127.0.0.1:${await freePort()}`;
    const start = (smtpUrl?: string) =>
      startJobs({
        databaseUrl: backend.database.url,
        mailer: createMailer({
          ...(smtpUrl ? { smtpUrl } : {}),
          from: 'Helixpoint <no-reply@helixpoint.test>',
          outboxDir: join(mailDir, 'mail'),
        }),
        sealSecret: TEST_SECRET,
        log: () => {},
        pollingIntervalSeconds: 0.5,
      });
    const failing = await start(deadSmtp);
    await failing.enqueueEmail({ to: 'fails@helixpoint.test', subject: 'Refused', html: '<p>x</p>', text: 'x' });
    await expect
      .poll(async () => value(await scrape(), 'helixpoint_emails_total{outcome="failed"}') ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(value(before, 'helixpoint_emails_total{outcome="failed"}') ?? 0);
    await failing.stop();
    const working = await start();
    await working.enqueueEmail({ to: 'works@helixpoint.test', subject: 'Sent', html: '<p>x</p>', text: 'x' });
    await expect
      .poll(async () => value(await scrape(), 'helixpoint_emails_total{outcome="sent"}') ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(value(before, 'helixpoint_emails_total{outcome="sent"}') ?? 0);
    await working.stop();
    expect(value(await scrape(), 'helixpoint_job_failures_total{queue="send-email"}')).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('counts uploads accepted and refused, by reason', async () => {
    const before = await scrape();
    const upload = (body: Buffer, ip: string) =>
      handleUploadRequest(
        uploadDeps(backend.runtime),
        new Request('http://127.0.0.1/api/uploads?purpose=resume', {
          method: 'POST',
          headers: { 'X-File-Name': 'resume.pdf', 'Content-Length': String(body.length) },
          body: new Uint8Array(body),
        }),
        ip,
      );
    expect((await upload(readFileSync('tests/fixtures/resume.pdf'), '198.51.100.7')).status).toBe(201);
    expect((await upload(Buffer.from('MZ not a document'), '198.51.100.7')).status).toBe(415);
    // A file posted with a plain form (no JavaScript) counts the same way.
    const posted = await receivePostedFile(
      uploadDeps(backend.runtime),
      new File([new Uint8Array(Buffer.from('MZ not a document'))], 'resume.pdf'),
      'resume',
      '198.51.100.7',
    );
    expect(posted).toHaveProperty('error');
    const after = await scrape();
    const delta = (series: string) => (value(after, series) ?? 0) - (value(before, series) ?? 0);
    expect(delta('helixpoint_uploads_total{outcome="accepted"}')).toBe(1);
    expect(delta('helixpoint_uploads_total{outcome="wrong-type"}')).toBe(2);
  });
  it('answers a storage outage with a clear 503 on both ways of uploading, counted as unavailable', async () => {
    // A real S3 driver whose server is not there: the connection is refused.
    const storage = createS3Storage({
      endpoint: `http://127.0.0.1:${await freePort()}`,
      bucket: 'away',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const deps = { ...uploadDeps(backend.runtime), storage };
    const before = await scrape();
    const pdf = readFileSync('tests/fixtures/resume.pdf');
    const reply = await handleUploadRequest(
      deps,
      new Request('http://127.0.0.1/api/uploads?purpose=resume', {
        method: 'POST',
        headers: { 'X-File-Name': 'resume.pdf', 'Content-Length': String(pdf.length) },
        body: new Uint8Array(pdf),
      }),
      '198.51.100.8',
    );
    expect(reply.status).toBe(503);
    expect(reply.headers.get('Retry-After')).toBe('30');
    expect(await reply.json()).toEqual({ error: uploadRefusals.unavailable });
    expect(await receivePostedFile(deps, new File([new Uint8Array(pdf)], 'resume.pdf'), 'resume', '198.51.100.8')).toEqual({
      error: uploadRefusals.unavailable,
    });
    const after = await scrape();
    expect(
      (value(after, 'helixpoint_uploads_total{outcome="unavailable"}') ?? 0) -
        (value(before, 'helixpoint_uploads_total{outcome="unavailable"}') ?? 0),
    ).toBe(2);
  }, 60_000);
});
