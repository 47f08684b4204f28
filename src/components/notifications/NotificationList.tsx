import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { FilterLinks } from '@/components/ui/filter-links';
import { AdminEmpty } from '@/components/admin/AdminTable';

export interface NotificationItem {
  id: string;
  line: string;
  about: string;
  /** When, in the viewer's zone. */
  when: string;
  read: boolean;
}

export const notificationTexts = {
  title: 'Notifications',
  lead: 'What happened on the applications, conversations and meetings you follow. Opening one marks it read.',
  markAll: 'Mark all read',
  markedAll: (count: number) => (count === 1 ? '1 notification marked read.' : `${count} notifications marked read.`),
  none: 'Nothing yet: what happens on the applications, conversations and meetings you follow shows up here.',
  noneUnread: 'Nothing unread.',
  older: 'Older notifications',
  preferences: 'Choose what you get by e-mail',
} as const;

/**
 * One's notifications in the workspace (issue 51), rendered on the server with no script: All or
 * Unread, newest first, each a link that opens its place (and marks it read), Mark all read as a
 * form's button, and the older ones a link away.
 */
export function NotificationList({
  items,
  unreadOnly,
  counts,
  olderHref,
  notice,
}: {
  items: NotificationItem[];
  unreadOnly: boolean;
  counts: { all: number; unread: number };
  olderHref: string | null;
  notice?: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">{notificationTexts.lead}</p>
      {notice && (
        <p role="status" className="rounded-lg border border-border bg-card p-3 text-sm font-medium">
          {notice}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterLinks
          label="Show notifications"
          options={[
            { label: 'All', count: counts.all, href: '/admin/notifications', active: !unreadOnly },
            { label: 'Unread', count: counts.unread, href: '/admin/notifications?unread=1', active: unreadOnly },
          ]}
        />
        <div className="flex flex-wrap items-center gap-3">
          <a href="/account/notifications" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
            {notificationTexts.preferences}
          </a>
          {counts.unread > 0 && (
            <form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="outline" size="sm">
                {notificationTexts.markAll}
              </Button>
            </form>
          )}
        </div>
      </div>
      {items.length === 0 ? (
        <AdminEmpty>{unreadOnly ? notificationTexts.noneUnread : notificationTexts.none}</AdminEmpty>
      ) : (
        <ol aria-label={unreadOnly ? 'Unread notifications, newest first' : 'Notifications, newest first'} className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`/admin/notifications/${item.id}`}
                className={`flex flex-col gap-1 rounded-xl border bg-card p-4 text-sm hover:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring sm:flex-row sm:items-start sm:justify-between sm:gap-4 ${item.read ? 'border-border' : 'border-primary/40 bg-primary-soft/40'}`}
              >
                <span className="flex flex-col gap-1">
                  <span className={item.read ? 'text-foreground' : 'font-semibold text-foreground'}>
                    {!item.read && (
                      <Badge variant="primary" className="mr-2 align-middle">
                        New
                      </Badge>
                    )}
                    {item.line}
                  </span>
                  <span className="text-muted-foreground">{item.about}</span>
                </span>
                <span className="shrink-0 text-muted-foreground tabular-nums">{item.when}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
      {olderHref && (
        <p>
          <a href={olderHref} className="font-semibold text-primary underline-offset-4 hover:underline">
            {notificationTexts.older}
          </a>
        </p>
      )}
    </div>
  );
}
