import { Menu, X } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { ariaCurrent, contactLink, navGroups } from '@/lib/navigation';

const linkClassName =
  'block rounded-md px-3 py-2.5 text-base font-medium text-foreground hover:bg-muted focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary';

/**
 * Below the desktop breakpoint the same links sit in a panel behind a toggle (a disclosure).
 * Rendered on the server only; enhanceMobileMenu (mobile-menu.ts) opens and closes it: choosing a
 * link, pressing Escape, clicking outside or growing to the desktop layout closes it.
 */
export function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <div className="lg:hidden" data-mobile-menu>
      <button
        type="button"
        aria-expanded="false"
        aria-controls="mobile-menu"
        className={`group ${buttonVariants({ variant: 'ghost', size: 'icon' })}`}
      >
        <Menu aria-hidden="true" className="size-6! group-aria-expanded:hidden" />
        <X aria-hidden="true" className="hidden size-6! group-aria-expanded:block" />
        <span className="sr-only">Menu</span>
      </button>
      <div
        id="mobile-menu"
        hidden
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] animate-fade-in overflow-y-auto border-b border-border bg-white shadow-popover"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
          <div className="grid gap-x-6 sm:grid-cols-2">
            {navGroups.map((group) => (
              <section key={group.id} aria-labelledby={`mobile-nav-${group.id}`} className="mb-4">
                <h2
                  id={`mobile-nav-${group.id}`}
                  className="px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
                >
                  {group.label}
                </h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href} aria-current={ariaCurrent(link.href, pathname)} className={linkClassName}>
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <div className="mt-2 border-t border-border pt-4">
            <a href={contactLink.href} aria-current={ariaCurrent(contactLink.href, pathname)} className={`${linkClassName} font-semibold`}>
              {contactLink.label}
            </a>
          </div>
        </nav>
      </div>
    </div>
  );
}
