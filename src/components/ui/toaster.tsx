import { lazy, Suspense, useEffect, useState } from 'react';
import { readFlashCookie } from '@/lib/flash';
import { TOASTER_REQUEST_EVENT } from './toaster-events';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/**
 * The global toast area, on every page. Its code (the toast library) is fetched only when a toast
 * is requested on this page or one is waiting from the previous page or a server redirect.
 */
export function Toaster() {
  // Rendered only in the browser (client:only), so the cookie can be read up front.
  const [needed, setNeeded] = useState(() => readFlashCookie(document.cookie).length > 0);

  useEffect(() => {
    const onRequest = () => setNeeded(true);
    window.addEventListener(TOASTER_REQUEST_EVENT, onRequest);
    return () => window.removeEventListener(TOASTER_REQUEST_EVENT, onRequest);
  }, []);

  return needed ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
