import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/auth/FormAlert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { changePasswordSchema, PASSWORD_MAX, type ChangePasswordInput } from '@/lib/accounts/schema';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommand } from './use-command';

/** A new password, with the current one; every other session of the account ends. */
export function ChangePasswordForm() {
  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordInput>({
    mode: 'onTouched',
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { busy, formError, run } = useCommand(setError);
  const { errors } = formState;

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) =>
        void handleSubmit(async (values) => {
          const done = await run(() => actions.account.changePassword(values), { kind: 'success', title: accountTexts.passwordChanged });
          if (done) reset();
        })(event)
      }
      className="flex flex-col gap-5"
    >
      <FormAlert message={formError.message} version={formError.version} />
      <FormField id="current-password" label="Current password" required error={errors.currentPassword?.message}>
        {(control) => (
          <Input {...control} {...register('currentPassword')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="new-account-password"
          label="New password"
          required
          error={errors.newPassword?.message}
          hint="At least 8 characters, not one of the most common passwords."
        >
          {(control) => (
            <Input {...control} {...register('newPassword')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
        <FormField id="confirm-account-password" label="Repeat the new password" required error={errors.confirmPassword?.message}>
          {(control) => (
            <Input {...control} {...register('confirmPassword')} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
