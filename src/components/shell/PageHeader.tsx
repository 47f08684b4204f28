import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { NavKey } from '@/lib/workspace-nav';

export interface Crumb {
  href: string;
  label: string;
}

/** The navigation's section an admin page belongs to ("other": none). */
export type AdminSection = Exclude<NavKey, 'account' | 'account-availability' | 'account-notifications' | 'account-applications'> | 'other';

export interface PageHeaderProps {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
}

/**
 * A workspace page's own header inside the shell: where it sits (breadcrumbs) and its
 * heading. Compact, so the work starts high on the first screen.
 */
export function PageHeader({ title, crumbs = [], actions }: PageHeaderProps) {
  return (
    <div className="border-b border-border bg-white">
      <div className="mx-auto max-w-7xl px-4 py-3 sm:px-6 lg:px-8">
        {crumbs.length > 0 && (
          <nav aria-label="Breadcrumb" className="mb-2">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
              {crumbs.map((crumb) => (
                <li key={crumb.href} className="inline-flex items-center gap-1">
                  <a
                    href={crumb.href}
                    className="rounded hover:text-foreground hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    {crumb.label}
                  </a>
                  <ChevronRight aria-hidden="true" className="size-4" />
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
          {actions}
        </div>
      </div>
    </div>
  );
}
