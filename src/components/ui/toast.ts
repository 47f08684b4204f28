import { toast as sonnerToast, type ExternalToast } from 'sonner';
import { flashCookie, readFlashCookie, type FlashToast } from '@/lib/flash';
import { TOASTER_REQUEST_EVENT } from './toaster-events';

/**
 * The global toast area loads its code only when a toast is first needed (it is on every page,
 * and most pages never toast). Every toast goes through here so the area is asked to mount first;
 * the toast library replays toasts created before it subscribed, so none is lost.
 */

function requestToaster(): void {
  window.dispatchEvent(new Event(TOASTER_REQUEST_EVENT));
}

type Message = Parameters<typeof sonnerToast>[0];

export const toast = {
  message(title: Message, options?: ExternalToast) {
    requestToaster();
    return sonnerToast(title, options);
  },
  success(title: Message, options?: ExternalToast) {
    requestToaster();
    return sonnerToast.success(title, options);
  },
  /** The spec's "destructive" toasts. */
  error(title: Message, options?: ExternalToast) {
    requestToaster();
    return sonnerToast.error(title, options);
  },
  info(title: Message, options?: ExternalToast) {
    requestToaster();
    return sonnerToast.info(title, options);
  },
  dismiss(id?: string | number) {
    return sonnerToast.dismiss(id);
  },
};

/**
 * Shows a toast described as data (flash cookie, success sequences); links become its buttons.
 * Toasts given the same id replace one another (a form's success replaces its earlier errors).
 */
export function showToast({ kind, title, description, duration, links = [] }: FlashToast, options: { id?: string } = {}): string | number {
  const [first, second] = links;
  const go = (href: string) => () => window.location.assign(href);
  return toast[kind](title, {
    ...options,
    description,
    duration,
    ...(first ? { action: { label: first.label, onClick: go(first.href) } } : {}),
    ...(second ? { cancel: { label: second.label, onClick: go(second.href) } } : {}),
  });
}

/** Queue a toast for the page the browser is about to load (the next page shows it). */
export function flashToast(...toasts: FlashToast[]): void {
  document.cookie = flashCookie([...readFlashCookie(document.cookie), ...toasts]);
}
