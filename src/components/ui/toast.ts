import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { clearFlashCookie, flashCookie, readFlashCookie, type FlashToast } from '@/lib/flash';

/**
 * Every toast of the site goes through here. The toast area (the toast library, and React where
 * the page has none) loads only when a toast is first shown: most pages never show one, and a
 * page without React islands must not ship React for a toast it may never need
 * (docs/decisions/003 and 015). Calls made while it loads are replayed in order; ids are ours, so
 * a toast can be dismissed before the area exists.
 */

type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];
type Kind = 'message' | 'success' | 'error' | 'info';

let area: Promise<Sonner> | undefined;
const loadArea = () =>
  (area ??= import('./sonner-toaster').then(
    (module) => module.mountToastArea(),
    (error: unknown) => {
      // Offline, or a deploy replaced the file: the next toast tries again.
      area = undefined;
      throw error;
    },
  ));

/**
 * Mounts the toast area ahead of a form's first toast (on the form's first focus): a screen reader
 * hears what is added to a live region that exists, not always a region added with its first toast.
 */
export function prepareToasts(): void {
  loadArea().catch(() => undefined);
}

let lastId = 0;

function show(kind: Kind, title: Message, options?: ExternalToast): string | number {
  const id = options?.id ?? `toast-${(lastId += 1)}`;
  void loadArea().then((sonner) => sonner[kind](title, { ...options, id }));
  return id;
}

export const toast = {
  message: (title: Message, options?: ExternalToast) => show('message', title, options),
  success: (title: Message, options?: ExternalToast) => show('success', title, options),
  /** The spec's "destructive" toasts. */
  error: (title: Message, options?: ExternalToast) => show('error', title, options),
  info: (title: Message, options?: ExternalToast) => show('info', title, options),
  /** Dismisses one toast, or all; nothing to do when no toast was ever shown. */
  dismiss(id?: string | number): void {
    if (area) void area.then((sonner) => sonner.dismiss(id));
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

/** Shows the toasts waiting in the flash cookie (set by the previous page or a server redirect), once. */
export function showFlashToasts(): void {
  const pending = readFlashCookie(document.cookie);
  if (pending.length === 0) return;
  document.cookie = clearFlashCookie();
  for (const toast of pending) showToast(toast);
}
