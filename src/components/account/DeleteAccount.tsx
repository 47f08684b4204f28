import { actions } from 'astro:actions';
import { Trash2 } from 'lucide-react';
import { AccountForm } from '@/components/auth/account-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { flashToast } from '@/components/ui/toast';
import { passwordConfirmSchema, PASSWORD_MAX } from '@/lib/accounts/schema';
import { accountTexts } from '@/lib/accounts/texts';
import { useCommandForm } from './use-command';

/** Deleting one's own account: the password, then a confirmation. The last admin cannot. */
export function DeleteAccount() {
  const { register, handleSubmit, busy, formError, run, errorOf } = useCommandForm<{ password: string }>(passwordConfirmSchema, {
    password: '',
  });

  async function remove(values: { password: string }) {
    const done = await run(() => actions.account.deleteAccount(values));
    if (!done) return;
    flashToast({ kind: 'success', title: accountTexts.deleted });
    window.location.assign('/');
  }

  return (
    // Sent from the confirmation only, not by Enter in the field.
    <AccountForm
      compact
      intro={<p className="text-sm text-muted-foreground">{accountTexts.deleteLead}</p>}
      error={formError}
      onSubmit={(event) => event.preventDefault()}
    >
      <FormField id="delete-password" label="Password" required error={errorOf('password')}>
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
    </AccountForm>
  );
}
