import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../net';
import { isDatabaseUnavailable } from './availability';

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection from the real driver, however deeply wrapped', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x', connectionTimeoutMillis: 2_000 });
    const error = await pool.query('select 1').catch((caught: unknown) => caught);
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: error }))).toBe(true);
  });

  it('recognises PostgreSQL shutting down or starting up', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves bad queries and other faults alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
