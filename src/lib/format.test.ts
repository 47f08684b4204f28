import { describe, expect, it } from 'vitest';
import { formatDate, formatSalaryRange } from './format';

describe('formatting', () => {
  it('writes dates in words, in UTC', () => {
    expect(formatDate(new Date('2026-11-21T23:30:00Z'))).toBe('November 21, 2026');
  });

  it('writes salary ranges, open-ended ones too', () => {
    expect(formatSalaryRange(150000, 185000, 'USD')).toBe('$150,000 – $185,000 a year');
    expect(formatSalaryRange(90000, null, 'USD')).toBe('From $90,000 a year');
    expect(formatSalaryRange(null, 60000, 'EUR')).toBe('Up to €60,000 a year');
    expect(formatSalaryRange(null, null, 'USD')).toBeNull();
  });
});
