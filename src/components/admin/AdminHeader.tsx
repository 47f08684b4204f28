import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Crumb {
  href: string;
  label: string;
}

export type AdminSection =
  'dashboard' | 'applications' | 'insights' | 'templates' | 'messages' | 'audit' | 'privacy' | 'retention' | 'other';

export interface AdminHeaderProps {
  title: string;
  crumbs?: Crumb[];
  current: AdminSection;
  /** The sections the viewer's role may open, in order (from the permission module): the only links shown. */
  sections: ReadonlyArray<{ key: string; href: string; label: string }>;
  /** Shown on the Messages tab when above zero. */
  unreadMessages?: number;
  actions?: ReactNode;
}

/** The admin pages' title band: breadcrumbs, heading, and the admin sections. */
export function AdminHeader({ title, crumbs = [], current, sections, unreadMessages = 0, actions }: AdminHeaderProps) {
  const tab = (href: string, label: string, active: boolean, badge?: ReactNode) => (
    <a
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white ${active ? 'bg-white/15 text-white' : 'text-[#c3cee3] hover:text-white'}`}
    >
      {label}
      {badge}
    </a>
  );
  const unreadBadge =
    unreadMessages > 0 ? (
      <span className="rounded-full bg-white px-2 py-0.5 text-xs leading-none font-bold text-navy tabular-nums">
        {unreadMessages}
        <span className="sr-only"> unread</span>
      </span>
    ) : undefined;
  return (
    <div className="bg-navy text-white">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-8 sm:px-6 lg:px-8">
        <nav aria-label="Admin sections" className="flex flex-wrap gap-2">
          {sections.map((section) => (
            <span key={section.key} className="contents">
              {tab(section.href, section.label, current === section.key, section.key === 'messages' ? unreadBadge : undefined)}
            </span>
          ))}
        </nav>
        {crumbs.length > 0 && (
          <nav aria-label="Breadcrumb" className="mt-6">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-[#c3cee3]">
              {crumbs.map((crumb) => (
                <li key={crumb.href} className="inline-flex items-center gap-1">
                  <a href={crumb.href} className="rounded hover:text-white focus-visible:outline-3 focus-visible:outline-white">
                    {crumb.label}
                  </a>
                  <ChevronRight aria-hidden="true" className="size-4" />
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          {actions}
        </div>
      </div>
    </div>
  );
}
