import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface SectionProps {
  heading: string;
  intro?: string | undefined;
  /** Tinted background, to separate neighbouring sections. */
  tone?: 'plain' | 'tinted';
  className?: string;
  children: ReactNode;
}

/** A page section with its h2 and optional intro, labelled by the heading for landmarks. */
export function Section({ heading, intro, tone = 'plain', className, children }: SectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn(tone === 'tinted' ? 'bg-surface' : 'bg-background', className)}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="max-w-3xl">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {heading}
          </h2>
          {intro && <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{intro}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
