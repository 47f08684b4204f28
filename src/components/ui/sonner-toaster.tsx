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
    pending.forEach(showToast);
  }, []);

  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'font-sans', title: 'font-semibold' } }}
    />
  );
}
