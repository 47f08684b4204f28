import type { DefaultValues, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod/mini';
import { useAccountForm, useAttempt } from '@/components/auth/account-form';
import { showToast } from '@/components/ui/toast';
import type { FlashToast } from '@/lib/flash';

/** An account action's refusal: messages per field ("form" for the whole form). */
interface Refusal {
  ok: false;
  fieldErrors: Record<string, string>;
  message: string;
}

/**
 * Runs an account action (Astro Actions; the account page only, not /auth): on success its toast;
 * on refusal the messages beside their fields and the form's own error beside the form (and in a
 * toast, as every auth error is). Resolves to the accepted result, or undefined.
 */
export function runner<V extends FieldValues>({ attempt, showError }: ReturnType<typeof useAttempt>, setError?: UseFormSetError<V>) {
  return <D extends { ok: boolean }>(
    call: () => Promise<{ data?: D | undefined; error?: { message: string } | undefined }>,
    success?: FlashToast,
  ) =>
    attempt(async (): Promise<Extract<D, { ok: true }> | undefined> => {
      const { data: result, error } = await call();
      if (result && !result.ok) {
        const { fieldErrors, message } = result as unknown as Refusal;
        let general: string | undefined;
        for (const [field, text] of Object.entries(fieldErrors)) {
          if (field === 'form' || !setError) general = text;
          else setError(field as Path<V>, { message: text });
        }
        if (Object.keys(fieldErrors).length === 0) general ??= message;
        showError(general, general ?? message);
        return undefined;
      }
      if (error || !result) {
        showError(error ? error.message : 'Something went wrong. Please try again.');
        return undefined;
      }
      if (success) showToast(success);
      return result as Extract<D, { ok: true }>;
    });
}

/** Account actions run from buttons (SessionsList). */
export function useCommand() {
  const status = useAttempt();
  return { ...status, run: runner(status) };
}

/** An account page form (useAccountForm) whose submit runs an account action. */
export function useCommandForm<V extends FieldValues>(schema: z.ZodMiniType<V, V>, defaultValues: DefaultValues<V>) {
  const form = useAccountForm<V>(schema, defaultValues);
  return { ...form, run: runner(form, form.setError) };
}
