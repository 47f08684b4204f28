import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Crumb {
  href: string;
  label: string;
}

/** The admin pages' title band: breadcrumbs, heading, and the admin sections. */
export function AdminHeader({ title, crumbs = [], current, actions }: { title: string; crumbs?: Crumb[]; current: 'dashboard' | 'messages' | 'audit' | 'other'; actions?: ReactNode }) {
  const tab = (href: string, label: string, active: boolean) => (
    <a
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white ${active ? 'bg-white/15 text-white' : 'text-[#c3cee3] hover:text-white'}`}
    >
      {label}
    </a>
  );
  return (
    <div className="bg-navy text-white">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-8 sm:px-6 lg:px-8">
        <nav aria-label="Admin sections" className="flex gap-2">
          {tab('/admin', 'Dashboard', current === 'dashboard')}
          {tab('/admin/messages', 'Messages', current === 'messages')}
          {tab('/admin/audit', 'Audit log', current === 'audit')}
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
