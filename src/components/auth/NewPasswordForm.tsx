import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast, showToast } from '@/components/ui/toast';
import { CODE_STEP_PATH, destinationAfterSignIn } from '@/lib/accounts/destinations';
import { FORM_KIND_FIELD, type AuthFormState } from '@/lib/accounts/forms';
import { PASSWORD_MAX, resetPasswordSchema, type ResetPasswordInput } from '@/lib/accounts/schema';
import { accountToasts, verifyEmailTexts } from '@/lib/accounts/texts';
import { errorToast } from '@/lib/forms';
import { fetchSession, postAuth } from './auth-client';
import { FormAlert } from './FormAlert';

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
  const { register, handleSubmit, formState } = useForm<ResetPasswordInput>({
    mode: 'onTouched',
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState({ message: initialState?.formError, version: 0 });
  const { errors } = formState;
  const serverError = (name: string) =>
    formState.isSubmitted || formState.dirtyFields[name as keyof ResetPasswordInput] ? undefined : initialState?.fieldErrors[name];
  const words = texts[purpose];

  async function onValid(values: ResetPasswordInput) {
    setBusy(true);
    try {
      if (purpose === 'reset') {
        await postAuth('reset-password', { newPassword: values.password, token });
        flashToast(accountToasts.passwordUpdated);
        window.location.assign('/auth');
        return;
      }
      const result = await postAuth<{ twoFactorRedirect?: boolean }>('verify-email', { token, ...values });
      if (result.twoFactorRedirect) {
        window.location.assign(CODE_STEP_PATH);
        return;
      }
      const session = await fetchSession();
      const who = { isStaff: Boolean(session.isStaff), mustEnrol: Boolean(session.mustEnrol) };
      flashToast(accountToasts.verified, ...(who.mustEnrol ? [accountToasts.enrolRequired] : []));
      window.location.assign(destinationAfterSignIn(who, null));
    } catch (error) {
      setBusy(false);
      const message = (error as Error).message;
      setFormError((previous) => ({ message, version: previous.version + 1 }));
      showToast(errorToast(message));
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <input type="hidden" name={FORM_KIND_FIELD} value={purpose} />
      <FormAlert message={formError.message} version={formError.version} />
      <FormField
        id="new-password"
        label={words.password}
        required
        error={errors.password?.message ?? serverError('password')}
        hint="At least 8 characters, not one of the most common passwords."
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField
        id="confirm-password"
        label={words.repeat}
        required
        error={errors.confirmPassword?.message ?? serverError('confirmPassword')}
      >
        {(control) => (
          <Input {...control} {...register('confirmPassword')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            {words.working}
          </>
        ) : (
          words.submit
        )}
      </Button>
    </form>
  );
}
