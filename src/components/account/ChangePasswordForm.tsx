import { actions } from 'astro:actions';
import { AccountForm, SubmitButton } from '@/components/auth/account-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { changePasswordSchema, PASSWORD_MAX, type ChangePasswordInput } from '@/lib/accounts/schema';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommandForm } from './use-command';

/** A new password, with the current one; every other session of the account ends. */
export function ChangePasswordForm() {
  const { register, reset, busy, formError, run, submit, errorOf } = useCommandForm<ChangePasswordInput>(changePasswordSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  return (
    <AccountForm
      error={formError}
      onSubmit={submit(async (values) => {
        if (await run(() => actions.account.changePassword(values), { kind: 'success', title: accountTexts.passwordChanged })) reset();
      })}
    >
      <FormField id="current-password" label="Current password" required error={errorOf('currentPassword')}>
        {(control) => (
          <Input {...control} {...register('currentPassword')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="new-account-password"
          label="New password"
          required
          error={errorOf('newPassword')}
          hint="At least 8 characters, not one of the most common passwords."
        >
          {(control) => (
            <Input {...control} {...register('newPassword')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
        <FormField id="confirm-account-password" label="Repeat the new password" required error={errorOf('confirmPassword')}>
          {(control) => (
            <Input {...control} {...register('confirmPassword')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
      </div>
      <div>
        <SubmitButton busy={busy} working="Changing...">
          Change password
        </SubmitButton>
      </div>
    </AccountForm>
  );
}
