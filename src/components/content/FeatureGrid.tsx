import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';
import type { FeatureCard } from '@/content/types';
import { ContentIcon } from './ContentIcon';
import { CardLink, CardMore } from '@/components/content/CardLink';

/**
 * Cards in a grid. Each enters with the spec's animation, delayed 0.1 s per card index (CSS only;
 * none under prefers-reduced-motion). A card with a link is clickable as a whole.
 */
export function FeatureGrid({ cards, columns }: { cards: readonly FeatureCard[]; columns?: 2 | 3 | 4 }) {
  const cols = columns ?? (cards.length === 4 ? 4 : cards.length === 2 ? 2 : 3);
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2', cols === 3 && 'lg:grid-cols-3', cols === 4 && 'lg:grid-cols-2 xl:grid-cols-4')}>
      {cards.map((card, index) => (
        <li
          key={card.title}
          style={{ '--card-delay': `${index * 0.1}s` } as CSSProperties}
          className="card-enter group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-card transition-shadow hover:shadow-popover"
        >
          <span className="inline-flex size-12 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <ContentIcon name={card.icon} className="size-6" />
          </span>
          <h3 className="mt-5 text-lg font-semibold">{card.href ? <CardLink href={card.href}>{card.title}</CardLink> : card.title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{card.description}</p>
          {card.bullets && card.bullets.length > 0 && (
            <ul className="mt-4 space-y-2 text-sm">
              {card.bullets.map((bullet) => (
                <li key={bullet} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                  <span>{bullet}</span>
                </li>
              ))}
            </ul>
          )}
          {card.href && <CardMore />}
        </li>
      ))}
    </ul>
  );
}
