import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * Shared look of every text-like control, so input, textarea and select line up. The focus ring is
 * solid, 3 px, 2 px off the control, in the ring colour (7:1 on the page's white and surface), in an
 * error state too: WCAG 2.4.7, 1.4.11, and 2.4.13's size (issue 27: it was a 30 % tint).
 */
export const controlClassName =
  'w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 hover:border-[#94a3b8] focus-visible:border-ring focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClassName, 'h-11', className)} {...props} />;
}
