import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClassName } from './input';

export function Textarea({ className, rows = 5, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(controlClassName, 'min-h-24 py-2.5 leading-relaxed', className)} {...props} />;
}
