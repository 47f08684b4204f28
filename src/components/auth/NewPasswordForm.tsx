import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast } from '@/components/ui/toast';
import { CODE_STEP_PATH, destinationAfterSignIn } from '@/lib/accounts/destinations';
import type { AuthFormState } from '@/lib/accounts/forms';
import { PASSWORD_MAX, resetPasswordSchema, type ResetPasswordInput } from '@/lib/accounts/schema';
import { accountToasts, verifyEmailTexts } from '@/lib/accounts/texts';
import { AccountForm, SubmitButton, useAccountForm } from './account-form';
import { fetchSession, leave, postAuth } from './auth-client';

/**
 * Choosing a password from an e-mailed link: a reset (every session of the account ends; then
 * sign in), or confirming the address of a new account (the verifier's password replaces the one
 * typed at sign-up, decision 028; then signed in, with the spec's "Welcome!").
 */
export type NewPasswordPurpose = 'reset' | 'verify';

const texts = {
  reset: { password: 'New password', repeat: 'Repeat the new password', submit: 'Set new password', working: 'Saving...' },
  verify: verifyEmailTexts,
} as const;

export function NewPasswordForm({
  purpose,
  token,
  initialState,
}: {
  purpose: NewPasswordPurpose;
  token: string;
  initialState?: AuthFormState | undefined;
}) {
  const { register, busy, formError, attempt, submit, errorOf } = useAccountForm<ResetPasswordInput>(
    resetPasswordSchema,
    { password: '', confirmPassword: '' },
    initialState,
  );
  const words = texts[purpose];

  const onValid = (values: ResetPasswordInput) =>
    attempt(async () => {
      if (purpose === 'reset') {
        await postAuth('reset-password', { newPassword: values.password, token });
        flashToast(accountToasts.passwordUpdated);
        return leave('/auth');
      }
      const result = await postAuth<{ twoFactorRedirect?: boolean }>('verify-email', { token, ...values });
      if (result.twoFactorRedirect) return leave(CODE_STEP_PATH);
      const session = await fetchSession();
      const who = { isStaff: Boolean(session.isStaff), mustEnrol: Boolean(session.mustEnrol) };
      flashToast(accountToasts.verified, ...(who.mustEnrol ? [accountToasts.enrolRequired] : []));
      return leave(destinationAfterSignIn(who, null));
    });

  return (
    <AccountForm kind={purpose} error={formError} onSubmit={submit(onValid)}>
      <FormField
        id="new-password"
        label={words.password}
        required
        error={errorOf('password')}
        hint="At least 8 characters, not one of the most common passwords."
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField id="confirm-password" label={words.repeat} required error={errorOf('confirmPassword')}>
        {(control) => (
          <Input {...control} {...register('confirmPassword')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <SubmitButton busy={busy} working={words.working} size="lg" className="w-full">
        {words.submit}
      </SubmitButton>
    </AccountForm>
  );
}
