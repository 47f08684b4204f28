/**
 * The behaviour of the server-rendered MobileMenu, without React: the toggle opens and closes the
 * panel (aria-expanded, hidden); a chosen link, Escape (focus back on the toggle), a click outside
 * or growing the window to the desktop layout (which hides the toggle) closes it.
 */
export function enhanceMobileMenu(root: HTMLElement): () => void {
  const toggle = root.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = toggle && document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!toggle || !panel) return () => {};
  const aborter = new AbortController();
  const { signal } = aborter;
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };

  toggle.addEventListener('click', () => setOpen(!isOpen()), { signal });
  panel.addEventListener('click', (event) => (event.target as Element).closest('a') && setOpen(false), { signal });
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Escape' || !isOpen()) return;
      setOpen(false);
      toggle.focus();
    },
    { signal },
  );
  document.addEventListener('pointerdown', (event) => isOpen() && !root.contains(event.target as Node) && setOpen(false), { signal });
  const desktop = window.matchMedia('(min-width: 64rem)');
  desktop.addEventListener('change', () => desktop.matches && setOpen(false), { signal });

  return () => aborter.abort();
}
