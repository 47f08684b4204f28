import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { toast, Toaster } from 'sonner';

/**
 * The global toast area (spec: "a global notification (toast) area"), mounted on first use by
 * @/components/ui/toast into its own root, so it works the same on pages with and without React
 * islands.
 *
 * Where: top right on wide screens, below the sticky header so Sign In and the menu stay usable;
 * on phones across the bottom (the toast library's own narrow layout starts at 600 px), clear of
 * the header, the menu button and the page's heading.
 */
const narrowQuery = '(max-width: 600px)';
const headerHeight = 64;

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function ToastArea() {
  const narrow = useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
  return (
    <Toaster
      position={narrow ? 'bottom-center' : 'top-right'}
      offset={{ top: headerHeight + 16, right: 24 }}
      mobileOffset={{ bottom: 16, left: 12, right: 12 }}
      richColors
      closeButton
      // Spec section 9: toasts stay 5 s (the library's default is 4 s).
      duration={5000}
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}

let mounted = false;

/** Mounts the area once and hands back the toast library's API. */
export function mountToastArea(): typeof toast {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    host.dataset.toastArea = '';
    document.body.append(host);
    createRoot(host).render(<ToastArea />);
  }
  return toast;
}
