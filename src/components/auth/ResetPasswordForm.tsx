import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast, showToast } from '@/components/ui/toast';
import { FORM_KIND_FIELD, type AuthFormState } from '@/lib/accounts/forms';
import { PASSWORD_MAX, resetPasswordSchema, type ResetPasswordInput } from '@/lib/accounts/schema';
import { accountToasts } from '@/lib/accounts/texts';
import { errorToast } from '@/lib/forms';
import { postAuth } from './auth-client';
import { FormAlert } from './FormAlert';

/** Choosing a new password from the e-mailed link; every other session of the account ends. */
export function ResetPasswordForm({ token, initialState }: { token: string; initialState?: AuthFormState | undefined }) {
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

  async function onValid(values: ResetPasswordInput) {
    setBusy(true);
    try {
      await postAuth('reset-password', { newPassword: values.password, token });
      flashToast(accountToasts.passwordUpdated);
      window.location.assign('/auth');
    } catch (error) {
      setBusy(false);
      const message = (error as Error).message;
      setFormError((previous) => ({ message, version: previous.version + 1 }));
      showToast(errorToast(message));
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <input type="hidden" name={FORM_KIND_FIELD} value="reset" />
      <FormAlert message={formError.message} version={formError.version} />
      <FormField
        id="new-password"
        label="New password"
        required
        error={errors.password?.message ?? serverError('password')}
        hint="At least 8 characters, not one of the most common passwords."
      >
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField
        id="confirm-password"
        label="Repeat the new password"
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
            Saving...
          </>
        ) : (
          'Set new password'
        )}
      </Button>
    </form>
  );
}
