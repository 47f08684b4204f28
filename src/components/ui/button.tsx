import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export { buttonVariants, type ButtonVariantProps };

export type ButtonProps = ComponentProps<'button'> & ButtonVariantProps;

/** A button. A link that looks like one is a LinkButton (a real <a>, no Radix Slot in every form's JavaScript). */
export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return (
    <button
      // A button inside a form submits by default; make that an explicit choice.
      type={type ?? 'button'}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
