import { ArrowRight, Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ContentIcon } from '@/components/content/ContentIcon';
import type { HomeServiceCard } from '@/content/types';

/** The home page's Our Services grid: each whole card links to its service page. */
export function ServicesGrid({ cards }: { cards: readonly HomeServiceCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.href} className="group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-card transition-shadow hover:shadow-popover">
          <div className="flex items-center justify-between">
            <span className="inline-flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary">
              <ContentIcon name={card.icon} className="size-6" />
            </span>
            <Badge variant="accent">{card.category}</Badge>
          </div>
          <h3 className="mt-5 text-lg font-semibold">
            <a
              href={card.href}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
            >
              {card.title}
            </a>
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
          <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-primary">
            Explore service
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        </li>
      ))}
    </ul>
  );
}
