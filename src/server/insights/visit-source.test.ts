import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { visitSourceSlots } from './visit-source.ts';

const slots = visitSourceSlots('https://careers.example.com');
const read = (url: string, headers: Record<string, string> = {}) => slots.read({ url, headers } as unknown as IncomingMessage);

describe("the careers pages' visit source, read from the server's request", () => {
  it('is direct without a query or a Referer', () => {
    expect(read('/careers', { host: 'careers.example.com' })).toEqual([null, null, null]);
  });

  it('takes a campaign first, then a carried ref, then the referring site', () => {
    expect(read('/careers?utm_source=LinkedIn&utm_medium=social&utm_campaign=spring', { referer: 'https://news.example.org/' })).toEqual([
      'linkedin',
      'social',
      'spring',
    ]);
    expect(read('/careers?ref=newsletter', { referer: 'https://news.example.org/' })).toEqual(['newsletter', null, null]);
    expect(read('/careers', { referer: 'https://www.news.example.org/a?b=c' })).toEqual(['news.example.org', null, null]);
  });

  it("is direct from our own pages (SITE_URL's host or the one asked for) and from what is not a web address", () => {
    expect(read('/careers', { referer: 'https://careers.example.com/careers' })).toEqual([null, null, null]);
    expect(read('/careers', { host: '10.0.0.7:4321', referer: 'http://10.0.0.7:4321/careers' })).toEqual([null, null, null]);
    expect(read('/careers', { referer: 'javascript:alert(1)' })).toEqual([null, null, null]);
    expect(read('/careers?other=1')).toEqual([null, null, null]);
  });
});
