import { z } from 'zod/mini';
import { amountRangeMessage, amountsInOrder, wholeAmount, wholeAmountField, wholeAmountMessage } from '../forms.ts';

/**
 * A position's pay band for offers (issue 54): the range an offer is made within without an
 * admin's approval, in one currency and per one period. Private to those who may read offers,
 * apart from the salary a position advertises (decision 068). Shared by its form, its action and
 * the database's check; every field empty clears it.
 */

export const payPeriods = ['year', 'month', 'hour'] as const;
export type PayPeriod = (typeof payPeriods)[number];

/** The currencies offered in the form: ISO 4217 codes a company of this kind pays in. */
export const offerCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'SGD',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
  'AED',
  'ILS',
] as const;

export const offerBandTexts = {
  heading: 'Pay band for offers',
  intro:
    'Offers within this band need only the approvals named for the position; an offer outside it also needs an admin. Only people who may read offers see it.',
  min: 'Minimum',
  max: 'Maximum',
  currency: 'Currency',
  period: 'Per',
  periods: { year: 'Year', month: 'Month', hour: 'Hour' } satisfies Record<PayPeriod, string>,
  /** How an amount reads with its period: "120,000 a year". */
  per: { year: 'a year', month: 'a month', hour: 'an hour' } satisfies Record<PayPeriod, string>,
  save: 'Save pay band',
  saved: 'Pay band saved',
  cleared: 'Pay band removed',
  none: 'No pay band yet: every offer for this position needs an admin’s approval.',
} as const;

export const offerBandMessages = {
  amount: wholeAmountMessage,
  range: amountRangeMessage,
  incomplete: 'Enter both the minimum and the maximum, or leave both empty',
  currency: 'Choose a currency',
  period: 'Choose a period',
} as const;

export const offerBandFormSchema = z
  .object({
    min: wholeAmountField,
    max: wholeAmountField,
    currency: z.enum(offerCurrencies, { error: offerBandMessages.currency }),
    period: z.enum(payPeriods, { error: offerBandMessages.period }),
  })
  .check(
    // The amounts arrive trimmed (wholeAmountField): empty is ''.
    z.refine((band) => (band.min === '') === (band.max === ''), {
      message: offerBandMessages.incomplete,
      path: ['max'],
    }),
    z.refine((band) => amountsInOrder(band.min, band.max), {
      message: offerBandMessages.range,
      path: ['max'],
    }),
  );

export type OfferBandFormInput = z.input<typeof offerBandFormSchema>;
export type OfferBandForm = z.output<typeof offerBandFormSchema>;

export const offerBandUpdateSchema = z.object({ positionId: z.uuid(), band: offerBandFormSchema });

/** A stored band; null when the position has none. */
export interface OfferBand {
  min: number;
  max: number;
  /** One of offerCurrencies when set through the form; any ISO 4217 code the database accepts. */
  currency: string;
  period: PayPeriod;
}

/** The columns the form sets: all four, or all null when both amounts are empty. */
export function offerBandValues(form: OfferBandForm) {
  const min = wholeAmount(form.min);
  const max = wholeAmount(form.max);
  if (min === null || max === null) return { offerBandMin: null, offerBandMax: null, offerBandCurrency: null, offerBandPeriod: null };
  return { offerBandMin: min, offerBandMax: max, offerBandCurrency: form.currency, offerBandPeriod: form.period };
}

/** A stored band as the form's initial values (USD a year when there is none). */
export function offerBandFormValues(band: OfferBand | null): OfferBandFormInput {
  return band
    ? { min: String(band.min), max: String(band.max), currency: band.currency as OfferBandFormInput['currency'], period: band.period }
    : { min: '', max: '', currency: 'USD', period: 'year' };
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "USD 120,000 – 150,000 a year", in the company's locale (en-US). */
export function formatOfferBand(band: OfferBand): string {
  return `${band.currency} ${wholeNumber.format(band.min)} – ${wholeNumber.format(band.max)} ${offerBandTexts.per[band.period]}`;
}
