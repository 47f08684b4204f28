import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { FieldError, RequiredMark } from './label';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** One line under the label: what choosing it means, the radio's description. */
  description?: ReactNode;
}

export interface RadioGroupFieldProps {
  /** The group's id: its error is `${id}-error`, its radios `${id}-0`, `${id}-1`… (an error summary links to the first). */
  id: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  /** react-hook-form's register(name), for every radio. */
  registration: UseFormRegisterReturn;
  /** The option checked when the page was rendered (a form given back to a plain post). */
  initialValue?: string | undefined;
  required?: boolean;
  error?: string | undefined;
  /**
   * A column of bordered cards, each option with its description (a choice that needs explaining:
   * a staff role), instead of a row of radios. The fieldset then keeps its own role, group (the
   * invitation form's "Role" group).
   */
  cards?: boolean;
}

const radioClassName = 'size-4 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * Radio buttons with their legend, wired as FormField wires one control: the group is invalid and
 * described by its error while there is one, and the error is read with the group rather than
 * announced live (a form's submit announces one summary, or focuses the first invalid field).
 * The row's fieldset has the radiogroup role, which may carry aria-invalid and aria-required.
 */
export function RadioGroupField({ id, legend, options, registration, initialValue, required, error, cards }: RadioGroupFieldProps) {
  return (
    <fieldset
      role={cards ? undefined : 'radiogroup'}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-required={(required && !cards) || undefined}
      className="flex flex-col gap-2"
    >
      <legend className={cn(cards ? 'mb-1' : 'mb-2', 'text-sm font-medium text-foreground')}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={cards ? 'flex flex-col gap-2' : 'flex flex-wrap gap-x-6 gap-y-3'}>
        {options.map((option, index) => {
          const radioId = `${id}-${index}`;
          // A radio with a description is named by its label alone; the description is read after it.
          const described = option.description !== undefined;
          return (
            <label
              key={option.value}
              className={
                cards
                  ? 'flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-card p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5'
                  : 'inline-flex cursor-pointer items-center gap-2 text-sm'
              }
            >
              <input
                type="radio"
                id={radioId}
                value={option.value}
                defaultChecked={initialValue === option.value}
                aria-labelledby={described ? `${radioId}-label` : undefined}
                aria-describedby={described ? `${radioId}-description` : undefined}
                {...registration}
                required={required}
                className={cn(cards && 'mt-0.5 shrink-0', radioClassName)}
              />
              {described ? (
                <span className="flex flex-col gap-0.5">
                  <span id={`${radioId}-label`} className="font-medium">
                    {option.label}
                  </span>
                  <span id={`${radioId}-description`} className="text-muted-foreground">
                    {option.description}
                  </span>
                </span>
              ) : (
                option.label
              )}
            </label>
          );
        })}
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
