import { describe, expect, it } from 'vitest';
import { filtersToQuery, typeRepeatsLocation } from './filters';

describe('job board facts', () => {
  it('says "Remote" once when the type repeats the location', () => {
    expect(typeRepeatsLocation({ location: 'Remote', type: 'Remote' })).toBe(true);
    expect(typeRepeatsLocation({ location: 'remote ', type: 'Remote' })).toBe(true);
    expect(typeRepeatsLocation({ location: 'Remote', type: 'Contract' })).toBe(false);
    expect(typeRepeatsLocation({ location: 'Austin, TX', type: 'Remote' })).toBe(false);
  });

  it('writes only the filters that are set into the address', () => {
    expect(filtersToQuery({})).toBe('');
    expect(filtersToQuery({ q: ' cloud ', location: 'Remote' })).toBe('?q=cloud&location=Remote');
  });
});
