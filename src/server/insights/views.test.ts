import { describe, expect, it } from 'vitest';
import { agentOf, isCountableView } from './views.ts';
import { FNV_OFFSET, fnv } from '../../lib/fnv.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('a countable view', () => {
  it('tells a person from a bot every time it is asked, however many user agents came before (their answers are kept)', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(isCountableView('GET', 200, { 'user-agent': BROWSER })).toBe(true);
      expect(isCountableView('GET', 200, { 'user-agent': CRAWLER })).toBe(false);
      // More agents than are kept: the kept answers are dropped, never mixed up.
      for (let index = 0; index < 600; index += 1) {
        expect(isCountableView('GET', 200, { 'user-agent': `${BROWSER} Build/${round}.${index}` })).toBe(true);
        expect(isCountableView('GET', 200, { 'user-agent': `Crawler-${round}-${index}bot/1.0` })).toBe(false);
      }
    }
  });

  it('counts a page load or a reload, not a HEAD, an error, a prefetch or a request without a user agent', () => {
    expect(isCountableView('GET', 304, { 'user-agent': BROWSER })).toBe(true);
    expect(isCountableView('HEAD', 200, { 'user-agent': BROWSER })).toBe(false);
    expect(isCountableView('GET', 404, { 'user-agent': BROWSER })).toBe(false);
    expect(isCountableView('GET', 200, { 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' })).toBe(false);
    expect(isCountableView('GET', 200, {})).toBe(false);
  });
});

describe('a user agent as the counting sees it', () => {
  it('is tested and hashed once: the same answer each time, its hash the FNV of its characters', () => {
    const first = agentOf(BROWSER);
    expect(first).toEqual({ bot: false, hash: fnv(FNV_OFFSET, BROWSER) });
    expect(agentOf(`${BROWSER}`)).toBe(first);
    expect(agentOf(CRAWLER).bot).toBe(true);
    expect(agentOf(`${BROWSER} v2`).hash).not.toBe(first.hash);
  });
});
