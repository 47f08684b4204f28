import type { ReactNode } from 'react';

/** One part of the account page: a heading, a lead and its form. Server-rendered. */
export function AccountSection({ id, title, lead, children }: { id: string; title: string; lead?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-24 rounded-2xl border border-border bg-card p-6 shadow-card sm:p-8"
    >
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-muted-foreground">{lead}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
