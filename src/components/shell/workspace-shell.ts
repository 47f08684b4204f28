import { showFlashToasts } from '@/components/ui/toast';
import { enhanceAuthControls } from '@/components/site/auth-controls';
import { bellLabel, NAV_COOKIE } from '@/lib/workspace-nav';

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

// The counts (issue 51): the bell's unread and the navigation's, asked again every 30 s while the tab
// is shown, when it is shown again, and after an action changed something (run-admin-action.ts
// announces it with a "workspace:changed" event). A staff member's page only (nobody else has the bell).
const bell = document.querySelector<HTMLAnchorElement>('[data-notifications-bell]');
if (bell) {
  const badge = bell.querySelector<HTMLElement>('[data-bell-count]')!;
  const refresh = async () => {
    if (document.visibilityState !== 'visible') return;
    try {
      const response = await fetch('/api/workspace/counts', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
      if (!response.ok) return;
      const { unread, nav: counts } = (await response.json()) as { unread: number; nav: Record<string, number> };
      badge.textContent = unread > 99 ? '99+' : String(unread);
      badge.classList.toggle('hidden', unread === 0);
      bell.setAttribute('aria-label', bellLabel(unread));
      for (const [key, value] of Object.entries(counts)) {
        const element = document.querySelector<HTMLElement>(`[data-nav-count="${key}"]`);
        if (!element) continue;
        element.querySelector('[data-count-value]')!.textContent = String(value);
        element.hidden = value === 0;
      }
    } catch {
      // Offline for a moment: the next turn asks again.
    }
  };
  setInterval(() => void refresh(), 30_000);
  document.addEventListener('visibilitychange', () => void refresh());
  document.addEventListener('workspace:changed', () => void refresh());
}

showFlashToasts();

// Tests and tools wait for this rather than guessing when the page became interactive.
document.documentElement.dataset.shell = 'ready';
