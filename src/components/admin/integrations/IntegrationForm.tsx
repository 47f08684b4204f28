import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { FieldError } from '@/components/ui/label';
import { Input } from '@/components/ui/input';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { showToast } from '@/components/ui/toast';
import { formToasts } from '@/lib/forms';
import {
  integrationKindLabels,
  integrationKinds,
  integrationSchema,
  integrationTexts as fieldTexts,
  publishedEvents,
  type IntegrationInput,
  type IntegrationKind,
} from '@/lib/integrations/integration';
import { integrationPageTexts as texts } from '@/lib/integrations/texts';
import { runAdminAction } from '../run-admin-action';
import { SecretOnce } from './SecretOnce';

export interface IntegrationFormProps {
  /** A kept integration; absent: a new one. */
  integration?: { id: string; kind: IntegrationKind; name: string; host: string; events: string[] };
}

/** Adds an integration or changes one: its name, URL and events (its kind is chosen once). */
export function IntegrationForm({ integration }: IntegrationFormProps) {
  const id = useId();
  const { register, handleSubmit, formState, control, setError } = useForm<IntegrationInput>({
    mode: 'onTouched',
    resolver: zodResolver(integrationSchema),
    defaultValues: integration
      ? {
          id: integration.id,
          kind: integration.kind,
          name: integration.name,
          url: '',
          events: integration.events as IntegrationInput['events'],
        }
      : { kind: 'webhook', name: '', url: '', events: ['application.received'] },
  });
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const { errors } = formState;
  const kind = useWatch({ control, name: 'kind' });

  async function onValid(input: IntegrationInput) {
    setBusy(true);
    let saved: { id: string; secret: string | null } | undefined;
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.saveIntegration(input);
      saved = result.data;
      // The server's check of the address (private, unknown) is the URL field's error too.
      if (result.error?.message.startsWith('URL:')) setError('url', { message: result.error.message }, { shouldFocus: true });
      return result;
    });
    if (ok && saved) {
      if (saved.secret) return setSecret({ id: saved.id, secret: saved.secret });
      return window.location.assign(
        integration ? `/admin/integrations/${saved.id}?done=saved` : `/admin/integrations/${saved.id}?done=created`,
      );
    }
    setBusy(false);
  }

  if (secret)
    return (
      <SecretOnce
        secret={secret.secret}
        heading={texts.secretOnce}
        onKept={() => window.location.assign(`/admin/integrations/${secret.id}?done=created`)}
      />
    );

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card"
      onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {integration ? texts.settings : texts.add}
      </h2>
      {!integration && (
        <RadioGroupField
          id={`${id}-kind`}
          legend={texts.kind}
          options={integrationKinds.map((value) => ({ value, label: integrationKindLabels[value] }))}
          registration={register('kind')}
          initialValue="webhook"
          required
          error={errors.kind?.message}
        />
      )}
      <FormField id={`${id}-name`} label={fieldTexts.name} required error={errors.name?.message} hint={fieldTexts.nameHint}>
        {(control) => <Input {...control} {...register('name')} maxLength={100} />}
      </FormField>
      <FormField
        id={`${id}-url`}
        label={fieldTexts.url}
        required={!integration}
        error={errors.url?.message}
        hint={integration ? fieldTexts.urlKept(integration.host) : kind === 'chat' ? fieldTexts.urlHintChat : fieldTexts.urlHintWebhook}
      >
        {(control) => <Input {...control} {...register('url')} type="url" inputMode="url" autoComplete="off" maxLength={2000} />}
      </FormField>
      <fieldset aria-describedby={errors.events ? `${id}-events-error` : `${id}-events-hint`} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{fieldTexts.events}</legend>
        <p id={`${id}-events-hint`} className="text-sm text-muted-foreground">
          {fieldTexts.eventsHint}
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {publishedEvents.map((event) => (
            <Checkbox key={event.kind} id={`${id}-event-${event.kind}`} value={event.kind} label={event.label} {...register('events')} />
          ))}
        </div>
        {errors.events && <FieldError id={`${id}-events-error`}>{errors.events.message ?? errors.events.root?.message}</FieldError>}
      </fieldset>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          {integration ? texts.save : texts.create}
        </Button>
      </div>
    </form>
  );
}
