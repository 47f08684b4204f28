import { roleLabels, type Role } from '@/lib/accounts/roles';
import { statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { formatDate, formatDateTime } from '@/lib/format';
import { InboundMailBody, inboundSummary, type InboundMailView } from './InboundMailBody';

export type TimelineItem = (
  | { kind: 'submitted'; at: Date; who: string }
  | { kind: 'note'; at: Date; who: string; noteId: string; body: string; edited: boolean }
  | { kind: 'email'; at: Date; who: string; subject: string; body: string; sendAt: Date | null; cancelled: boolean }
  | { kind: 'audit'; at: Date; who: string; action: string; details: Record<string, unknown>; byCandidate?: boolean; role?: Role | null }
  | { kind: 'inbound'; at: Date; who: string; mail: InboundMailView; fileHref: string }
) & {
  /** The application it happened to, on a candidate's profile (several applications in one timeline). */
  positionTitle?: string;
};

const list = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : '');
const day = (value: unknown) => (typeof value === 'string' ? formatDate(new Date(`${value}T12:00:00Z`)) : '');
const at = (value: unknown) => (typeof value === 'string' ? formatDateTime(new Date(value)) : '');
const status = (value: unknown) => statusLabels[value as ApplicationStatus] ?? String(value);
const offer = (details: Record<string, unknown>) => `offer version ${String(details['version'])}`;
const quoted = (value: unknown) => (typeof value === 'string' && value ? `: “${value}”` : '');
/** An offer's steps say who took them in what role (issue 54: approvals are the hiring manager's, an admin's). */
const withRole = (item: TimelineItem) =>
  item.kind === 'audit' && item.role && item.action.startsWith('application.offer_') ? ` (${roleLabels[item.role]})` : '';

function describe(item: TimelineItem): string {
  switch (item.kind) {
    case 'submitted':
      return 'applied';
    case 'note':
      return item.edited ? 'wrote a note (edited since)' : 'wrote a note';
    case 'email':
      if (item.cancelled) return `scheduled an e-mail to the candidate, then cancelled it (never sent): “${item.subject}”`;
      if (item.sendAt && item.sendAt.getTime() > Date.now())
        return `scheduled an e-mail to the candidate for ${formatDateTime(item.sendAt)}: “${item.subject}”`;
      if (item.sendAt) return `e-mailed the candidate, delayed to ${formatDateTime(item.sendAt)}: “${item.subject}”`;
      return `e-mailed the candidate: “${item.subject}”`;
    case 'inbound':
      return inboundSummary(item.mail, 'the candidate');
    case 'audit':
      switch (item.action) {
        case 'application.status_changed':
          if (item.byCandidate && item.details['to'] === 'withdrawn')
            return `withdrew the application (it was ${status(item.details['from'])}) from their personal link`;
          return `moved it from ${status(item.details['from'])} to ${status(item.details['to'])}${item.details['reason'] ? ` (reason: ${String(item.details['reason'])})` : ''}`;
        case 'application.rated':
          return `rated it ${String(item.details['rating'])} of 5`;
        case 'application.resume_downloaded':
          return 'downloaded the resume';
        case 'application.legal_hold_set':
          return `put it on legal hold: ${String(item.details['reason'] ?? '')}`;
        case 'application.legal_hold_released':
          return 'released the legal hold';
        case 'application.note_edited':
          return 'edited a note';
        case 'application.note_deleted':
          return 'deleted a note';
        case 'application.interview_proposed':
          return `proposed a ${String(item.details['durationMinutes'])}-minute interview with ${list(item.details['interviewers'])}, between ${day(item.details['from'])} and ${day(item.details['until'])}`;
        case 'application.interview_booked':
          return `booked the interview for ${at(item.details['startsAt'])}`;
        case 'application.interview_moved':
          return `moved the interview to ${at(item.details['startsAt'])}`;
        case 'application.interview_recorded':
          return `recorded a ${String(item.details['durationMinutes'])}-minute interview held ${at(item.details['startsAt'])} with ${list(item.details['interviewers'])}`;
        case 'application.email_cancelled':
          return 'cancelled a scheduled e-mail to the candidate before it went';
        case 'application.scorecard_submitted':
          return `submitted a scorecard for ${String(item.details['stage'])}`;
        case 'application.scorecard_amended':
          return `amended their scorecard for ${String(item.details['stage'])}`;
        case 'application.interview_reoffered':
          return 'offered the candidate new times for the interview';
        case 'application.offer_drafted':
          return `drafted ${offer(item.details)}${item.details['replaces'] ? ` (a new version of version ${String(item.details['replaces'])})` : ''}`;
        case 'application.offer_changed':
          return `changed ${offer(item.details)}${item.details['approvalsAskedAgain'] ? ', asking its approvals again' : ''}`;
        case 'application.offer_submitted':
          return item.details['approvedAtOnce']
            ? `asked for the approvals of ${offer(item.details)}: none needed, approved`
            : `asked for the approvals of ${offer(item.details)}`;
        case 'application.offer_approved':
          return `approved ${offer(item.details)}${quoted(item.details['comment'])}`;
        case 'application.offer_changes_requested':
          return `asked for changes to ${offer(item.details)}${quoted(item.details['comment'])}`;
        case 'application.offer_discarded':
          return `discarded ${offer(item.details)}`;
        case 'application.offer_sent':
          return `sent ${offer(item.details)} to the candidate`;
        case 'application.offer_withdrawn':
          return item.details['withApplication'] ? `closed ${offer(item.details)} with the application` : `withdrew ${offer(item.details)}`;
        case 'application.offer_accepted':
          return `accepted and signed ${offer(item.details)} from their personal link`;
        case 'application.offer_declined':
          return `declined ${offer(item.details)}`;
        case 'application.offer_expired':
          return `closed ${offer(item.details)}: its answer-by date passed`;
        case 'application.offer_pdf_downloaded':
          return `downloaded the letter of ${offer(item.details)}`;
        case 'application.interview_cancelled':
          return item.details['withdrawn']
            ? 'withdrew the interview invitation'
            : `cancelled the interview of ${at(item.details['startsAt'])}`;
        default:
          return item.action;
      }
  }
}

/**
 * Everything that happened to an application, oldest first, with who and when; notes and e-mails
 * with their text; the candidate's replies with an Answer link that opens the composer (`answerHref`).
 */
export function ApplicationTimeline({ items, answerHref }: { items: TimelineItem[]; answerHref?: (mailId: string) => string }) {
  return (
    <ol aria-label="Timeline, oldest first" className="mt-4 flex flex-col gap-4 border-l-2 border-border pl-5">
      {items.map((item, index) => (
        <li key={index} id={item.kind === 'inbound' ? `reply-${item.mail.id}` : undefined} className="relative scroll-mt-24 text-sm">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.72rem] size-3 rounded-full border-2 border-card bg-primary" />
          <p>
            <span className="font-semibold">
              {item.who}
              {withRole(item)}
            </span>{' '}
            {describe(item)}{' '}
            <span className="text-muted-foreground">
              {item.positionTitle && `· ${item.positionTitle} `}· {formatDateTime(item.at)}
            </span>
          </p>
          {(item.kind === 'note' || item.kind === 'email') && (
            <p className="mt-1 rounded-md bg-surface p-3 leading-relaxed whitespace-pre-wrap text-muted-foreground">{item.body}</p>
          )}
          {item.kind === 'inbound' && <InboundMailBody mail={item.mail} fileHref={item.fileHref} />}
          {item.kind === 'inbound' && item.mail.kind === 'reply' && answerHref && (
            <a className="mt-2 inline-block font-medium text-primary underline underline-offset-2" href={answerHref(item.mail.id)}>
              Answer
            </a>
          )}
        </li>
      ))}
    </ol>
  );
}
