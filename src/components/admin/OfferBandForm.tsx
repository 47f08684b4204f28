import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast';
import { CurrencyAndPeriod } from './offers/PayFields';
import { errorToast, formToasts } from '@/lib/forms';
import {
  formatOfferBand,
  offerBandFormSchema,
  offerBandFormValues,
  offerBandTexts as texts,
  type OfferBand,
  type OfferBandFormInput,
} from '@/lib/offers/band';

export interface OfferBandFormProps {
  positionId: string;
  band: OfferBand | null;
}

/**
 * A position's pay band for offers (issue 54), on the position's page for those who may draft
 * offers: both amounts, a currency and a period; both amounts emptied removes it.
 */
export function OfferBandForm({ positionId, band: initial }: OfferBandFormProps) {
  const [band, setBand] = useState(initial);
  const { register, handleSubmit, formState } = useForm<OfferBandFormInput>({
    mode: 'onTouched',
    resolver: zodResolver(offerBandFormSchema),
    defaultValues: offerBandFormValues(initial),
  });
  const [busy, setBusy] = useState(false);
  const { errors } = formState;

  async function onValid(form: OfferBandFormInput) {
    setBusy(true);
    try {
      const { data, error } = await actions.admin.setOfferBand({ positionId, band: form });
      if (error) showToast(errorToast(error.message));
      else {
        setBand(data);
        showToast({ kind: 'success', title: data ? texts.saved : texts.cleared });
      }
    } catch (error) {
      showToast(errorToast((error as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-label={texts.heading}
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
      className="flex flex-col gap-4"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {band ? formatOfferBand(band) : texts.none}
      </p>
      <div className="grid gap-4 sm:grid-cols-4">
        <FormField id="offer-band-min" label={texts.min} error={errors.min?.message}>
          {(control) => <Input {...control} {...register('min')} inputMode="numeric" maxLength={12} />}
        </FormField>
        <FormField id="offer-band-max" label={texts.max} error={errors.max?.message}>
          {(control) => <Input {...control} {...register('max')} inputMode="numeric" maxLength={12} />}
        </FormField>
        <CurrencyAndPeriod
          idPrefix="offer-band"
          currency={{ registration: register('currency'), error: errors.currency?.message }}
          period={{ registration: register('period'), error: errors.period?.message }}
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {texts.save}
        </Button>
      </div>
    </form>
  );
}
