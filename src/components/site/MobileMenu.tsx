import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { ariaCurrent, contactLink, navGroups } from '@/lib/navigation';

const linkClassName =
  'block rounded-md px-3 py-2.5 text-base font-medium text-foreground hover:bg-muted focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary';

/**
 * Below the desktop breakpoint the same links sit in a panel behind a toggle (a disclosure).
 * Choosing a link, pressing Escape or clicking outside closes it.
 */
export function MobileMenu({ pathname }: { pathname: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Growing the window to the desktop layout hides the toggle; do not leave the panel open.
    const desktop = window.matchMedia('(min-width: 64rem)');
    const onDesktop = () => desktop.matches && setOpen(false);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    desktop.addEventListener('change', onDesktop);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      desktop.removeEventListener('change', onDesktop);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        onClick={() => setOpen((value) => !value)}
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      >
        {open ? <X aria-hidden="true" className="size-6!" /> : <Menu aria-hidden="true" className="size-6!" />}
        <span className="sr-only">Menu</span>
      </button>
      <div
        id="mobile-menu"
        hidden={!open}
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
                      <a href={link.href} onClick={close} aria-current={ariaCurrent(link.href, pathname)} className={linkClassName}>
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
          <div className="mt-2 border-t border-border pt-4">
            <a
              href={contactLink.href}
              onClick={close}
              aria-current={ariaCurrent(contactLink.href, pathname)}
              className={`${linkClassName} font-semibold`}
            >
              {contactLink.label}
            </a>
          </div>
        </nav>
      </div>
    </div>
  );
}
