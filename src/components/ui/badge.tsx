import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs leading-none font-semibold [&_svg]:size-3.5',
  {
    variants: {
      variant: {
        primary: 'bg-primary-soft text-primary',
        accent: 'bg-accent-soft text-accent',
        neutral: 'bg-muted text-muted-foreground',
        outline: 'border border-border text-foreground',
        success: 'bg-[#e6f4ea] text-success',
        destructive: 'bg-destructive-soft text-destructive',
        inverse: 'bg-white/10 text-white ring-1 ring-white/25',
      },
    },
    defaultVariants: { variant: 'primary' },
  },
);

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
