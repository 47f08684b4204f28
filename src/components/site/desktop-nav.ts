import { MenuController } from '@/lib/menu-controller';

/**
 * The behaviour of the server-rendered DesktopNav, without React: the spec's hover timings
 * (MenuController), click toggling, and the keyboard of the disclosure navigation pattern.
 * Tab moves through everything; Enter/Space toggle a group; ArrowDown opens it and enters its
 * links; arrows, Home and End move between items; Escape closes and returns to the trigger.
 * A click outside, focus leaving the menu or a chosen link closes it.
 */

type Step = 1 | -1 | 'first' | 'last';

const topLevelMoves: Record<string, Step> = { ArrowRight: 1, ArrowLeft: -1, Home: 'first', End: 'last' };
const panelMoves: Record<string, Step> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };

function moveFocus(items: HTMLElement[], from: Element | null, step: Step): void {
  if (items.length === 0) return;
  const index = items.indexOf(from as HTMLElement);
  const next = step === 'first' ? 0 : step === 'last' ? items.length - 1 : (index + step + items.length) % items.length;
  items[next]?.focus();
}

interface Group {
  id: string;
  trigger: HTMLButtonElement;
  panel: HTMLElement;
  links: () => HTMLElement[];
}

/** Wires `nav` (the `[data-desktop-nav]` element); returns a function that undoes it. */
export function enhanceDesktopNav(nav: HTMLElement, controller = new MenuController()): () => void {
  const groups: Group[] = [];
  for (const item of nav.querySelectorAll<HTMLElement>('[data-menu-group]')) {
    const trigger = item.querySelector<HTMLButtonElement>('button[aria-controls]');
    const panel = trigger && document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    if (!trigger || !panel) continue;
    groups.push({ id: item.dataset.menuGroup ?? '', trigger, panel, links: () => Array.from(panel.querySelectorAll<HTMLElement>('a')) });
  }
  const byId = (id: string | null) => groups.find((group) => group.id === id);
  const topLevelItems = () => Array.from(nav.querySelectorAll<HTMLElement>('[data-top-level]'));
  const aborter = new AbortController();
  const { signal } = aborter;

  // State to DOM, synchronously: a panel is visible the moment the controller opens it, so
  // ArrowDown can move focus into it at once.
  const render = (openId: string | null) => {
    for (const group of groups) {
      const open = group.id === openId;
      group.trigger.setAttribute('aria-expanded', String(open));
      group.panel.hidden = !open;
    }
  };
  const unsubscribe = controller.subscribe(render);
  render(controller.openId);

  for (const group of groups) {
    const item = group.trigger.closest<HTMLElement>('[data-menu-group]') ?? group.trigger;
    // Hover timings are for a mouse; touch and pen open by their click.
    item.addEventListener('pointerenter', (event) => event.pointerType === 'mouse' && controller.pointerEnterTrigger(group.id), { signal });
    item.addEventListener('pointerleave', (event) => event.pointerType === 'mouse' && controller.pointerLeave(group.id), { signal });
    group.trigger.addEventListener('click', () => controller.toggle(group.id), { signal });
    group.trigger.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        controller.open(group.id);
        group.links()[0]?.focus();
      },
      { signal },
    );
    group.panel.addEventListener(
      'keydown',
      (event) => {
        const step = panelMoves[event.key];
        if (step === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        moveFocus(group.links(), document.activeElement, step);
      },
      { signal },
    );
    group.panel.addEventListener('click', (event) => (event.target as Element).closest('a') && controller.close(), { signal });
  }

  nav.addEventListener(
    'keydown',
    (event) => {
      const open = byId(controller.openId);
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        controller.close();
        open.trigger.focus();
        return;
      }
      const step = topLevelMoves[event.key];
      const items = topLevelItems();
      if (step === undefined || !items.includes(document.activeElement as HTMLElement)) return;
      event.preventDefault();
      moveFocus(items, document.activeElement, step);
    },
    { signal },
  );
  nav.addEventListener('focusout', (event) => !nav.contains(event.relatedTarget as Node | null) && controller.close(), { signal });
  document.addEventListener(
    'pointerdown',
    (event) => controller.openId !== null && !nav.contains(event.target as Node) && controller.close(),
    { signal },
  );

  return () => {
    aborter.abort();
    unsubscribe();
    controller.dispose();
  };
}
