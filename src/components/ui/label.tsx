import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export interface LabelProps extends ComponentProps<'label'> {
  /** Marks the field as required, visibly and for assistive technology (via the control's `required`). */
  required?: boolean;
}

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn('text-sm font-medium text-foreground', className)} {...props}>
      {children}
      {required && <RequiredMark />}
    </label>
  );
}

/** The visible mark of a required field or group; assistive technology hears `required` on the control instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-destructive">
      *
    </span>
  );
}

export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm font-medium text-destructive', className)} {...props} />;
}

export function FieldHint({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
