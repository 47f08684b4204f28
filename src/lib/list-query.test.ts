import { describe, expect, it } from 'vitest';
import { listHref, pageCount, parsePage } from './list-query';

describe('list query', () => {
  it('reads a page number from 1, anything else is page 1', () => {
    expect(parsePage(new URLSearchParams('page=3'))).toBe(3);
    for (const page of ['', '0', '-2', '1.5', 'two', '1e9']) expect(parsePage(new URLSearchParams({ page }))).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(listHref('/x', { status: undefined, page: 1 })).toBe('/x');
    expect(listHref('/x', { status: 'hired', page: 1 })).toBe('/x?status=hired');
    expect(listHref('/x', { status: '', page: 2 })).toBe('/x?page=2');
  });

  it('counts pages, at least one', () => {
    expect([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50)]).toEqual([1, 1, 2]);
  });
});
