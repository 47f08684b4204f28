import { useState, type ComponentProps } from 'react';
import { FormField } from '@/components/ui/form-field';
import type { AuthFormState } from '@/lib/accounts/forms';
import { twoFactorBackupCodeSchema, twoFactorCodeSchema } from '@/lib/accounts/schema';
import { twoFactorTexts } from '@/lib/accounts/texts';
import { cn } from '@/lib/cn';
import { AccountForm, SubmitButton, useAccountForm } from './account-form';
import { enterSignedIn, postAuth } from './auth-client';

type Step = 'totp' | 'backup-code';

const endpoint: Record<Step, string> = { totp: 'two-factor/verify-totp', 'backup-code': 'two-factor/verify-backup-code' };

const codeClassName =
  'h-11 rounded-md border border-input bg-background px-3 font-mono text-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive';

/** The code's field at each step: a code from the app, or a backup code. */
const codeFields = {
  totp: {
    id: 'two-factor-code',
    label: 'Authentication code',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 9, className: cn(codeClassName, 'tracking-[0.3em]') },
  },
  'backup-code': {
    id: 'two-factor-backup-code',
    label: 'Backup code',
    input: { autoComplete: 'off', spellCheck: false, maxLength: 20, className: codeClassName },
  },
} as const satisfies Record<Step, { id: string; label: string; input: ComponentProps<'input'> }>;

/**
 * The code step of a sign-in (or of a session that must confirm its factor): a code from the
 * authenticator app, or one of the backup codes. Only after it is the session aal2.
 */
export function TwoFactorStep({ next, initialState }: { next: string | null; initialState?: AuthFormState | undefined }) {
  const [step, setStep] = useState<Step>(initialState?.kind === 'backup-code' ? 'backup-code' : 'totp');
  const { register, reset, busy, formError, showError, attempt, submit, errorOf } = useAccountForm<{ code: string }>(
    step === 'totp' ? twoFactorCodeSchema : twoFactorBackupCodeSchema,
    { code: '' },
    initialState,
  );
  const field = codeFields[step];

  const onValid = ({ code }: { code: string }) =>
    attempt(async () => {
      await postAuth(endpoint[step], { code });
      return enterSignedIn(next);
    });

  function switchStep() {
    setStep(step === 'totp' ? 'backup-code' : 'totp');
    reset({ code: '' });
    showError(undefined);
  }

  return (
    <AccountForm
      kind={step}
      intro={
        <p className="text-sm text-muted-foreground">{step === 'totp' ? twoFactorTexts.codeStepLead : twoFactorTexts.backupStepLead}</p>
      }
      error={formError}
      onSubmit={submit(onValid)}
    >
      <FormField key={step} id={field.id} label={field.label} required error={errorOf('code')}>
        {(control) => <input {...control} {...register('code')} {...field.input} />}
      </FormField>
      <SubmitButton busy={busy} working={twoFactorTexts.verifying} size="lg" className="w-full">
        {twoFactorTexts.verify}
      </SubmitButton>
      <button
        type="button"
        onClick={switchStep}
        className="text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {step === 'totp' ? twoFactorTexts.useBackup : twoFactorTexts.useApp}
      </button>
      <p className="text-center text-sm text-muted-foreground">
        Lost your phone and your backup codes? Ask another admin to reset your second factor.{' '}
        <a href="/auth" className="font-semibold text-primary underline-offset-4 hover:underline">
          Sign in again
        </a>
      </p>
    </AccountForm>
  );
}
