import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { clearFlashCookie, readFlashCookie } from '@/lib/flash';
import { showToast } from './toast';

/** The toast list itself; loaded on demand by the global <Toaster />. */
export default function SonnerToaster() {
  useEffect(() => {
    const pending = readFlashCookie(document.cookie);
    if (pending.length === 0) return;
    document.cookie = clearFlashCookie();
    for (const toast of pending) showToast(toast);
  }, []);

  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      // Spec section 9: toasts stay 5 s (sonner's default is 4 s).
      duration={5000}
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
