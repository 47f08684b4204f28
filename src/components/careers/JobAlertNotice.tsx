import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';

export interface JobAlertNoticeProps {
  title: string;
  children: ReactNode;
  /** A button posting to this address (confirm, unsubscribe): links in e-mails never act on GET. */
  action?: { href: string; label: string };
  /** The answer to what was done: announced to screen readers. */
  status?: boolean;
}

/** The pages of job alerts (check your e-mail, confirm, unsubscribe): one card, no script. */
export function JobAlertNotice({ title, children, action, status = false }: JobAlertNoticeProps) {
  return (
    <section className="bg-surface px-4 py-16 sm:py-24">
      <div
        role={status ? 'status' : undefined}
        className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-border bg-card p-8 text-center shadow-card"
      >
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="grid gap-2 text-muted-foreground">{children}</div>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {action && (
            <form method="post" action={action.href}>
              <Button type="submit">{action.label}</Button>
            </form>
          )}
          <LinkButton href="/careers" variant={action ? 'outline' : 'primary'}>
            See open positions
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
