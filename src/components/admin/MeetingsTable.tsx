import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import { AdminEmpty, AdminTable, PhoneLabel } from './AdminTable';

export interface MeetingRow {
  id: string;
  startsAt: Date;
  state: 'coming' | 'past' | 'cancelled';
  guestName: string;
  guestEmail: string;
  guestCompany: string | null;
  topic: string | null;
  host: string | null;
}

const stateBadge = { coming: ['Coming', 'primary'], past: ['Held', 'neutral'], cancelled: ['Cancelled', 'neutral'] } as const;

/**
 * The meetings visitors booked through Book a Meeting (issue 31), in the sales inbox beside the
 * contact form's messages: when, who (company, e-mail), what about, with whom; coming ones first.
 */
export function MeetingsTable({ meetings }: { meetings: MeetingRow[] }) {
  if (meetings.length === 0) return <AdminEmpty>No meetings booked in the last 30 days.</AdminEmpty>;
  return (
    <AdminTable
      caption="Meetings booked through Book a Meeting, coming ones first"
      columns={[{ label: 'When' }, { label: 'Who' }, { label: 'Topic' }, { label: 'Host' }, { label: 'State' }]}
      stackOnPhones
    >
      {meetings.map((meeting) => {
        const [label, variant] = stateBadge[meeting.state];
        return (
          <tr key={meeting.id} className={meeting.state === 'cancelled' ? 'text-muted-foreground' : ''}>
            <td className="px-4 py-3 font-semibold whitespace-nowrap">
              <span className={meeting.state === 'cancelled' ? 'line-through' : ''}>{formatDateTime(meeting.startsAt)}</span>
            </td>
            <td className="px-4 py-3">
              <div className="font-medium">
                {meeting.guestName}
                {meeting.guestCompany && <span className="font-normal text-muted-foreground"> · {meeting.guestCompany}</span>}
              </div>
              <a href={`mailto:${meeting.guestEmail}`} className="text-primary underline-offset-4 hover:underline">
                {meeting.guestEmail}
              </a>
            </td>
            <td className="max-w-md px-4 py-3 break-words whitespace-pre-line">
              <PhoneLabel>Topic</PhoneLabel>
              {meeting.topic || <span className="text-muted-foreground">Not given</span>}
            </td>
            <td className="px-4 py-3">
              <PhoneLabel>Host</PhoneLabel>
              {meeting.host ?? '—'}
            </td>
            <td className="px-4 py-3">
              <Badge variant={variant}>{label}</Badge>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
