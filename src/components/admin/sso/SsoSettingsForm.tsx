import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast';
import { formToasts } from '@/lib/forms';
import { roleLabels, staffRoles, type StaffRole } from '@/lib/accounts/roles';
import { parseDomains, ssoSettingsSchema, SSO_SESSION_HOURS_DEFAULT, type SsoSettingsInput } from '@/lib/accounts/sso';
import { runAdminAction } from '../run-admin-action';

/** The form as typed: domains in one field, hours as text; turned into the shared schema's input before it is checked. */
interface SsoFormValues {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  roleClaim: string;
  roleMap: { value: string; role: StaffRole }[];
  ssoOnly: boolean;
  sessionHours: string;
  enabled: boolean;
}

export interface SsoSettingsFormProps {
  /** The kept settings (never the secret); absent: none yet. */
  kept?: Omit<SsoSettingsInput, 'clientSecret'>;
}

const toInput = (values: SsoFormValues): SsoSettingsInput => ({
  ...values,
  domains: parseDomains(values.domains),
  sessionHours: values.sessionHours.trim() === '' ? Number.NaN : Number(values.sessionHours),
});

// The shared rules (lib/accounts/sso.ts) on what the form holds, the same the server applies.
const resolver: Resolver<SsoFormValues> = async (values, context, options) => {
  const result = await zodResolver(ssoSettingsSchema)(toInput(values), context, options as never);
  return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
};

/** /admin/sso: the company's provider, who may sign in through it, with which role, and whether only through it. */
export function SsoSettingsForm({ kept }: SsoSettingsFormProps) {
  const id = useId();
  const { register, handleSubmit, formState, control, setError } = useForm<SsoFormValues>({
    // Checked when saved, then as corrected: a row just added is not an error before it is typed in
    // (with onTouched, the form checks the whole list at each new row, and the message that appears,
    // then goes at the next blur, moved the buttons under the pointer).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: {
      name: kept?.name ?? '',
      issuer: kept?.issuer ?? '',
      clientId: kept?.clientId ?? '',
      clientSecret: '',
      domains: kept?.domains.join(', ') ?? '',
      roleClaim: kept?.roleClaim ?? 'groups',
      roleMap: kept?.roleMap ?? [],
      ssoOnly: kept?.ssoOnly ?? false,
      sessionHours: String(kept?.sessionHours ?? SSO_SESSION_HOURS_DEFAULT),
      enabled: kept?.enabled ?? true,
    },
  });
  const rows = useFieldArray({ control, name: 'roleMap' });
  const [busy, setBusy] = useState(false);
  const { errors } = formState;

  async function onValid(values: SsoFormValues) {
    setBusy(true);
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.saveSso(toInput(values));
      const message = result.error?.message;
      // The server's reading of the issuer is the issuer field's error too.
      if (message?.startsWith('Issuer URL:')) setError('issuer', { message }, { shouldFocus: true });
      if (message?.startsWith('Client secret:')) setError('clientSecret', { message }, { shouldFocus: true });
      return result;
    });
    if (ok) return window.location.assign('/admin/sso?done=saved');
    setBusy(false);
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-border bg-card p-6 shadow-card"
      onSubmit={(event) => void handleSubmit(onValid, () => showToast(formToasts.validationError))(event)}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {kept ? 'Provider settings' : 'Add your identity provider'}
      </h2>
      <FormField
        id={`${id}-name`}
        label="Name"
        required
        error={errors.name?.message}
        hint="Shown on the sign-in button, such as “Acme Google account”."
      >
        {(field) => <Input {...field} {...register('name')} maxLength={60} />}
      </FormField>
      <FormField
        id={`${id}-issuer`}
        label="Issuer URL"
        required
        error={errors.issuer?.message}
        hint="The provider’s issuer: its discovery document is read from here to check it."
      >
        {(field) => <Input {...field} {...register('issuer')} type="url" inputMode="url" autoComplete="off" maxLength={500} />}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={`${id}-client`} label="Client ID" required error={errors.clientId?.message}>
          {(field) => <Input {...field} {...register('clientId')} autoComplete="off" maxLength={300} />}
        </FormField>
        <FormField
          id={`${id}-secret`}
          label="Client secret"
          required={!kept}
          error={errors.clientSecret?.message}
          hint={kept ? 'Kept, and not shown: enter a new one to change it.' : 'Kept sealed; never shown again.'}
        >
          {(field) => <Input {...field} {...register('clientSecret')} type="password" autoComplete="new-password" maxLength={1000} />}
        </FormField>
      </div>
      <FormField
        id={`${id}-domains`}
        label="E-mail domains"
        required
        error={errors.domains?.message}
        hint="The domains whose addresses the provider owns, separated by commas. Only they sign in through it."
      >
        {(field) => <Input {...field} {...register('domains')} autoComplete="off" />}
      </FormField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Roles from the provider</legend>
        <p className="text-sm text-muted-foreground">
          A person whose claim holds a value below gets its role at each sign-in (the first row that matches). Without a row, newcomers wait
          for an admin to give them a role.
        </p>
        <FormField
          id={`${id}-claim`}
          label="Claim"
          required
          error={errors.roleClaim?.message}
          hint="Usually groups (Keycloak, Okta, Entra ID) or roles."
        >
          {(field) => <Input {...field} {...register('roleClaim')} autoComplete="off" maxLength={100} />}
        </FormField>
        {rows.fields.length > 0 && (
          <ul className="flex flex-col gap-3">
            {rows.fields.map((row, index) => (
              <li key={row.id} className="grid items-end gap-3 sm:grid-cols-[1fr_12rem_auto]">
                <FormField id={`${id}-value-${index}`} label={`Value ${index + 1}`} error={errors.roleMap?.[index]?.value?.message}>
                  {(field) => <Input {...field} {...register(`roleMap.${index}.value`)} autoComplete="off" maxLength={200} />}
                </FormField>
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={`${id}-role-${index}`} className="text-sm font-medium">
                    {`Role ${index + 1}`}
                  </label>
                  <Select
                    id={`${id}-role-${index}`}
                    options={staffRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
                    {...register(`roleMap.${index}.role`)}
                  />
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => rows.remove(index)}>
                  {`Remove row ${index + 1}`}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {errors.roleMap?.message && <FieldError id={`${id}-map-error`}>{errors.roleMap.message}</FieldError>}
        {errors.roleMap?.root?.message && <FieldError id={`${id}-map-root-error`}>{errors.roleMap.root.message}</FieldError>}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => rows.append({ value: '', role: 'interviewer' })}>
            Add a row
          </Button>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">Policy</legend>
        <Checkbox id={`${id}-only`} label="Staff of these domains sign in only through the provider" {...register('ssoOnly')} />
        <p className="text-sm text-muted-foreground">
          Their passwords and this site’s codes no longer open their accounts. Admins made with npm run admin:create still can
          (break-glass), and each such sign-in is audited and told to every admin.
        </p>
        <FormField
          id={`${id}-hours`}
          label="Session length (hours)"
          required
          error={errors.sessionHours?.message}
          hint="A session from the provider ends after this; the person signs in there again."
        >
          {(field) => <Input {...field} {...register('sessionHours')} inputMode="numeric" className="max-w-32" />}
        </FormField>
        <Checkbox id={`${id}-enabled`} label="Sign-in through the provider is on" {...register('enabled')} />
      </fieldset>
      <div>
        <Button type="submit" size="sm" disabled={busy}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
