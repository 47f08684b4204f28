import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { flashToast, showToast } from '@/components/ui/toast';
import { destinationAfterSignIn } from '@/lib/accounts/destinations';
import { FORM_KIND_FIELD, type AuthFormState } from '@/lib/accounts/forms';
import { twoFactorBackupCodeSchema, twoFactorCodeSchema } from '@/lib/accounts/schema';
import { signedInToast, twoFactorTexts } from '@/lib/accounts/texts';
import { errorToast } from '@/lib/forms';
import { fetchSession, postAuth } from './auth-client';
import { FormAlert } from './FormAlert';

type Step = 'totp' | 'backup-code';

const endpoint: Record<Step, string> = { totp: 'two-factor/verify-totp', 'backup-code': 'two-factor/verify-backup-code' };

/**
 * The code step of a sign-in (or of a session that must confirm its factor): a code from the
 * authenticator app, or one of the backup codes. Only after it is the session aal2.
 */
export function TwoFactorStep({ next, initialState }: { next: string | null; initialState?: AuthFormState | undefined }) {
  const [step, setStep] = useState<Step>(initialState?.kind === 'backup-code' ? 'backup-code' : 'totp');
  const { register, handleSubmit, formState, reset } = useForm<{ code: string }>({
    mode: 'onTouched',
    resolver: zodResolver(step === 'totp' ? twoFactorCodeSchema : twoFactorBackupCodeSchema),
    defaultValues: { code: '' },
  });
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState({ message: initialState?.formError, version: 0 });
  const serverFieldError = formState.isSubmitted || formState.dirtyFields.code ? undefined : initialState?.fieldErrors['code'];

  async function onValid({ code }: { code: string }) {
    setBusy(true);
    try {
      await postAuth(endpoint[step], { code });
      const session = await fetchSession();
      const who = { role: session.role ?? 'user', isStaff: Boolean(session.isStaff), mustEnrol: Boolean(session.mustEnrol) };
      flashToast(signedInToast(who));
      window.location.assign(destinationAfterSignIn(who, next));
    } catch (error) {
      setBusy(false);
      const message = (error as Error).message;
      setFormError((previous) => ({ message, version: previous.version + 1 }));
      showToast(errorToast(message));
    }
  }

  function switchStep() {
    setStep(step === 'totp' ? 'backup-code' : 'totp');
    reset({ code: '' });
    setFormError((previous) => ({ message: undefined, version: previous.version + 1 }));
  }

  return (
    <form method="post" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="flex flex-col gap-5">
      <input type="hidden" name={FORM_KIND_FIELD} value={step} />
      <p className="text-sm text-muted-foreground">{step === 'totp' ? twoFactorTexts.codeStepLead : twoFactorTexts.backupStepLead}</p>
      <FormAlert message={formError.message} version={formError.version} />
      {step === 'totp' ? (
        <FormField
          key="totp"
          id="two-factor-code"
          label="Authentication code"
          required
          error={formState.errors.code?.message ?? serverFieldError}
        >
          {(control) => (
            <input
              {...control}
              {...register('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={9}
              className="h-11 rounded-md border border-input bg-background px-3 font-mono text-lg tracking-[0.3em] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive"
            />
          )}
        </FormField>
      ) : (
        <FormField
          key="backup"
          id="two-factor-backup-code"
          label="Backup code"
          required
          error={formState.errors.code?.message ?? serverFieldError}
        >
          {(control) => (
            <input
              {...control}
              {...register('code')}
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              className="h-11 rounded-md border border-input bg-background px-3 font-mono text-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive"
            />
          )}
        </FormField>
      )}
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            {twoFactorTexts.verifying}
          </>
        ) : (
          twoFactorTexts.verify
        )}
      </Button>
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
    </form>
  );
}
