import { describe, expect, it } from 'vitest';
import { formatOfferBand, offerBandFormSchema, offerBandFormValues, offerBandMessages, offerBandValues } from './band';

/** The pay band's one rule, as its form and its action both read it (issue 54). */

const band = (change: Record<string, string> = {}) => ({ min: '120,000', max: '150000', currency: 'USD', period: 'year', ...change });
const issue = (input: unknown) => {
  const parsed = offerBandFormSchema.safeParse(input);
  return parsed.success ? null : { field: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message };
};

describe('offerBandFormSchema', () => {
  it('takes whole amounts as people type them, and stores them as numbers with their currency and period', () => {
    const parsed = offerBandFormSchema.parse(band());
    expect(offerBandValues(parsed)).toEqual({
      offerBandMin: 120000,
      offerBandMax: 150000,
      offerBandCurrency: 'USD',
      offerBandPeriod: 'year',
    });
  });

  it('clears the band when both amounts are empty', () => {
    expect(offerBandValues(offerBandFormSchema.parse(band({ min: ' ', max: '' })))).toEqual({
      offerBandMin: null,
      offerBandMax: null,
      offerBandCurrency: null,
      offerBandPeriod: null,
    });
  });

  it('names the field and the rule of every mistake', () => {
    expect(issue(band({ min: 'lots' }))).toEqual({ field: 'min', message: offerBandMessages.amount });
    expect(issue(band({ max: '1.5' }))).toEqual({ field: 'max', message: offerBandMessages.amount });
    expect(issue(band({ min: '150000', max: '120000' }))).toEqual({ field: 'max', message: offerBandMessages.range });
    expect(issue(band({ max: '' }))).toEqual({ field: 'max', message: offerBandMessages.incomplete });
    expect(issue(band({ currency: 'XYZ' }))).toEqual({ field: 'currency', message: offerBandMessages.currency });
    expect(issue(band({ period: 'week' }))).toEqual({ field: 'period', message: offerBandMessages.period });
  });
});

describe('the band as shown', () => {
  it('reads as currency, range and period', () => {
    expect(formatOfferBand({ min: 120000, max: 150000, currency: 'EUR', period: 'year' })).toBe('EUR 120,000 – 150,000 a year');
    expect(formatOfferBand({ min: 85, max: 110, currency: 'USD', period: 'hour' })).toBe('USD 85 – 110 an hour');
  });

  it('fills the form from a stored band, and starts a new one in USD a year', () => {
    expect(offerBandFormValues(null)).toEqual({ min: '', max: '', currency: 'USD', period: 'year' });
    expect(offerBandFormValues({ min: 5000, max: 7000, currency: 'GBP', period: 'month' })).toEqual({
      min: '5000',
      max: '7000',
      currency: 'GBP',
      period: 'month',
    });
  });
});
