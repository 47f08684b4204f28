import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '@/components/ui/select';
import { offerBandTexts as texts, offerCurrencies, payPeriods } from '@/lib/offers/band';

/** The field of one select: its form's registration and its error. */
interface PayField {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** A pay's currency and period (issue 54), alike on a position's pay band and on an offer. */
export function CurrencyAndPeriod({ idPrefix, currency, period }: { idPrefix: string; currency: PayField; period: PayField }) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-currency`}
        label={texts.currency}
        error={currency.error}
        {...currency.registration}
        options={offerCurrencies.map((code) => ({ value: code, label: code }))}
      />
      <SelectField
        id={`${idPrefix}-period`}
        label={texts.period}
        error={period.error}
        {...period.registration}
        options={payPeriods.map((value) => ({ value, label: texts.periods[value] }))}
      />
    </>
  );
}
