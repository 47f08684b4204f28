import { isSitePath, sitePath } from './site-path.ts';

/**
 * Toasts that survive a navigation ("Logged out successfully" shown on the page we land on,
 * "Access Denied" after a server redirect). They travel in a short-lived, non-HttpOnly cookie,
 * so both the server (a Set-Cookie on a redirect) and the browser can queue one; the global
 * toast area shows and clears them on the next page.
 */

export type FlashKind = 'success' | 'error' | 'info' | 'message';

export interface FlashToast {
  kind: FlashKind;
  title: string;
  description?: string;
  /** Milliseconds; the toast library's default when unset. */
  duration?: number;
  /** Up to two buttons that go somewhere on this site ("View More Jobs", "Homepage"). */
  links?: FlashLink[];
}

export interface FlashLink {
  label: string;
  /** A path on this site: a cookie anyone can set must not become a link elsewhere. */
  href: string;
}

function decodeLinks(value: unknown): FlashLink[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((link: unknown): link is FlashLink => {
      const { label, href } = (link ?? {}) as Record<string, unknown>;
      return typeof label === 'string' && isSitePath(href);
    })
    .slice(0, 2)
    .map(({ label, href }) => ({ label, href: sitePath(href)! }));
}

export const FLASH_COOKIE = 'flash';
const MAX_AGE_SECONDS = 60;
const kinds: readonly FlashKind[] = ['success', 'error', 'info', 'message'];

export function encodeFlash(toasts: readonly FlashToast[]): string {
  return encodeURIComponent(JSON.stringify(toasts));
}

/** Parses a cookie value; anything malformed or foreign yields no toasts rather than an error. */
export function decodeFlash(value: string | undefined): FlashToast[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(value));
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown): FlashToast[] => {
      if (typeof item !== 'object' || item === null) return [];
      const { kind, title, description, duration, links } = item as Record<string, unknown>;
      if (!kinds.includes(kind as FlashKind) || typeof title !== 'string') return [];
      const validLinks = decodeLinks(links);
      return [
        {
          kind: kind as FlashKind,
          title,
          ...(typeof description === 'string' ? { description } : {}),
          ...(typeof duration === 'number' ? { duration } : {}),
          ...(validLinks.length > 0 ? { links: validLinks } : {}),
        },
      ];
    });
  } catch {
    return [];
  }
}

/** In the browser: whether this page came over https (the server passes its own setting). */
const pageIsHttps = () => typeof location !== 'undefined' && location.protocol === 'https:';

/** The Set-Cookie value that queues `toasts` for the next page (server or browser); `Secure` over https. */
export function flashCookie(toasts: readonly FlashToast[], secure = pageIsHttps()): string {
  return `${FLASH_COOKIE}=${encodeFlash(toasts)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearFlashCookie(): string {
  return `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Reads the flash cookie out of a Cookie header or `document.cookie`. */
export function readFlashCookie(cookieHeader: string): FlashToast[] {
  const entry = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${FLASH_COOKIE}=`));
  return decodeFlash(entry?.slice(FLASH_COOKIE.length + 1));
}
