import { describe, expect, it } from 'vitest';
import { HIT_END, HIT_START, snippetParts } from './search';

describe("a search's snippet", () => {
  it('is read from its headline into words and hits, a hit at the start or left open at the end too', () => {
    expect(snippetParts(`Built ${HIT_START}Kubernetes${HIT_END} clusters`)).toEqual([
      { text: 'Built ', hit: false },
      { text: 'Kubernetes', hit: true },
      { text: ' clusters', hit: false },
    ]);
    expect(snippetParts(`${HIT_START}Python${HIT_END} and ${HIT_START}Go`)).toEqual([
      { text: 'Python', hit: true },
      { text: ' and ', hit: false },
      { text: 'Go', hit: true },
    ]);
  });
});
