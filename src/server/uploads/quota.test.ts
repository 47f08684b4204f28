import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { uploadReservations, uploads } from '../db/schema';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { receiveUpload, uploadDeps, type UploadDeps } from './receive';
import { uploadRefusals } from './messages';
import { removeStaleReservations, reserveUpload, RESERVATION_TTL_MS, uploadClientKey } from './quota';

/**
 * The quotas of uploads not yet attached, and the disk's floor, on the real receiving path with
 * the test database and file storage: a refusal stores nothing, and uploads sent at the same
 * moment cannot pass a limit together.
 */

const MB = 1024 * 1024;
let backend: TestBackend;
let warnings: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend();
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  warnings = [];
  await backend.database.db.delete(uploads);
  await backend.database.db.delete(uploadReservations);
  await backend.database.pool.query('delete from rate_limits');
});

function deps(quota: Partial<UploadDeps['quota']>, diskPaths: string[] = []): UploadDeps {
  return {
    ...uploadDeps(backend.runtime),
    quota: { perClientBytes: 50 * MB, totalBytes: 2048 * MB, minFreeBytes: 0, ...quota },
    diskPaths,
    warn: (_data, message) => warnings.push(message),
  };
}

const pdf = (bytes: number) => {
  const body = Buffer.alloc(bytes, 0x20);
  body.write('%PDF-1.7\n');
  return body;
};

function upload(uploadDeps: UploadDeps, clientKey: string, file: Buffer, { declare = true } = {}) {
  return receiveUpload(uploadDeps, {
    purpose: 'resume',
    headers: new Headers({ 'x-file-name': 'cv.pdf', ...(declare ? { 'content-length': String(file.length) } : {}) }),
    body: Readable.toWeb(Readable.from([file])) as ReadableStream<Uint8Array>,
    clientKey,
  });
}

async function unattachedBytes(): Promise<number> {
  const { rows } = await backend.database.pool.query<{ bytes: string }>(
    'select coalesce(sum(size), 0) as bytes from uploads where attached_at is null',
  );
  return Number(rows[0]?.bytes);
}

// Each test moves tens of megabytes through real storage: more time than the default 5 s.
describe('the quota of one client', { timeout: 30_000 }, () => {
  it('holds its uploads not yet attached to 50 MB, then answers 429 and stores nothing more', async () => {
    const quota = deps({ perClientBytes: 25 * MB });
    for (let index = 0; index < 2; index += 1) expect((await upload(quota, '203.0.113.50', pdf(10 * MB))).status).toBe(201);
    const refused = await upload(quota, '203.0.113.50', pdf(10 * MB));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: uploadRefusals.quota });
    expect(refused.headers['Retry-After']).toBe('3600');
    expect(await unattachedBytes()).toBe(20 * MB);
    // A smaller file still fits, and another client has its own quota.
    expect((await upload(quota, '203.0.113.50', pdf(4 * MB))).status).toBe(201);
    expect((await upload(quota, '203.0.113.51', pdf(10 * MB))).status).toBe(201);
  });

  it('counts an IPv6 client by its /64 and keeps no address in the table', async () => {
    const quota = deps({ perClientBytes: 12 * MB });
    expect((await upload(quota, '2001:db8:5:6::1', pdf(10 * MB))).status).toBe(201);
    expect((await upload(quota, '2001:db8:5:6:abcd::99', pdf(10 * MB))).status).toBe(429);
    const keys = await backend.database.db.select({ clientKey: uploads.clientKey }).from(uploads);
    expect(keys).toEqual([{ clientKey: uploadClientKey(uploadDeps(backend.runtime).secret, '2001:db8:5:6::1') }]);
    expect(JSON.stringify(keys)).not.toContain('2001');
  });

  it('is not passed by uploads sent at the same moment (each reserves its bytes first)', async () => {
    const quota = deps({ perClientBytes: 50 * MB });
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(quota, '203.0.113.60', pdf(10 * MB))));
    expect(results.filter((result) => result.status === 201)).toHaveLength(5);
    expect(results.filter((result) => result.status === 429)).toHaveLength(3);
    expect(await unattachedBytes()).toBe(50 * MB);
    expect(await backend.database.db.select().from(uploadReservations)).toEqual([]);
  });

  it('reserves the largest file for an upload without Content-Length', async () => {
    const quota = deps({ perClientBytes: 10.5 * MB });
    expect((await upload(quota, '203.0.113.61', pdf(1 * MB), { declare: false })).status).toBe(201);
    // 1 MB stored: a declared 9 MB file fits, an undeclared one might be 10 MB and does not.
    expect((await upload(quota, '203.0.113.61', pdf(1 * MB), { declare: false })).status).toBe(429);
    expect((await upload(quota, '203.0.113.61', pdf(9 * MB))).status).toBe(201);
  });

  it('frees what an attached upload took', async () => {
    const quota = deps({ perClientBytes: 12 * MB });
    const first = await upload(quota, '203.0.113.62', pdf(10 * MB));
    expect((await upload(quota, '203.0.113.62', pdf(10 * MB))).status).toBe(429);
    await backend.database.pool.query('update uploads set attached_at = now() where id = $1', [(first.body as { id: string }).id]);
    expect((await upload(quota, '203.0.113.62', pdf(10 * MB))).status).toBe(201);
  });
});

describe('the total quota and the disk', { timeout: 30_000 }, () => {
  it('answers 503 when all clients together hold the total, and warns the operator', async () => {
    const quota = deps({ totalBytes: 25 * MB });
    expect((await upload(quota, '198.51.100.70', pdf(10 * MB))).status).toBe(201);
    expect((await upload(quota, '198.51.100.71', pdf(10 * MB))).status).toBe(201);
    const refused = await upload(quota, '198.51.100.72', pdf(10 * MB));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: uploadRefusals.unavailable });
    expect(warnings).toEqual(['upload refused: the total quota is full']);
    expect(await unattachedBytes()).toBe(20 * MB);
  });

  it('answers 503 below the free-space floor, storing nothing', async () => {
    const quota = deps({ minFreeBytes: Number.MAX_SAFE_INTEGER }, [process.cwd()]);
    const refused = await upload(quota, '198.51.100.73', pdf(1 * MB));
    expect(refused.status).toBe(503);
    expect(refused.headers['Retry-After']).toBe('600');
    expect(warnings).toEqual(['upload refused: free space below the floor']);
    expect(await unattachedBytes()).toBe(0);
    expect(await backend.database.db.select().from(uploadReservations)).toEqual([]);
  });
});

describe('reservations', () => {
  it('left behind by an instance that died stop counting after 15 minutes and are cleaned up', async () => {
    const quota = deps({ perClientBytes: 20 * MB });
    const client = uploadClientKey(quota.secret, '192.0.2.80');
    const longAgo = new Date(Date.now() - RESERVATION_TTL_MS - 1000);
    expect(await reserveUpload(quota, client, 15 * MB, longAgo)).toMatchObject({ ok: true });
    expect(await reserveUpload(quota, client, 15 * MB)).toMatchObject({ ok: true });
    expect(await reserveUpload(quota, client, 15 * MB)).toEqual({ ok: false, reason: 'client' });
    expect(await removeStaleReservations(backend.database.db)).toBe(1);
  });
});
