import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { buttonVariants, type ButtonVariantProps } from './button-variants';

export interface LinkButtonProps extends ComponentProps<'a'>, ButtonVariantProps {
  href: string;
}

/** A link that looks like a button: navigation stays a real <a>, so it works without JavaScript. */
export function LinkButton({ className, variant, size, children, ...props }: LinkButtonProps) {
  return (
    <a className={cn(buttonVariants({ variant, size }), className)} {...props}>
      {children}
    </a>
  );
}
