import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState, type BaseSyntheticEvent, type ComponentProps, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type SubmitHandler } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useTypedBeforeLoad } from '@/components/ui/deferred';
import { showToast } from '@/components/ui/toast';
import { FORM_KIND_FIELD, type AuthFormState } from '@/lib/accounts/forms';
import { errorToast } from '@/lib/forms';
import { FormAlert } from './FormAlert';

/**
 * The one shape of the account forms (sign-in, sign-up, password reset, the code step, an
 * invitation; the account page's profile, password, second factor and deletion): a form posted
 * (never a password in an address, even before the island hydrates), checked by its schema in the
 * browser (noValidate), its own error beside it (FormAlert) and in a toast, each field's message
 * from the browser's check or the server's answer to a plain post, and a submit button that says
 * it is working.
 */

/** The form's own error; `version` grows with every attempt, so FormAlert announces the same message again. */
export interface FormError {
  message: string | undefined;
  version: number;
}

/**
 * What a form (or a button) does when used: busy meanwhile and the last error gone; what goes wrong
 * beside it (FormAlert) and in a toast, as every auth error is (spec: "Error" with the message).
 */
export function useAttempt(initialError?: string) {
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<FormError>({ message: initialError, version: 0 });

  /** Shows `message` beside the form (undefined clears it) and toasts `toast`. */
  function showError(message: string | undefined, toast = message) {
    setFormError((previous) => ({ message, version: previous.version + 1 }));
    if (toast) showToast(errorToast(toast));
  }

  /**
   * Runs `work`, and resolves to its result, or to undefined when it threw (its message shown).
   * Work that leaves the page (leave() in auth-client.ts) keeps the form busy.
   */
  async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    showError(undefined);
    try {
      return await work();
    } catch (error) {
      showError((error instanceof Error && error.message) || 'The server could not be reached.');
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, formError, showError, attempt };
}

/**
 * An account form's state: react-hook-form with the schema (errors once a field is touched), its
 * busy state and error (useAttempt), and the messages of a plain post the server answered (`initial`).
 */
export function useAccountForm<V extends FieldValues>(
  schema: z.ZodMiniType<V, V>,
  defaultValues: DefaultValues<V>,
  initial?: AuthFormState,
) {
  // What was typed before the form's code loaded (components/ui/deferred.tsx) stays typed.
  const typed = useTypedBeforeLoad();
  const form = useForm<V>({ mode: 'onTouched', resolver: zodResolver(schema), defaultValues: { ...defaultValues, ...typed } });
  return {
    ...form,
    ...useAttempt(initial?.formError),
    /** The form's onSubmit: the schema's check, then `onValid`. */
    submit: (onValid: SubmitHandler<V>) => (event: BaseSyntheticEvent) => void form.handleSubmit(onValid)(event),
    /** A field's message: the browser's check, or the server's answer to a plain post until the field changes or the form is sent. */
    errorOf(name: Path<V>): string | undefined {
      const { errors, dirtyFields, isSubmitted } = form.formState;
      const message = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
      return message ?? ((dirtyFields as Record<string, unknown>)[name] || isSubmitted ? undefined : initial?.fieldErrors[name]);
    },
  };
}

export interface AccountFormProps extends Omit<ComponentProps<'form'>, 'className'> {
  /** The form's own error, shown (and focused) above the fields. */
  error: { message?: string | undefined; version?: number };
  /** Which form a plain post comes from, for the server's answer (lib/accounts/forms.ts). */
  kind?: string;
  /** What stands above the error: a lead, a notice, a heading. */
  intro?: ReactNode;
  /** Less space between the parts (the account page's second factor and deletion). */
  compact?: boolean;
}

export function AccountForm({ error, kind, intro, compact, children, ...props }: AccountFormProps) {
  return (
    <form method="post" noValidate className={compact ? 'flex flex-col gap-4' : 'flex flex-col gap-5'} {...props}>
      {kind && <input type="hidden" name={FORM_KIND_FIELD} value={kind} />}
      {intro}
      <FormAlert message={error.message} version={error.version} />
      {children}
    </form>
  );
}

/** The submit button: disabled while the form is busy, with a spinner and what it is doing ("Saving..."). */
export function SubmitButton({ busy, working, children, ...props }: ButtonProps & { busy: boolean; working: string }) {
  return (
    <Button type="submit" disabled={busy} {...props}>
      {busy ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {working}
        </>
      ) : (
        children
      )}
    </Button>
  );
}
