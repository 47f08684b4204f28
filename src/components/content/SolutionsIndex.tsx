import type { DetailPage } from '@/content/types';
import { CardLink, CardMore } from '@/components/content/CardLink';

/** /solutions: every solution page as a card, AWS sub-pages grouped under Cloud Solutions. */
export function SolutionsIndex({ pages }: { pages: readonly DetailPage[] }) {
  const topLevel = pages.filter((page) => !page.path.startsWith('/solutions/aws/'));
  const awsPages = pages.filter((page) => page.path.startsWith('/solutions/aws/'));
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 className="sr-only">All solutions</h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {topLevel.map((page) => (
          <li
            key={page.path}
            className="group relative flex flex-col rounded-xl border border-border bg-card p-6 shadow-card hover:shadow-popover"
          >
            <p className="text-xs font-semibold tracking-wider text-accent uppercase">{page.eyebrow}</p>
            <h3 className="mt-2 text-xl font-semibold">
              <CardLink href={page.path}>{page.title}</CardLink>
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{page.lead}</p>
            <CardMore />
          </li>
        ))}
      </ul>
      <h2 className="mt-16 text-2xl font-bold tracking-tight">Cloud Solutions on AWS</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {awsPages.map((page) => (
          <li key={page.path} className="relative rounded-xl border border-border bg-surface p-5 hover:shadow-card">
            <h3 className="font-semibold">
              <CardLink href={page.path}>{page.title}</CardLink>
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{page.eyebrow}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
