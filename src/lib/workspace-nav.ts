/** The cookie that keeps the workspace's side navigation folded to icons (a display choice, nothing more). */
export const NAV_COOKIE = 'helixpoint_nav';

export function navCollapsed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${NAV_COOKIE}=collapsed`);
}

/**
 * The inline script of the workspace's head: marks the page as scripted before the first paint, so
 * the phone menu starts folded only where its button can open it (without JavaScript it is shown).
 */
export const scriptedMarkScript = `document.documentElement.dataset.js='';`;

/** The workspace navigation's entries (the server's tables name the same keys: src/server/access/rules.ts). */
export type NavKey =
  | 'dashboard'
  | 'applications'
  | 'positions'
  | 'talent-pool'
  | 'offers'
  | 'insights'
  | 'analytics'
  | 'templates'
  | 'posts'
  | 'pages'
  | 'media'
  | 'messages'
  | 'meetings'
  | 'integrations'
  | 'sso'
  | 'privacy'
  | 'retention'
  | 'audit'
  | 'account'
  | 'account-availability'
  | 'account-notifications'
  | 'account-api-tokens'
  | 'account-applications';

export interface NavItem {
  key: NavKey;
  href: string;
  label: string;
  /** Work waiting there, shown when above zero, and what it counts ("3 new"). */
  count?: { value: number; label: string };
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** "Notifications, 3 unread": the bell's accessible name (the shell's script writes it again as the count changes). */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');
