import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The card's title link, stretched over the whole card (its parent must be `relative`), so the
 * card is one click target with one accessible name, and the focus ring outlines the card.
 */
export function CardLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
    >
      {children}
    </a>
  );
}

/** The visual "Learn More →" at the foot of a linked card; the title link is what gets announced. */
export function CardMore({
  label = 'Learn More',
  icon = <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />,
}: {
  label?: string;
  icon?: ReactNode;
}) {
  return (
    <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-primary">
      {label}
      {icon}
    </span>
  );
}
