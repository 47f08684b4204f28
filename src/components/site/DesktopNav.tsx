import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { MenuController } from '@/lib/menu-controller';
import { ariaCurrent, contactLink, navGroups } from '@/lib/navigation';

const topLevelClassName =
  'inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-semibold text-foreground transition-colors hover:bg-muted hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring aria-expanded:bg-muted aria-expanded:text-primary aria-[current=page]:text-primary';

const whenMouse = (handler: () => void) => (event: PointerEvent) => {
  if (event.pointerType === 'mouse') handler();
};

/** Top-level items (group triggers and the Contact link), in order, for arrow-key movement. */
function topLevelItems(nav: HTMLElement): HTMLElement[] {
  return Array.from(nav.querySelectorAll<HTMLElement>('[data-top-level]'));
}

function moveFocus(items: HTMLElement[], from: Element | null, step: 1 | -1 | 'first' | 'last'): void {
  if (items.length === 0) return;
  const index = items.indexOf(from as HTMLElement);
  const next = step === 'first' ? 0 : step === 'last' ? items.length - 1 : (index + step + items.length) % items.length;
  items[next]?.focus();
}

/**
 * The desktop navigation: the four groups as disclosure buttons with link panels, then Contact.
 * Keyboard: Tab moves through everything; Enter/Space toggle a group; ArrowDown opens it and
 * enters its links; arrows move between items; Escape closes and returns to the trigger.
 */
export function DesktopNav({ pathname }: { pathname: string }) {
  const [controller] = useState(() => new MenuController());
  const openId = useSyncExternalStore(
    (listener) => controller.subscribe(listener),
    () => controller.openId,
    () => null,
  );
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();

  useEffect(() => () => controller.dispose(), [controller]);

  // A click anywhere outside the menu closes it.
  useEffect(() => {
    if (openId === null) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) controller.close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId, controller]);

  const panelLinks = (groupId: string) =>
    Array.from(navRef.current?.querySelectorAll<HTMLElement>(`#${CSS.escape(`${baseId}-${groupId}`)} a`) ?? []);

  const onTriggerKeyDown = (groupId: string) => (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    flushSync(() => controller.open(groupId));
    panelLinks(groupId)[0]?.focus();
  };

  const onPanelKeyDown = (groupId: string) => (event: KeyboardEvent) => {
    const links = panelLinks(groupId);
    const moves: Record<string, 1 | -1 | 'first' | 'last'> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
    const step = moves[event.key];
    if (step === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    moveFocus(links, document.activeElement, step);
  };

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const nav = navRef.current;
    if (!nav) return;
    if (event.key === 'Escape' && openId !== null) {
      event.preventDefault();
      const trigger = nav.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(`${baseId}-${openId}`)}"]`);
      controller.close();
      trigger?.focus();
      return;
    }
    const moves: Record<string, 1 | -1 | 'first' | 'last'> = { ArrowRight: 1, ArrowLeft: -1, Home: 'first', End: 'last' };
    const step = moves[event.key];
    const items = topLevelItems(nav);
    if (step === undefined || !items.includes(document.activeElement as HTMLElement)) return;
    event.preventDefault();
    moveFocus(items, document.activeElement, step);
  };

  return (
    // Keyboard handling is delegated here from the focusable triggers and links inside.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions
    <nav
      ref={navRef}
      aria-label="Main"
      className="hidden lg:block"
      onKeyDown={onNavKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) controller.close();
      }}
    >
      <ul className="flex items-center gap-1">
        {navGroups.map((group) => {
          const open = openId === group.id;
          const panelId = `${baseId}-${group.id}`;
          return (
            <li
              key={group.id}
              className="relative"
              onPointerEnter={whenMouse(() => controller.pointerEnterTrigger(group.id))}
              onPointerLeave={whenMouse(() => controller.pointerLeave(group.id))}
            >
              <button
                type="button"
                data-top-level
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => controller.toggle(group.id)}
                onKeyDown={onTriggerKeyDown(group.id)}
                className={`group ${topLevelClassName}`}
              >
                {group.label}
                <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-150 group-aria-expanded:rotate-180" />
              </button>
              {/* Padding, not margin, above the panel: the pointer never crosses a gap on its way down. */}
              {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- arrow keys from the links inside */}
              <div
                id={panelId}
                hidden={!open}
                onKeyDown={onPanelKeyDown(group.id)}
                className={`absolute top-full z-50 animate-fade-in pt-2 ${group.id === 'company' ? 'right-0' : 'left-0'}`}
              >
                <ul
                  className={`grid gap-1 rounded-xl border border-border bg-white p-2 shadow-popover ${
                    group.links.length > 4 ? 'w-[34rem] grid-cols-2' : 'w-72'
                  }`}
                >
                  {group.links.map((link) => {
                    return (
                      <li key={link.href}>
                        <a
                          href={link.href}
                          aria-current={ariaCurrent(link.href, pathname)}
                          onClick={() => controller.close()}
                          className="block rounded-lg px-3 py-2.5 transition-colors hover:bg-muted focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring aria-[current=page]:bg-primary-soft"
                        >
                          <span className="block text-sm font-semibold text-foreground">{link.label}</span>
                          <span className="mt-0.5 block text-xs leading-snug text-muted-foreground">{link.description}</span>
                        </a>
                      </li>
                    );
                  })}
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
