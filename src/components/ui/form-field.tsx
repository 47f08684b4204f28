import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError, FieldHint, Label } from './label';

/** The attributes a control needs so its label, hint and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The message to show; the field is marked invalid while there is one. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Use a given id (to match a server-rendered form); otherwise one is generated. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label + control + hint + error, wired together: `for`/`id`, `aria-describedby` pointing at the
 * hint and error, `aria-invalid` while there is an error. The error is not a live region: a form's
 * submit announces one summary of its errors (ErrorSummary), and a screen reader reads a field's
 * error with the field when it gets there (issue 27: nine live regions at once helped nobody).
 */
export function FormField({ label, error, hint, required, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={controlId} required={required}>
        {label}
      </Label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
      })}
      {hint && <FieldHint id={hintId}>{hint}</FieldHint>}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
