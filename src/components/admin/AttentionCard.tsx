import type { ReactNode } from 'react';

export interface AttentionItem {
  /** Where it opens; none for an item with no page of its own (a meeting: its details are here). */
  href?: string;
  key?: string;
  /** What the row is: a person's name. */
  title: string;
  /** Where it stands, in a few words (position, status, since when). */
  detail: string;
}

export interface AttentionCardProps {
  id: string;
  title: string;
  /** One sentence: how much waits (or that nothing does). */
  summary: string;
  items: AttentionItem[];
  /** The card's next steps: a button to start, a link to the whole list. */
  children?: ReactNode;
}

/**
 * One thing on a role's home that waits for this person today (issue 30): a count in words, the
 * first few, each a link, and the way to the rest. Rendered on the server only.
 */
export function AttentionCard({ id, title, summary, items, children }: AttentionCardProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col rounded-xl border border-border bg-white p-5 shadow-sm">
      <h2 id={`${id}-heading`} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{summary}</p>
      {items.length > 0 && (
        <ul className="mt-3 divide-y divide-border border-y border-border">
          {items.map((item) => (
            <li key={item.key ?? item.href}>
              {item.href ? (
                <a
                  href={item.href}
                  className="flex min-h-11 flex-col justify-center rounded py-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="font-medium text-primary underline-offset-4 hover:underline">{item.title}</span>
                  <span className="text-sm text-muted-foreground">{item.detail}</span>
                </a>
              ) : (
                <div className="flex min-h-11 flex-col justify-center py-2">
                  <span className="font-medium">{item.title}</span>
                  <span className="text-sm text-muted-foreground">{item.detail}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {children && <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">{children}</div>}
    </section>
  );
}
