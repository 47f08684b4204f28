import { ChevronDown } from 'lucide-react';
import { ariaCurrent, contactLink, navGroups } from '@/lib/navigation';

const topLevelClassName =
  'inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-foreground transition-colors hover:bg-muted hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-expanded:bg-muted aria-expanded:text-primary aria-[current=page]:text-primary';

/**
 * The desktop navigation: the four groups as disclosure buttons with link panels (WAI-ARIA
 * disclosure navigation), then Contact. Rendered on the server only; its behaviour (hover
 * timings, clicks, keyboard, ARIA states) is added by enhanceDesktopNav (desktop-nav.ts), which
 * finds its parts by the data attributes and aria-controls below.
 */
export function DesktopNav({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Main" className="hidden lg:block" data-desktop-nav>
      <ul className="flex items-center gap-1">
        {navGroups.map((group) => {
          const panelId = `nav-panel-${group.id}`;
          return (
            <li key={group.id} className="relative" data-menu-group={group.id}>
              <button type="button" data-top-level aria-expanded="false" aria-controls={panelId} className={`group ${topLevelClassName}`}>
                {group.label}
                <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-150 group-aria-expanded:rotate-180" />
              </button>
              {/* Padding, not margin, above the panel: the pointer never crosses a gap on its way down. */}
              <div
                id={panelId}
                hidden
                className={`absolute top-full z-50 animate-fade-in pt-2 ${group.id === 'company' ? 'right-0' : 'left-0'}`}
              >
                <ul
                  className={`grid gap-1 rounded-xl border border-border bg-white p-2 shadow-popover ${
                    group.links.length > 4 ? 'w-[34rem] grid-cols-2' : 'w-72'
                  }`}
                >
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <a
                        href={link.href}
                        aria-current={ariaCurrent(link.href, pathname)}
                        className="block rounded-lg px-3 py-2.5 transition-colors hover:bg-muted focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring aria-[current=page]:bg-primary-soft"
                      >
                        <span className="block text-sm font-semibold text-foreground">{link.label}</span>
                        <span className="mt-0.5 block text-xs leading-snug text-muted-foreground">{link.description}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
        <li>
          <a href={contactLink.href} data-top-level aria-current={ariaCurrent(contactLink.href, pathname)} className={topLevelClassName}>
            {contactLink.label}
          </a>
        </li>
      </ul>
    </nav>
  );
}
