import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showToast } from '@/components/ui/toast';
import type { FlashToast } from '@/lib/flash';
import { errorToast } from '@/lib/forms';

/** An account action's refusal: messages per field ("form" for the whole form). */
interface Refusal {
  ok: false;
  fieldErrors: Record<string, string>;
  message: string;
}

/**
 * Runs an account action: on success its toast; on refusal the messages beside their fields
 * and the form's own error beside the form (and in a toast, as every auth error is).
 */
export function useCommand<V extends FieldValues>(setError?: UseFormSetError<V>) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<{ message: string | undefined; version: number }>({ message: undefined, version: 0 });

  async function run<D extends { ok: boolean }>(
    call: () => Promise<{ data?: D | undefined; error?: { message: string } | undefined }>,
    success?: FlashToast,
  ): Promise<Extract<D, { ok: true }> | null> {
    setBusy(true);
    setFormError((previous) => ({ message: undefined, version: previous.version }));
    try {
      const { data: result, error } = await call();
      const failure = error?.message;
      if (result && !result.ok) {
        const data = result as unknown as Refusal;
        let general: string | undefined;
        for (const [field, message] of Object.entries(data.fieldErrors)) {
          if (field === 'form' || !setError) general = message;
          else setError(field as Path<V>, { message });
        }
        if (general || Object.keys(data.fieldErrors).length === 0) general ??= data.message;
        if (general) setFormError((previous) => ({ message: general, version: previous.version + 1 }));
        showToast(errorToast(general ?? data.message));
        return null;
      }
      if (typeof failure === 'string' || !result) {
        const message = typeof failure === 'string' ? failure : 'Something went wrong. Please try again.';
        setFormError((previous) => ({ message, version: previous.version + 1 }));
        showToast(errorToast(message));
        return null;
      }
      if (success) showToast(success);
      return result as Extract<D, { ok: true }>;
    } catch (error) {
      const message = (error as Error).message || 'The server could not be reached.';
      setFormError((previous) => ({ message, version: previous.version + 1 }));
      showToast(errorToast(message));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { busy, formError, run };
}
