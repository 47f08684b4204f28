import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants } from './button-variants';

/**
 * Previous / "Page 2 of 5" / Next as plain links (no JavaScript). A link that leads nowhere is
 * left out rather than disabled, so it is never focused for nothing.
 */
export function Pagination({
  page,
  pages,
  href,
  label = 'Pagination',
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  const link = buttonVariants({ variant: 'outline', size: 'sm' });
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4 text-sm">
      <div className="min-w-24">
        {page > 1 && (
          <a href={href(page - 1)} rel="prev" className={link}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </a>
        )}
      </div>
      <p className="text-muted-foreground">
        Page {page} of {pages}
      </p>
      <div className="flex min-w-24 justify-end">
        {page < pages && (
          <a href={href(page + 1)} rel="next" className={link}>
            Next
            <ChevronRight aria-hidden="true" />
          </a>
        )}
      </div>
    </nav>
  );
}
