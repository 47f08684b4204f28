import { ArrowRight } from 'lucide-react';
import type { DetailPage } from '@/content/types';

/** /solutions: every solution page as a card, AWS sub-pages grouped under Cloud Solutions. */
export function SolutionsIndex({ pages }: { pages: readonly DetailPage[] }) {
  const topLevel = pages.filter((page) => !page.path.startsWith('/solutions/aws/'));
  const awsPages = pages.filter((page) => page.path.startsWith('/solutions/aws/'));
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 className="sr-only">All solutions</h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {topLevel.map((page) => (
          <li key={page.path} className="group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-card hover:shadow-popover">
            <p className="text-xs font-semibold tracking-wider text-accent uppercase">{page.eyebrow}</p>
            <h3 className="mt-2 text-xl font-semibold">
              <a
                href={page.path}
                className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
              >
                {page.title}
              </a>
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{page.lead}</p>
            {page.path === '/solutions/aws' && (
              <ul className="relative z-10 mt-4 flex flex-wrap gap-2">
                {awsPages.map((sub) => (
                  <li key={sub.path}>
                    <a
                      href={sub.path}
                      className="inline-flex rounded-full bg-primary-soft px-3 py-1 text-xs font-semibold text-primary hover:bg-[#d9e3fb] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                    >
                      {sub.title.replace(/^AWS /, '')}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-primary">
              Learn More
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
