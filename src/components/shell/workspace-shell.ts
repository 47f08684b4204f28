import { showFlashToasts } from '@/components/ui/toast';
import { enhanceAuthControls } from '@/components/site/auth-controls';
import { NAV_COOKIE } from '@/lib/workspace-nav';

/**
 * The one script of every workspace page (WorkspaceLayout), without React: the phone menu, the
 * folding of the side navigation on wide screens (kept in a cookie so the server draws it folded
 * from the first paint), Logout, and toasts waiting from the previous page. Pages add their islands.
 */

const nav = document.querySelector<HTMLElement>('[data-workspace-nav]');
if (nav) {
  const toggle = nav.querySelector<HTMLButtonElement>('[data-nav-toggle]')!;
  const panel = nav.querySelector<HTMLElement>('[data-nav-panel]')!;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.toggleAttribute('data-open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  // Escape closes the phone menu and gives focus back to its button.
  nav.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });

  const collapse = nav.querySelector<HTMLButtonElement>('[data-nav-collapse]')!;
  collapse.addEventListener('click', () => {
    const collapsed = document.documentElement.dataset.nav !== 'collapsed';
    if (collapsed) document.documentElement.dataset.nav = 'collapsed';
    else delete document.documentElement.dataset.nav;
    collapse.setAttribute('aria-pressed', String(collapsed));
    // The words are hidden when folded: the tooltip says them instead.
    for (const element of nav.querySelectorAll<HTMLElement>('[data-nav-title]')) {
      if (collapsed) element.title = element.dataset.navTitle!;
      else element.removeAttribute('title');
    }
    document.cookie = `${NAV_COOKIE}=${collapsed ? 'collapsed' : ''}; Path=/; Max-Age=${collapsed ? 31_536_000 : 0}; SameSite=Lax`;
  });

  enhanceAuthControls(nav);
}

showFlashToasts();

// Tests and tools wait for this rather than guessing when the page became interactive.
document.documentElement.dataset.shell = 'ready';
