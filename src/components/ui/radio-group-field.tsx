import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './label';

export interface RadioGroupFieldProps {
  /** The group's id: its error is `${id}-error`, its first radio `${id}-0` (what an error summary links to). */
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  /** The option checked when the page was rendered (a form given back to a plain post). */
  initialValue?: string | undefined;
  required?: boolean;
  error?: string | undefined;
}

/**
 * Radio buttons with their legend, wired as FormField wires one control: the group (a fieldset with
 * the radiogroup role, which may carry aria-invalid) is invalid and described by its error while
 * there is one, and the error is read with the group rather than announced live.
 */
export function RadioGroupField({ id, legend, options, registration, initialValue, required, error }: RadioGroupFieldProps) {
  return (
    <fieldset
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-required={required || undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-2 text-sm font-medium text-foreground">
        {legend}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        {options.map((option, index) => (
          <label key={option.value} className="inline-flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              id={`${id}-${index}`}
              value={option.value}
              defaultChecked={initialValue === option.value}
              {...registration}
              required={required}
              className="size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
