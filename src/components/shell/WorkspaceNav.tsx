import {
  Archive,
  Bell,
  BellRing,
  BriefcaseBusiness,
  CalendarClock,
  CalendarDays,
  ChartColumn,
  CircleUser,
  Globe,
  Inbox,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessagesSquare,
  PanelLeftClose,
  ScrollText,
  ShieldCheck,
  UserSearch,
  Newspaper,
  FileText,
  FileSignature,
  Images,
  KeyRound,
  Webhook,
  IdCard,
  ChartLine,
  X,
  type LucideIcon,
} from 'lucide-react';
import { bellLabel, type NavGroup, type NavKey } from '@/lib/workspace-nav';
import { siteConfig } from '@/lib/site-config';

const icons: Record<NavKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  applications: Inbox,
  positions: BriefcaseBusiness,
  'talent-pool': UserSearch,
  offers: FileSignature,
  posts: Newspaper,
  pages: FileText,
  media: Images,
  insights: ChartColumn,
  analytics: ChartLine,
  templates: Mail,
  messages: MessagesSquare,
  meetings: CalendarDays,
  integrations: Webhook,
  sso: IdCard,
  privacy: ShieldCheck,
  retention: Archive,
  audit: ScrollText,
  account: CircleUser,
  'account-availability': CalendarClock,
  'account-notifications': BellRing,
  'account-api-tokens': KeyRound,
  'account-applications': BriefcaseBusiness,
};

export interface WorkspaceNavProps {
  groups: NavGroup[];
  /** The page's section; marked aria-current="page" (a page inside it, e.g. one application: "true"). */
  current: NavKey | null;
  /** Whether the current page is the section's own page or a page inside it. */
  currentIsPage: boolean;
  person: { name: string; role: string };
  /** Where the brand leads: the admin home for staff, the account for candidates. */
  home: string;
  collapsed: boolean;
  /** The bell of one's notifications (staff): unread count, and whether this is the notifications page. */
  bell?: { unread: number; current: boolean } | null;
}

// Collapsed (wide screens, the person's choice kept in a cookie): icons only, the words kept for
// screen readers and as a tooltip. The class names the variant of global.css (html[data-nav=collapsed]).
const whenCollapsed = {
  label: 'nav-collapsed:lg:sr-only',
  hidden: 'nav-collapsed:lg:hidden',
};

const focusRing = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white';

/**
 * The workspace's side navigation (issue 30), rendered on the server without React on the page:
 * its menu button, collapse button and Logout are wired by workspace-shell.ts. A phone shows a bar
 * with the menu button; the list opens below it. Without JavaScript the list is simply shown.
 */

export function WorkspaceNav({ groups, current, currentIsPage, person, home, collapsed, bell }: WorkspaceNavProps) {
  return (
    <header
      data-workspace-nav
      className="sticky top-0 z-40 flex max-h-dvh flex-col bg-navy text-navy-foreground lg:h-dvh lg:w-64 nav-collapsed:lg:w-[4.5rem]"
    >
      <div className="flex h-14 shrink-0 items-center justify-between gap-3 px-4 lg:h-16 nav-collapsed:lg:h-auto nav-collapsed:lg:flex-col nav-collapsed:lg:py-3">
        <a href={home} className={`inline-flex min-w-0 items-center gap-2.5 rounded-md font-bold text-white ${focusRing}`}>
          <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
            <rect width="32" height="32" rx="8" fill="#ffffff" />
            <path d="M10 8c0 6 12 10 12 16M22 8c0 6-12 10-12 16" fill="none" stroke="#1849c6" strokeLinecap="round" strokeWidth="2.5" />
            <path d="M12 13h8M12 19h8" stroke="#0e7c86" strokeLinecap="round" strokeWidth="2" />
          </svg>
          <span className={`truncate ${whenCollapsed.label}`}>{siteConfig.name}</span>
        </a>
        {bell && (
          // Beside the brand on every width (a phone shows it without opening the menu); its count kept
          // current by workspace-shell.ts while the tab is shown.
          <a
            href="/admin/notifications"
            data-notifications-bell
            aria-label={bellLabel(bell.unread)}
            aria-current={bell.current ? 'page' : undefined}
            title="Notifications"
            className={`relative ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/10 lg:size-9 nav-collapsed:lg:ml-0 ${bell.current ? 'bg-white/15' : ''} ${focusRing}`}
          >
            <Bell aria-hidden="true" className="size-5" />
            <span
              data-bell-count
              aria-hidden="true"
              className={`absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-[#7dd3e0] px-1 text-center text-xs leading-5 font-bold text-navy tabular-nums ${bell.unread > 0 ? '' : 'hidden'}`}
            >
              {bell.unread > 99 ? '99+' : bell.unread}
            </span>
          </a>
        )}
        <button
          type="button"
          data-nav-toggle
          aria-expanded="false"
          aria-controls="workspace-panel"
          className={`inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 lg:hidden ${focusRing}`}
        >
          {/* A cross while the menu is open (the button's state, drawn by CSS). */}
          <Menu aria-hidden="true" className="size-6 [[aria-expanded=true]>&]:hidden" />
          <X aria-hidden="true" className="hidden size-6 [[aria-expanded=true]>&]:block" />
          <span className="sr-only">Menu</span>
        </button>
      </div>
      <div
        id="workspace-panel"
        data-nav-panel
        className="flex min-h-0 flex-1 flex-col overflow-y-auto border-t border-white/10 max-lg:pb-4 max-lg:[html[data-js]_&:not([data-open])]:hidden"
      >
        <nav aria-label="Workspace" className="flex flex-col gap-4 px-3 py-4">
          {groups.map((group) => (
            <div key={group.label}>
              <p className={`mb-1 px-3 text-xs font-semibold tracking-wider text-[#9fb0cf] uppercase ${whenCollapsed.label}`}>
                {group.label}
              </p>
              <ul className="flex flex-col gap-0.5">
                {group.items.map((item) => {
                  const Icon = icons[item.key];
                  const active = item.key === current;
                  const count = item.count;
                  return (
                    <li key={item.key}>
                      <a
                        href={item.href}
                        aria-current={active ? (currentIsPage ? 'page' : 'true') : undefined}
                        data-nav-title={item.label}
                        title={collapsed ? item.label : undefined}
                        data-nav-link
                        className={`relative flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-semibold lg:min-h-9 ${focusRing} ${
                          active ? 'bg-white/15 text-white' : 'text-[#c3cee3] hover:bg-white/10 hover:text-white'
                        }`}
                      >
                        {active && <span aria-hidden="true" className="absolute inset-y-2 left-0 w-1 rounded-r bg-[#7dd3e0]" />}
                        <Icon aria-hidden="true" className="size-5 shrink-0" />
                        <span className={`flex-1 truncate ${whenCollapsed.label}`}>{item.label}</span>
                        {/* Kept when zero (hidden): workspace-shell.ts writes a new count after an action or a while. */}
                        {count && (
                          <span
                            data-nav-count={item.key}
                            hidden={count.value === 0}
                            className="rounded-full bg-white px-2 py-0.5 text-xs leading-none font-bold text-navy tabular-nums nav-collapsed:lg:absolute nav-collapsed:lg:top-1 nav-collapsed:lg:right-1 nav-collapsed:lg:px-1.5"
                          >
                            <span data-count-value>{count.value}</span>
                            <span className="sr-only"> {count.label}</span>
                          </span>
                        )}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </nav>
        <div className="mt-auto flex flex-col gap-0.5 border-t border-white/10 px-3 pt-3 lg:pb-3">
          <p className={`px-3 pb-2 text-sm ${whenCollapsed.hidden}`}>
            <span className="block truncate font-semibold text-white">{person.name}</span>
            <span className="block text-[#c3cee3]">{person.role}</span>
          </p>
          <a
            href="/"
            data-nav-title="Back to the site"
            title={collapsed ? 'Back to the site' : undefined}
            className={`flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-semibold text-[#c3cee3] hover:bg-white/10 hover:text-white lg:min-h-9 ${focusRing}`}
          >
            <Globe aria-hidden="true" className="size-5 shrink-0" />
            <span className={whenCollapsed.label}>Back to the site</span>
          </a>
          <button
            type="button"
            data-logout
            data-nav-title="Logout"
            title={collapsed ? 'Logout' : undefined}
            className={`flex min-h-11 items-center gap-3 rounded-md px-3 text-left text-sm font-semibold text-[#c3cee3] hover:bg-white/10 hover:text-white disabled:opacity-60 lg:min-h-9 ${focusRing}`}
          >
            <LogOut aria-hidden="true" className="size-5 shrink-0" />
            <span className={whenCollapsed.label}>Logout</span>
          </button>
          <button
            type="button"
            data-nav-collapse
            aria-pressed={collapsed}
            data-nav-title="Collapse the navigation"
            title={collapsed ? 'Collapse the navigation' : undefined}
            className={`flex min-h-11 items-center gap-3 rounded-md px-3 text-left text-sm font-semibold text-[#c3cee3] hover:bg-white/10 hover:text-white max-lg:hidden lg:min-h-9 ${focusRing}`}
          >
            <PanelLeftClose aria-hidden="true" className="size-5 shrink-0 nav-collapsed:rotate-180" />
            <span className={whenCollapsed.label}>Collapse the navigation</span>
          </button>
        </div>
      </div>
    </header>
  );
}
