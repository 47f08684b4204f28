import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. They are appended, not merged: a component's `className` adds to the
 * component's own classes and must not fight them (two widths, two paddings), because which of
 * two conflicting Tailwind classes wins depends on the stylesheet's order, not on this one's.
 * Change what a component draws through its variants and props. (A merging library cost 8.4 KB
 * of JavaScript on every page with an island; docs/decisions/016.)
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
