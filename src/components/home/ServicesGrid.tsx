import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ContentIcon } from '@/components/content/ContentIcon';
import type { HomeServiceCard } from '@/content/types';
import { CardLink, CardMore } from '@/components/content/CardLink';

/** The home page's Our Services grid: each whole card links to its service page. */
export function ServicesGrid({ cards }: { cards: readonly HomeServiceCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.href}
          className="group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-card transition-shadow hover:shadow-popover"
        >
          <div className="flex items-center justify-between">
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary">
              <ContentIcon name={card.icon} className="size-6" />
            </span>
            <Badge variant="accent">{card.category}</Badge>
          </div>
          <h3 className="mt-5 text-lg font-semibold">
            <CardLink href={card.href}>{card.title}</CardLink>
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{card.description}</p>
          <ul className="mt-4 space-y-2 text-sm">
            {card.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                {bullet}
              </li>
            ))}
          </ul>
          <CardMore label="Explore service" />
        </li>
      ))}
    </ul>
  );
}
