import { Badge } from '@/components/ui/badge';
import { contactReasonOptions } from '@/lib/contact-schema';
import { formatDateTime } from '@/lib/format';
import { inboxHref } from '@/lib/inbox-query';
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

const reasonLabel = (reason: string) => contactReasonOptions.find((option) => option.value === reason)?.label ?? reason;
const ReadState = ({ readAt }: { readAt: Date | null }) => (readAt ? <Badge variant="neutral">Read</Badge> : <Badge variant="primary">Unread</Badge>);

/** All or Unread, with their counts; plain links, so each view has its own address. */
export function MessagesFilter({ unreadOnly, all, unread }: { unreadOnly: boolean; all: number; unread: number }) {
  const option = (label: string, count: number, active: boolean, href: string) => (
    <a
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring ${active ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'}`}
    >
      {label}
      <span className="tabular-nums text-muted-foreground">{count}</span>
    </a>
  );
  return (
    <nav aria-label="Show messages" className="inline-flex gap-1 rounded-lg bg-muted p-1">
      {option('All', all, !unreadOnly, inboxHref({ unreadOnly: false, page: 1 }))}
      {option('Unread', unread, unreadOnly, inboxHref({ unreadOnly: true, page: 1 }))}
    </nav>
  );
}

/** The contact form's messages, newest first; unread ones in bold. */
export function MessagesTable({ messages, emptyText }: { messages: MessageRow[]; emptyText: string }) {
  if (messages.length === 0) return <AdminEmpty>{emptyText}</AdminEmpty>;
  const wide = 'max-sm:hidden';
  return (
    <AdminTable
      caption="Messages from the contact form, newest first"
      columns={[{ label: 'From' }, { label: 'Reason', className: wide }, { label: 'Received', className: wide }, { label: 'State', className: wide }]}
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
              <span>{reasonLabel(message.reason)}</span>
              <span aria-hidden="true">·</span>
              <span>{formatDateTime(message.createdAt)}</span>
              <ReadState readAt={message.readAt} />
            </div>
          </td>
          <td className={`px-4 py-3 ${wide}`}>{reasonLabel(message.reason)}</td>
          <td className={`px-4 py-3 whitespace-nowrap ${wide}`}>{formatDateTime(message.createdAt)}</td>
          <td className={`px-4 py-3 ${wide}`}>
            <ReadState readAt={message.readAt} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
