import { describe, expect, it } from 'vitest';
import { editDistance, nameKey, nearIdenticalNames, placesOf, sameCity } from './duplicates';

describe('possible duplicates (issue 33)', () => {
  it('reads names without accents, case, punctuation or word order', () => {
    expect(nameKey("Zoë  O'Neil")).toBe('neil o zoe');
    expect(nearIdenticalNames('José García', 'Garcia, Jose')).toBe(true);
    expect(nearIdenticalNames('Katherine Jonson', 'Katharine Johnson')).toBe(true);
    expect(nearIdenticalNames('Jane Doe', 'Jane Dee')).toBe(true);
    // Short names allow no slip: "Ann Lee" is not "Ann Les"; different people stay apart.
    expect(nearIdenticalNames('Ann Lee', 'Ann Les')).toBe(false);
    expect(nearIdenticalNames('Jane Doe', 'John Doe')).toBe(false);
    expect(nearIdenticalNames('Katherine Jonson', 'Katherine Jackson')).toBe(false);
    expect(nearIdenticalNames('', '')).toBe(false);
  });

  it('counts edits, stopping past the limit', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 1)).toBe(2);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('finds the city of an address, without postcodes or state codes', () => {
    expect(placesOf('100 Congress Ave, Austin, TX 78701')).toEqual(['austin']);
    expect(placesOf('Rua Augusta 1500\nSão Paulo - SP\n01304-001')).toEqual(['sao paulo - sp']);
    expect(sameCity('100 Congress Ave, Austin, TX 78701', '5 Elm St, Austin, TX')).toBe(true);
    expect(sameCity('100 Congress Ave, Austin, TX 78701', '5 Elm St, Denver, CO')).toBe(false);
    expect(sameCity('100 Congress Avenue Austin', '100 Congress Avenue Austin')).toBe(false);
  });
});
