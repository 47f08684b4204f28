import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { FieldError } from './label';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** One line under the label: what choosing it means. */
  description?: ReactNode;
}

export interface RadioGroupProps {
  legend: ReactNode;
  options: readonly RadioOption[];
  /** The message to show; the group (its fieldset) is marked invalid while there is one. */
  error?: string | undefined;
  required?: boolean;
  /** Props for every radio (react-hook-form's register(name), or name/checked/onChange). */
  inputProps: (option: RadioOption) => InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}

/**
 * A labelled choice of one: a fieldset with its legend, a radio per option (with an optional line
 * of description), and the error tied to the group (aria-invalid and aria-describedby on the
 * fieldset), announced when it appears.
 */
export function RadioGroup({ legend, options, error, required, inputProps, className }: RadioGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={cn('flex flex-col gap-2', className)}
    >
      <legend className="mb-1 text-sm font-medium">
        {legend}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-col gap-2">
        {options.map((option) => {
          // The radio is named by its label alone; the description is read after it.
          const labelId = `${id}-${option.value}-label`;
          const descriptionId = option.description ? `${id}-${option.value}-description` : undefined;
          return (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-card p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                value={option.value}
                required={required}
                aria-labelledby={labelId}
                aria-describedby={descriptionId}
                {...inputProps(option)}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              <span className="flex flex-col gap-0.5">
                <span id={labelId} className="font-medium">
                  {option.label}
                </span>
                {option.description && (
                  <span id={descriptionId} className="text-muted-foreground">
                    {option.description}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      <div aria-live="polite">{error && <FieldError id={errorId}>{error}</FieldError>}</div>
    </fieldset>
  );
}
