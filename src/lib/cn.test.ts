import { describe, expect, it } from 'vitest';
import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from './cn';

describe('cn', () => {
  it('joins class names, dropping the empty ones, without merging', () => {
    expect(cn('a', false, undefined, ['b', { c: true, d: false }])).toBe('a b c');
    expect(cn('px-3', 'pl-9')).toBe('px-3 pl-9');
  });
});

describe('buttonVariants', () => {
  // cn appends rather than merges, so no variant and size may set the same property twice.
  const properties: Record<string, RegExp> = { box: /^(h|size)-/, 'horizontal padding': /^px-/, 'font size': /^text-(xs|sm|base|lg)$/ };
  const variants = ['primary', 'secondary', 'outline', 'ghost', 'destructive', 'inverse', 'inverse-outline', 'link'] as const;
  const sizes = ['sm', 'md', 'lg', 'icon', 'icon-sm'] as const;
  for (const variant of variants) {
    it(`${variant}: every size sets each property at most once`, () => {
      for (const size of sizes) {
        const classes = buttonVariants({ variant, size }).split(/\s+/);
        for (const [property, pattern] of Object.entries(properties)) {
          expect(classes.filter((name) => pattern.test(name)).length, `${variant} ${size}: ${property}`).toBeLessThanOrEqual(1);
        }
      }
    });
  }

  it('gives the link variant no box, and the others the size they ask for', () => {
    expect(buttonVariants({ variant: 'link', size: 'lg' })).not.toMatch(/\b(h-12|px-6)\b/);
    expect(buttonVariants({ variant: 'outline', size: 'lg' })).toMatch(/\bh-12 px-6\b/);
    expect(buttonVariants({ variant: 'ghost', size: 'icon-sm' })).toMatch(/\bsize-9\b/);
  });
});
