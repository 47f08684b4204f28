import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { FormField, type FormFieldProps } from './form-field';
import { controlClassName } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends ComponentProps<'select'> {
  options?: readonly SelectOption[];
  /** Shown first with an empty value, e.g. "Select your gender". */
  placeholder?: string;
}

/**
 * A native <select>: it works without JavaScript, inside plain GET forms, with the phone's own
 * picker on mobile and with every screen reader, which a custom listbox cannot all promise.
 */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  // Options given as data, or as children (or neither, for options the server rendered: CountrySelect).
  const items =
    placeholder === undefined && !options ? (
      children
    ) : (
      <>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </>
    );
  return (
    <div className="relative">
      <select className={cn(controlClassName, 'h-11 appearance-none pr-10', className)} {...props}>
        {items}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectProps, 'id' | 'className' | 'required'>, Omit<FormFieldProps, 'children'> {}

/**
 * A labelled select: FormField's wiring (label `for`, `aria-describedby` to the hint and error,
 * `aria-invalid`, `required`) around a Select. `className` is the field's (its width in a row of
 * filters), every other prop the select's: `name` and `defaultValue` for a plain GET or POST form,
 * `value`/`onChange` or react-hook-form's `register()` for an island.
 */
export function SelectField({ label, error, hint, required, id, className, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(control) => <Select {...control} {...select} />}
    </FormField>
  );
}
