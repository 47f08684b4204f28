import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { CurrencyAndPeriod } from './PayFields';
import { showToast } from '@/components/ui/toast';
import { errorToast, formToasts } from '@/lib/forms';
import { approvalModeLabels, approvalModes, offerTermsSchema, type OfferTermsInput } from '@/lib/offers/offer';
import { offerPageTexts as texts } from '@/lib/offers/texts';

export interface OfferFormProps {
  offerId: string;
  initial: OfferTermsInput;
  /** Approvals were asked already: saving asks them again. */
  asksAgain: boolean;
}

/**
 * An offer's terms and letter (issue 54), while it can be changed: saved, then the page shows the
 * letter as the candidate will read it. After an approval, saving asks the approvals again.
 */
export function OfferForm({ offerId, initial, asksAgain }: OfferFormProps) {
  const { register, handleSubmit, formState } = useForm<OfferTermsInput>({
    mode: 'onTouched',
    resolver: zodResolver(offerTermsSchema),
    defaultValues: initial,
  });
  const [busy, setBusy] = useState(false);
  const { errors } = formState;

  async function onValid(terms: OfferTermsInput) {
    setBusy(true);
    try {
      const { error } = await actions.admin.saveOffer({ offerId, terms });
      // The preview, the approvals and the status are the server's: the page shows them afresh.
      if (error) showToast(errorToast(error.message));
      else window.location.assign(`/admin/offers/${offerId}?saved=1#offer-preview-heading`);
    } catch (error) {
      showToast(errorToast((error as Error).message));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-labelledby="offer-terms-heading"
      noValidate
      onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
      className="flex flex-col gap-4"
    >
      <h2 id="offer-terms-heading" className="text-xl font-bold tracking-tight">
        {texts.termsHeading}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="offer-salary" label={texts.salary} required error={errors.salary?.message}>
          {(control) => <Input {...control} {...register('salary')} inputMode="numeric" maxLength={12} />}
        </FormField>
        <CurrencyAndPeriod
          idPrefix="offer"
          currency={{ registration: register('currency'), error: errors.currency?.message }}
          period={{ registration: register('period'), error: errors.period?.message }}
        />
        <FormField id="offer-start" label={texts.startDate} required error={errors.startDate?.message}>
          {(control) => <Input {...control} {...register('startDate')} type="date" />}
        </FormField>
        <FormField id="offer-expires" label={texts.expiresOn} required error={errors.expiresOn?.message} hint={texts.expiresHint}>
          {(control) => <Input {...control} {...register('expiresOn')} type="date" />}
        </FormField>
        <FormField id="offer-location" label={texts.location} required error={errors.location?.message}>
          {(control) => <Input {...control} {...register('location')} maxLength={200} />}
        </FormField>
        <FormField id="offer-bonus" label={texts.bonus} error={errors.bonus?.message}>
          {(control) => <Input {...control} {...register('bonus')} maxLength={200} />}
        </FormField>
        <FormField id="offer-equity" label={texts.equity} error={errors.equity?.message}>
          {(control) => <Input {...control} {...register('equity')} maxLength={200} />}
        </FormField>
        <FormField id="offer-reporting" label={texts.reportingTo} error={errors.reportingTo?.message}>
          {(control) => <Input {...control} {...register('reportingTo')} maxLength={200} />}
        </FormField>
      </div>
      <SelectField
        id="offer-approval-mode"
        label={texts.approvalMode}
        error={errors.approvalMode?.message}
        {...register('approvalMode')}
        options={approvalModes.map((mode) => ({ value: mode, label: approvalModeLabels[mode] }))}
        className="sm:max-w-sm"
      />
      <FormField id="offer-letter" label={texts.letter} required error={errors.letter?.message} hint={texts.letterHint}>
        {(control) => <Textarea {...control} {...register('letter')} rows={16} maxLength={20_000} className="font-mono text-sm" />}
      </FormField>
      {asksAgain && <p className="text-sm text-muted-foreground">{texts.asksAgain}</p>}
      <div>
        <Button type="submit" disabled={busy}>
          {busy && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {texts.save}
        </Button>
      </div>
    </form>
  );
}
