import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from './db/client';
import { clientIp, createRateLimiters, rateLimitPolicies } from './rate-limit';
import { startTestDatabase, type TestDatabase } from './testing/database';

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase();
}, 120_000);

afterAll(async () => {
  await database?.destroy();
}, 60_000);

describe('rate limits stored in PostgreSQL', () => {
  it('allows a policy its points, then refuses with a retry time', async () => {
    const limits = createRateLimiters(database.pool);
    const { points, durationSeconds } = rateLimitPolicies.application;
    for (let i = 0; i < points; i += 1) expect((await limits.consume('application', '203.0.113.7')).allowed).toBe(true);
    const refused = await limits.consume('application', '203.0.113.7');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(durationSeconds);
    }
  });

  it('counts each client and each policy on its own', async () => {
    const limits = createRateLimiters(database.pool);
    expect((await limits.consume('application', '198.51.100.1')).allowed).toBe(true);
    expect((await limits.consume('contact', '203.0.113.7')).allowed).toBe(true);
  });

  it('holds across app instances sharing the database', async () => {
    const other = connect(database.url);
    try {
      const first = createRateLimiters(database.pool);
      const second = createRateLimiters(other.pool);
      const { points } = rateLimitPolicies.upload;
      for (let i = 0; i < points; i += 1) {
        expect((await (i % 2 ? first : second).consume('upload', '192.0.2.9')).allowed).toBe(true);
      }
      expect((await first.consume('upload', '192.0.2.9')).allowed).toBe(false);
      expect((await second.consume('upload', '192.0.2.9')).allowed).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('clientIp', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', () => {
    expect(clientIp({ 'x-forwarded-for': '1.2.3.4' }, '10.0.0.2', false)).toBe('10.0.0.2');
  });

  it('takes the entry our proxy appended, not one the client wrote', () => {
    expect(clientIp({ 'x-forwarded-for': '6.6.6.6, 198.51.100.23' }, '10.0.0.2', true)).toBe('198.51.100.23');
    expect(clientIp(new Headers({ 'x-forwarded-for': '198.51.100.23' }), '10.0.0.2', true)).toBe('198.51.100.23');
    expect(clientIp({}, '10.0.0.2', true)).toBe('10.0.0.2');
    // Empty entries at the end (a careless proxy) are passed over; nothing but blanks is no address.
    expect(clientIp({ 'x-forwarded-for': '6.6.6.6, 198.51.100.23 , ,' }, '10.0.0.2', true)).toBe('198.51.100.23');
    expect(clientIp({ 'x-forwarded-for': ['6.6.6.6', '198.51.100.24'] }, '10.0.0.2', true)).toBe('198.51.100.24');
    expect(clientIp({ 'x-forwarded-for': ' , ' }, '10.0.0.2', true)).toBe('10.0.0.2');
  });
});

describe('IPv6 clients', () => {
  it('are counted by their /64: a fresh address in the same /64 gets no fresh limit', async () => {
    const limits = createRateLimiters(database.pool);
    const { points } = rateLimitPolicies.contact;
    for (let i = 0; i < points; i += 1)
      expect((await limits.consume('contact', `2001:db8:77:1::${(i + 1).toString(16)}`)).allowed).toBe(true);
    expect((await limits.consume('contact', '2001:db8:77:1:ffff:1:2:3')).allowed).toBe(false);
    expect((await limits.isLimited('contact', '2001:db8:77:1::abcd')).limited).toBe(true);
    // The next /64 is another client.
    expect((await limits.consume('contact', '2001:db8:77:2::1')).allowed).toBe(true);
  });
});
