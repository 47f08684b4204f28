import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
}

/** A native checkbox with its label: one click target, submitted with the form like any input. */
export function Checkbox({ className, label, id, ...props }: CheckboxProps) {
  return (
    <label htmlFor={id} className={cn('inline-flex cursor-pointer items-start gap-2.5 text-sm leading-snug', className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        {...props}
      />
      <span>{label}</span>
    </label>
  );
}
