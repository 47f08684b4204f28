import { Badge } from '@/components/ui/badge';
import { FilterLinks } from '@/components/ui/filter-links';
import { contactReasonLabel } from '@/lib/messages/schema';
import { formatDateTime } from '@/lib/format';
import { inboxHref } from '@/lib/messages/inbox';
import { AdminEmpty, AdminTable } from './AdminTable';

export interface MessageRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  reason: string;
  readAt: Date | null;
  createdAt: Date;
  hasAttachment: boolean;
}

const ReadState = ({ readAt }: { readAt: Date | null }) =>
  readAt ? <Badge variant="neutral">Read</Badge> : <Badge variant="primary">Unread</Badge>;

/** All or Unread, with their counts. */
export function MessagesFilter({ unreadOnly, all, unread }: { unreadOnly: boolean; all: number; unread: number }) {
  return (
    <FilterLinks
      label="Show messages"
      options={[
        { label: 'All', count: all, href: inboxHref({ unreadOnly: false, page: 1 }), active: !unreadOnly },
        { label: 'Unread', count: unread, href: inboxHref({ unreadOnly: true, page: 1 }), active: unreadOnly },
      ]}
    />
  );
}

/** The contact form's messages, newest first; unread ones in bold. */
export function MessagesTable({ messages, unreadOnly }: { messages: MessageRow[]; unreadOnly: boolean }) {
  if (messages.length === 0) return <AdminEmpty>{unreadOnly ? 'No unread messages.' : 'No messages yet.'}</AdminEmpty>;
  const wide = 'max-sm:hidden';
  return (
    <AdminTable
      caption="Messages from the contact form, newest first"
      columns={[
        { label: 'From' },
        { label: 'Reason', className: wide },
        { label: 'Received', className: wide },
        { label: 'State', className: wide },
      ]}
      tableClassName="sm:min-w-[44rem]"
    >
      {messages.map((message) => (
        <tr key={message.id} className={message.readAt ? '' : 'font-semibold'}>
          <td className="px-4 py-3">
            <a href={`/admin/messages/${message.id}`} className="text-primary underline-offset-4 hover:underline">
              {message.firstName} {message.lastName}
            </a>
            <div className="font-normal text-muted-foreground">
              {message.email}
              {message.hasAttachment && ' · attachment'}
            </div>
            {/* Narrow screens have no room for the other columns: the same facts, stacked. */}
            <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 font-normal text-muted-foreground sm:hidden">
              <span>{contactReasonLabel(message.reason)}</span>
              <span aria-hidden="true">·</span>
              <span>{formatDateTime(message.createdAt)}</span>
              <ReadState readAt={message.readAt} />
            </div>
          </td>
          <td className={`px-4 py-3 ${wide}`}>{contactReasonLabel(message.reason)}</td>
          <td className={`px-4 py-3 whitespace-nowrap ${wide}`}>{formatDateTime(message.createdAt)}</td>
          <td className={`px-4 py-3 ${wide}`}>
            <ReadState readAt={message.readAt} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
