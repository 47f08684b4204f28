import { describe, expect, it } from 'vitest';
import { FNV_OFFSET, fnv } from './fnv.ts';

describe('fnv', () => {
  it('tells parts apart where they are cut, and spreads alike strings', () => {
    expect(fnv(fnv(FNV_OFFSET, 'ab'), 'c')).not.toBe(fnv(fnv(FNV_OFFSET, 'a'), 'bc'));
    // 10,000 addresses of one /16 over 16 buckets by their low bits: none far from its share.
    const buckets = new Array<number>(16).fill(0);
    for (let n = 0; n < 10_000; n += 1) buckets[(fnv(FNV_OFFSET, `10.0.${n >> 8}.${n & 255}`) >>> 0) % 16]! += 1;
    for (const count of buckets) expect(Math.abs(count - 625)).toBeLessThan(150);
  });
});
