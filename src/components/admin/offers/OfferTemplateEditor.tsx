import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { formToasts } from '@/lib/forms';
import { offerTemplateSchema, type OfferTemplateInput } from '@/lib/offers/offer';
import { offerTemplateTexts as texts } from '@/lib/offers/texts';
import { runAdminAction } from '../run-admin-action';

export interface OfferTemplateEditorProps {
  /** A kept template; absent: a new one, starting from the standard letter. */
  template?: { id: string; name: string; body: string };
  standard: { name: string; body: string };
}

/** One offer letter template: its name and Markdown, placeholders checked as the e-mail templates' are. */
export function OfferTemplateEditor({ template, standard }: OfferTemplateEditorProps) {
  const id = useId();
  const { register, handleSubmit, formState } = useForm<OfferTemplateInput>({
    mode: 'onTouched',
    resolver: zodResolver(offerTemplateSchema),
    defaultValues: template ?? { name: '', body: standard.body },
  });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { errors } = formState;

  async function onValid(input: OfferTemplateInput) {
    setBusy(true);
    if (await runAdminAction(() => actions.admin.saveOfferTemplate({ ...input, ...(template ? { id: template.id } : {}) })))
      return window.location.assign('/admin/offers/templates?done=saved');
    setBusy(false);
  }

  async function remove() {
    if (!template) return;
    setBusy(true);
    if (await runAdminAction(() => actions.admin.deleteOfferTemplate({ id: template.id })))
      return window.location.assign('/admin/offers/templates?done=deleted');
    setBusy(false);
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card"
      onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {template ? template.name : texts.newHeading}
      </h2>
      <FormField id={`${id}-name`} label={texts.name} required error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} maxLength={100} />}
      </FormField>
      <FormField id={`${id}-body`} label={texts.body} required error={errors.body?.message} hint={texts.bodyHint}>
        {(control) => <Textarea {...control} {...register('body')} rows={14} maxLength={20_000} className="font-mono text-sm" />}
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {template ? texts.save : texts.add}
        </Button>
        {template &&
          (confirming ? (
            <>
              <span className="text-sm">{texts.deleteConfirm}</span>
              <Button type="button" size="sm" variant="destructive" disabled={busy} onClick={() => void remove()}>
                {texts.delete}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                {texts.keep}
              </Button>
            </>
          ) : (
            <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(true)}>
              {texts.delete}
            </Button>
          ))}
      </div>
    </form>
  );
}
