import { zodResolver } from '@hookform/resolvers/zod';
import { actions } from 'astro:actions';
import { Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '@/components/auth/FormAlert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast } from '@/components/ui/toast';
import { passwordConfirmSchema, PASSWORD_MAX } from '@/lib/accounts/schema';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommand } from './use-command';

/** Deleting one's own account: the password, then a confirmation. The last admin cannot. */
export function DeleteAccount() {
  const { register, handleSubmit, formState, setError } = useForm<{ password: string }>({
    mode: 'onTouched',
    resolver: zodResolver(passwordConfirmSchema),
    defaultValues: { password: '' },
  });
  const { busy, formError, run } = useCommand(setError);

  async function remove(values: { password: string }) {
    const done = await run(() => actions.account.deleteAccount(values));
    if (!done) return;
    flashToast({ kind: 'success', title: accountTexts.deleted });
    window.location.assign('/');
  }

  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{accountTexts.deleteLead}</p>
      <FormAlert message={formError.message} version={formError.version} />
      <FormField id="delete-password" label="Password" required error={formState.errors.password?.message}>
        {(control) => (
          <Input {...control} {...register('password')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <div>
        <ConfirmDialog
          trigger={
            <Button type="button" variant="destructive" disabled={busy}>
              <Trash2 aria-hidden="true" />
              {accountTexts.deleteConfirm}
            </Button>
          }
          title="Delete your account?"
          description="Your profile, sessions and second factor are removed. This cannot be undone."
          confirmLabel={accountTexts.deleteConfirm}
          destructive
          onConfirm={() => void handleSubmit(remove)()}
        />
      </div>
    </form>
  );
}
