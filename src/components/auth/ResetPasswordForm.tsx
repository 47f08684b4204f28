import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast, showToast } from '@/components/ui/toast';
import { PASSWORD_MAX, resetPasswordSchema, type ResetPasswordInput } from '@/lib/accounts/schema';
import { accountToasts } from '@/lib/accounts/texts';
import { errorToast } from '@/lib/forms';
import { postAuth } from './auth-client';

/** Choosing a new password from the e-mailed link; every other session of the account ends. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { register, handleSubmit, formState } = useForm<ResetPasswordInput>({
    mode: 'onTouched',
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [busy, setBusy] = useState(false);
  const { errors } = formState;

  async function onValid(values: ResetPasswordInput) {
    setBusy(true);
    try {
      await postAuth('reset-password', { newPassword: values.password, token });
      flashToast(accountToasts.passwordUpdated);
      window.location.assign('/auth');
    } catch (error) {
      setBusy(false);
      showToast(errorToast((error as Error).message));
    }
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <FormField id="new-password" label="New password" required error={errors.password?.message} hint="At least 8 characters.">
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField id="confirm-password" label="Repeat the new password" required error={errors.confirmPassword?.message}>
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
