import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Shared look of every text-like control, so input, textarea and select line up. */
export const controlClassName =
  'w-full rounded-md border border-input bg-background px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 hover:border-[#94a3b8] focus-visible:border-ring focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-ring/30 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/25 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(controlClassName, 'h-11', className)} {...props} />;
}
