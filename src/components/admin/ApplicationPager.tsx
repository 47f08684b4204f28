import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';

const linkClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** True when a key press belongs to what the person is typing, not to the page. */
function typing(event: KeyboardEvent): boolean {
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, select, textarea'));
}

/**
 * Back to the list, and the previous and next application in it: links anyone can follow, and
 * j (next) and k (previous) from anywhere on the page except while typing, as in the list.
 */
export function ApplicationPager({
  listHref,
  previousHref,
  nextHref,
}: {
  listHref: string;
  previousHref: string | null;
  nextHref: string | null;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typing(event)) return;
      const href = event.key === 'j' ? nextHref : event.key === 'k' ? previousHref : null;
      if (href) window.location.assign(href);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previousHref, nextHref]);

  return (
    <nav aria-label="Applications" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 pt-6 sm:px-6 lg:px-8">
      <a href={listHref} className={linkClass}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the list
      </a>
      <span className="flex-1" />
      {previousHref && (
        <a href={previousHref} className={linkClass} aria-keyshortcuts="k" rel="prev">
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous application
        </a>
      )}
      {nextHref && (
        <a href={nextHref} className={linkClass} aria-keyshortcuts="j" rel="next">
          Next application
          <ChevronRight aria-hidden="true" className="size-4" />
        </a>
      )}
      <span className="hidden text-xs text-muted-foreground sm:inline">
        Keys: <kbd className="rounded border border-border px-1">j</kbd> next, <kbd className="rounded border border-border px-1">k</kbd>{' '}
        previous
      </span>
    </nav>
  );
}
