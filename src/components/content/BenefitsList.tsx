import { CircleCheck } from 'lucide-react';
import type { Benefit } from '@/content/types';

export function BenefitsList({ items }: { items: readonly Benefit[] }) {
  return (
    // Four items fill two rows of two; three columns would leave one alone.
    <ul className={`grid gap-x-8 gap-y-6 sm:grid-cols-2 ${items.length === 4 ? '' : 'lg:grid-cols-3'}`}>
      {items.map((item) => (
        <li key={item.title} className="flex gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-accent" />
          <div>
            <h3 className="font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
