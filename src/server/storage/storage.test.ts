import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsHarness, s3Harness, type Harness } from '../testing/storage.ts';
import { FileTooLargeError, InvalidKeyError, ObjectNotFoundError, type ObjectStorage } from './types.ts';

const MB = 1024 * 1024;

/** `total` bytes in fresh 64 KiB chunks, so the test never holds the whole body either. */
function generated(total: number): { body: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  async function* chunks() {
    for (let sent = 0, index = 0; sent < total; index += 1) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - sent), index % 251);
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { body: Readable.from(chunks()), sha256: () => hash.digest('hex') };
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256Of(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const uniquePrefix = () => `test-${randomUUID()}/`;

describe.each([
  { driver: 'fs', harness: fsHarness },
  { driver: 's3', harness: s3Harness },
])('$driver storage', ({ harness }) => {
  let h: Harness;
  let storage: ObjectStorage;

  beforeAll(async () => {
    h = await harness();
    storage = h.storage;
  });

  afterAll(async () => {
    await h?.close();
  });

  it('round-trips bytes, size and content type', async () => {
    const bytes = Buffer.from('%PDF-1.7\n binary \x00\xff payload');
    const stored = await storage.put(Readable.from([bytes]), { contentType: 'application/pdf', prefix: 'resumes/' });
    expect(stored).toMatchObject({ size: bytes.length, contentType: 'application/pdf' });

    const object = await storage.get(stored.key);
    expect(object.size).toBe(bytes.length);
    expect(object.contentType).toBe('application/pdf');
    expect((await readAll(object.body)).equals(bytes)).toBe(true);
  });

  it('stores an empty body', async () => {
    const stored = await storage.put(Readable.from([]), { contentType: 'text/plain' });
    expect(stored.size).toBe(0);
    const object = await storage.get(stored.key);
    expect(object.size).toBe(0);
    expect((await readAll(object.body)).length).toBe(0);
  });

  it('gives random keys under the prefix', async () => {
    const options = { contentType: 'text/plain', prefix: 'resumes/' };
    const a = await storage.put(Readable.from([Buffer.from('a')]), options);
    const b = await storage.put(Readable.from([Buffer.from('a')]), options);
    expect(a.key).not.toBe(b.key);
    for (const { key } of [a, b]) {
      expect(key).toMatch(/^resumes\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    const bare = await storage.put(Readable.from([Buffer.from('a')]), { contentType: 'text/plain' });
    expect(bare.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports existence and deletes idempotently', async () => {
    const { key } = await storage.put(Readable.from([Buffer.from('x')]), { contentType: 'text/plain' });
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.get(key)).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('rejects a missing key with ObjectNotFoundError', async () => {
    await expect(storage.get(`resumes/${randomUUID()}`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.exists(`resumes/${randomUUID()}`)).toBe(false);
  });

  it('rejects a body over maxBytes and leaves nothing behind', async () => {
    const prefix = uniquePrefix();
    const body = Readable.from([Buffer.alloc(600, 1), Buffer.alloc(600, 2)]);
    await expect(storage.put(body, { contentType: 'text/plain', prefix, maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await h.rawEntries(prefix)).toEqual([]);
    expect(await storage.listOlderThan(prefix, new Date(Date.now() + 60_000))).toEqual([]);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const stored = await storage.put(Readable.from([Buffer.alloc(1000)]), { contentType: 'text/plain', maxBytes: 1000 });
    expect(stored.size).toBe(1000);
  });

  it('cuts off an oversized upload after a part has already been sent', async () => {
    const prefix = uniquePrefix();
    const { body } = generated(10 * MB);
    await expect(storage.put(body, { contentType: 'application/pdf', prefix, maxBytes: 6 * MB })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await h.rawEntries(prefix)).toEqual([]);
  }, 30_000);

  it('leaves nothing behind when the source stream fails', async () => {
    const prefix = uniquePrefix();
    async function* failing() {
      yield Buffer.alloc(1000);
      throw new Error('client went away');
    }
    await expect(storage.put(Readable.from(failing()), { contentType: 'text/plain', prefix })).rejects.toThrow('client went away');
    expect(await h.rawEntries(prefix)).toEqual([]);
  });

  it('streams a 10 MB body with the right size and bytes', async () => {
    const { body, sha256 } = generated(10 * MB);
    const stored = await storage.put(body, { contentType: 'application/pdf', prefix: 'resumes/', maxBytes: 10 * MB });
    expect(stored.size).toBe(10 * MB);

    const object = await storage.get(stored.key);
    expect(object.size).toBe(10 * MB);
    expect(object.contentType).toBe('application/pdf');
    expect(await sha256Of(object.body)).toBe(sha256());
  }, 30_000);

  it.each(['../etc/passwd', '/abs', 'a b', 'resumes/../x', 'a//b', './a', 'a/', '', 'x~meta.json'])(
    'rejects the invalid key %j',
    async (key) => {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
    },
  );

  it('rejects an invalid prefix', async () => {
    await expect(storage.put(Readable.from([Buffer.from('x')]), { contentType: 'text/plain', prefix: '../' })).rejects.toBeInstanceOf(
      InvalidKeyError,
    );
    await expect(storage.listOlderThan('/etc/', new Date())).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('rejects a content type that could inject a header', async () => {
    await expect(storage.put(Readable.from([Buffer.from('x')]), { contentType: 'text/html\r\nSet-Cookie: a=b' })).rejects.toThrow(
      TypeError,
    );
  });

  it('lists keys under a prefix older than a date', async () => {
    const prefix = uniquePrefix();
    const { key } = await storage.put(Readable.from([Buffer.from('old')]), { contentType: 'text/plain', prefix });
    const other = await storage.put(Readable.from([Buffer.from('other')]), {
      contentType: 'text/plain',
      prefix: uniquePrefix(),
    });

    const future = await storage.listOlderThan(prefix, new Date(Date.now() + 60_000));
    expect(future).toEqual([key]);
    expect(future).not.toContain(other.key);
    expect(await storage.listOlderThan(prefix, new Date(Date.now() - 60_000))).toEqual([]);
  });
});
