import { actions } from 'astro:actions';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { flashToast, showToast } from '@/components/ui/toast';
import { applicationHref, type WorkspaceQuery } from '@/lib/applications/query';
import { bulkDoneToast } from '@/lib/applications/review';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import type { RejectionReason } from '@/lib/applications/rejection';
import { placeholderValuesFor, sendDelayLabels, sendDelays, type EmailTemplate, type SendDelay } from '@/lib/applications/templates';
import { formatShortDate } from '@/lib/format';
import { errorToast } from '@/lib/forms';
import { siteConfig } from '@/lib/site-config';
import { AdminEmpty, AdminTable, PhoneLabel } from './AdminTable';
import { EmailPreview } from './EmailPreview';
import { KnockOutBadge } from './KnockOutBadge';
import { useRejectionChoice } from './RejectionReasonFields';
import { StatusBadge } from './StatusBadge';
import type { SearchSnippet } from '@/lib/applications/search';
import { SnippetLine } from './SnippetLine';
import { candidateHref } from '@/lib/candidates/profile';

export interface WorkspaceListRow {
  id: string;
  positionId: string;
  positionTitle: string;
  /** The person (issue 33): their profile lists every application. */
  candidateId: string;
  fullName: string;
  email: string;
  phone: string;
  status: ApplicationStatus;
  createdAt: Date;
  averageRating: number | null;
  ratingCount: number;
  otherApplications: number;
  source: string;
  knockedOut: boolean;
  /** Where the search found them (when searching by words that are not their name or e-mail). */
  snippet?: SearchSnippet | null;
}

export interface WorkspaceListProps {
  rows: WorkspaceListRow[];
  /** The view (its filters), for "every application it shows" and for the detail pages' previous and next. */
  query: WorkspaceQuery;
  /** How many the view shows on all its pages. */
  total: number;
  /** The view's address query ("?q=…"), carried to the detail pages. */
  listSearch: string;
  showPosition: boolean;
  rejection: EmailTemplate;
  /** The reasons a rejection is given (every one needs one, issue 32). */
  reasons: RejectionReason[];
  /** The name the rejection e-mails are signed with (the viewer's), for their previews. */
  senderName: string;
  caption: string;
  emptyText: string;
}

/**
 * The rating's star: lucide's star as its one polygon (its earlier drawing), the same size and
 * stroke. Drawn in every rated row of a page of 50, where lucide's path of 450 characters with its
 * attributes came to 30 KB of a search's page (issue 52).
 */
const RatingStar = () => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4 fill-accent stroke-accent" strokeWidth={2} strokeLinejoin="round">
    <polygon points="12 2 15.09 8.26 22 9.27 17 14.14 18.18 21.02 12 17.77 5.82 21.02 7 14.14 2 9.27 8.91 8.26" />
  </svg>
);

const rowLink =
  'rounded font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The list of applications: each opens its page (with the list's filters, for previous and next),
 * j/k or the arrow keys move between them, and several (or every one the view shows, on all pages)
 * can be moved along the pipeline, or rejected with the rejection e-mail, at once.
 */
export function WorkspaceList({
  rows,
  query,
  total,
  listSearch,
  showPosition,
  rejection,
  reasons,
  senderName,
  caption,
  emptyText,
}: WorkspaceListProps) {
  const [delay, setDelay] = useState<SendDelay>(0);
  // One reason for every chosen application, in the bulk status row or the rejection dialog.
  const bulkReason = useRejectionChoice(reasons);
  // A reason with its own rejection e-mail puts it in the dialog; another, the Rejection template.
  const offerReasonEmail = (next: { reasonId: string }) => {
    if (next.reasonId === bulkReason.choice.reasonId) return;
    const own = reasons.find((reason) => reason.id === next.reasonId)?.email;
    setEmail(own ?? { subject: rejection.subject, body: rejection.body });
  };
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [status, setStatus] = useState<ApplicationStatus>('reviewing');
  const [rejecting, setRejecting] = useState(false);
  const [email, setEmail] = useState({ subject: rejection.subject, body: rejection.body });
  const [busy, setBusy] = useState(false);
  /** Which chosen candidate's e-mail the rejection dialog shows. */
  const [previewed, setPreviewed] = useState(0);
  const table = useRef<HTMLDivElement>(null);

  const count = allMatching ? total : selected.size;
  const target = allMatching ? { query } : { ids: [...selected] };
  // The chosen candidates this page shows (every one of them with "all in this view"), each with the e-mail they get.
  const recipients = rows.filter((row) => allMatching || selected.has(row.id));
  const shownIndex = Math.min(previewed, recipients.length - 1);
  const shown = recipients[shownIndex];
  const detailHref = (row: WorkspaceListRow) => applicationHref(row, listSearch);

  function toggle(id: string, on: boolean) {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function run(action: Parameters<typeof actions.admin.bulkApplications>[0]['action']) {
    setBusy(true);
    try {
      const { data, error } = await actions.admin.bulkApplications({ target, action });
      if (error || !data) {
        showToast(errorToast(error?.message ?? 'The server could not be reached.'));
        setBusy(false);
        return;
      }
      // The list is read again with the changes: the outcome is told on the reloaded page.
      flashToast(bulkDoneToast(data.succeeded, data.total, data.refused));
      window.location.reload();
    } catch (error) {
      showToast(errorToast((error as Error).message || 'The server could not be reached.'));
      setBusy(false);
    }
  }

  /** j/k and the arrow keys move from one application to the next (not while typing in a field). */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLElement && event.target.matches('input, select, textarea')) return;
    const step = event.key === 'j' || event.key === 'ArrowDown' ? 1 : event.key === 'k' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    const links = [...(table.current?.querySelectorAll<HTMLAnchorElement>('a[data-application]') ?? [])];
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = links[current === -1 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, current + step))];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  }

  if (rows.length === 0) return <AdminEmpty>{emptyText}</AdminEmpty>;
  const pageIds = rows.map((row) => row.id);
  const pageSelected = pageIds.every((id) => selected.has(id));

  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Act on the chosen applications"
        className="flex min-h-11 flex-wrap items-center gap-3 rounded-xl border border-border bg-card px-3 py-1.5 text-sm"
      >
        <label className="inline-flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            className="size-4.5 accent-primary"
            checked={pageSelected}
            onChange={(event) => {
              setAllMatching(false);
              setSelected(event.target.checked ? new Set(pageIds) : new Set());
            }}
          />
          Choose all on this page
        </label>
        <span aria-live="polite" className="text-muted-foreground">
          {count === 0 ? 'None chosen.' : `${count} chosen${allMatching ? ', on every page of this view' : ''}.`}
        </span>
        {selected.size > 0 && !allMatching && total > rows.length && (
          <Button variant="link" size="sm" onClick={() => setAllMatching(true)}>
            Choose all {total} in this view
          </Button>
        )}
        {count > 0 && (
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            <label htmlFor="bulk-status" className="sr-only">
              New status
            </label>
            <select
              id="bulk-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as ApplicationStatus)}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {applicationStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabels[value]}
                </option>
              ))}
            </select>
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline" aria-disabled={busy}>
                  Change status
                </Button>
              }
              title={`Move ${count} application${count === 1 ? '' : 's'} to ${statusLabels[status]}?`}
              description="Each change is recorded on the application's timeline and in the audit log."
              confirmLabel={`Move ${count}`}
              onConfirm={() => {
                if (status !== 'rejected') return void run({ kind: 'status', status, rejection: null });
                const withReason = bulkReason.check('bulk-status-rejection');
                if (withReason) void run({ kind: 'status', status, rejection: withReason });
              }}
            />
            <Button
              size="sm"
              variant="destructive"
              aria-disabled={busy}
              onClick={() => {
                setPreviewed(0);
                bulkReason.clearProblem();
                setRejecting(true);
              }}
            >
              Reject and e-mail…
            </Button>
          </div>
        )}
        {count > 0 && status === 'rejected' && !rejecting && (
          <div className="w-full sm:max-w-md">{bulkReason.fields('bulk-status-rejection', offerReasonEmail)}</div>
        )}
      </div>

      <Dialog open={rejecting} onOpenChange={setRejecting}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto md:max-w-4xl">
          <DialogTitle>{`Reject ${count} application${count === 1 ? '' : 's'} and send each the rejection e-mail?`}</DialogTitle>
          <DialogDescription>
            Each candidate gets this e-mail with their own name and position, replies coming to you. The rejections and the e-mails are
            recorded on each timeline.
          </DialogDescription>
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              const withReason = bulkReason.check('bulk-rejection');
              if (!withReason) return;
              setRejecting(false);
              void run({
                kind: 'reject',
                rejection: withReason,
                email: { templateKey: 'rejection', subject: email.subject, body: email.body, delayMinutes: delay },
              });
            }}
          >
            {bulkReason.fields('bulk-rejection', offerReasonEmail)}
            <div className="grid gap-3 md:grid-cols-2 md:items-start">
              <div className="flex flex-col gap-3">
                <label htmlFor="bulk-subject" className="text-sm font-medium">
                  Subject
                </label>
                <Input
                  id="bulk-subject"
                  value={email.subject}
                  maxLength={200}
                  onChange={(event) => setEmail({ ...email, subject: event.target.value })}
                />
                <label htmlFor="bulk-body" className="text-sm font-medium">
                  E-mail
                </label>
                <Textarea
                  id="bulk-body"
                  rows={9}
                  value={email.body}
                  maxLength={10_000}
                  onChange={(event) => setEmail({ ...email, body: event.target.value })}
                />
              </div>
              {shown && (
                <div className="flex flex-col gap-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-medium" aria-live="polite">
                      {`${shown.fullName} gets (${shownIndex + 1} of ${recipients.length}${count > recipients.length ? ` on this page; ${count} in all` : ''})`}
                    </p>
                    {recipients.length > 1 && (
                      <div className="flex gap-2">
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          aria-disabled={shownIndex === 0}
                          onClick={() => setPreviewed(Math.max(0, shownIndex - 1))}
                        >
                          Previous candidate
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          aria-disabled={shownIndex === recipients.length - 1}
                          onClick={() => setPreviewed(Math.min(recipients.length - 1, shownIndex + 1))}
                        >
                          Next candidate
                        </Button>
                      </div>
                    )}
                  </div>
                  <EmailPreview
                    label={`The e-mail ${shown.fullName} gets`}
                    subject={email.subject}
                    body={email.body}
                    values={placeholderValuesFor(shown, senderName, siteConfig.name)}
                  />
                </div>
              )}
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-end">
              <div className="flex flex-col gap-1.5 sm:mr-auto">
                <label htmlFor="bulk-when" className="text-sm font-medium">
                  Send the e-mails
                </label>
                <select
                  id="bulk-when"
                  value={delay}
                  onChange={(event) => setDelay(Number(event.target.value) as SendDelay)}
                  className="h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  {sendDelays.map((value) => (
                    <option key={value} value={value}>
                      {sendDelayLabels[value]}
                    </option>
                  ))}
                </select>
              </div>
              <Button type="button" variant="outline" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive">
                {delay ? `Reject ${count} and schedule` : `Reject ${count} and send`}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- keys move the focus between the links inside */}
      <div ref={table} onKeyDown={onKeyDown}>
        <AdminTable
          caption={caption}
          columns={[
            { label: 'Choose', hidden: true },
            { label: 'Applicant' },
            { label: showPosition ? 'Position' : 'Source' },
            { label: 'Status' },
            { label: 'Rating' },
            { label: 'Applied' },
          ]}
          tableClassName="sm:min-w-[48rem]"
          stackOnPhones
        >
          {rows.map((row) => (
            <tr key={row.id} id={`application-${row.id}`} className="target:bg-primary-soft">
              <td className="px-4 py-2.5">
                <input
                  type="checkbox"
                  className="size-4.5 accent-primary"
                  aria-label={`Choose ${row.fullName}`}
                  checked={allMatching || selected.has(row.id)}
                  onChange={(event) => toggle(row.id, event.target.checked)}
                />
              </td>
              <td className="px-4 py-2.5">
                <a href={detailHref(row)} className={rowLink} data-application>
                  {row.fullName}
                </a>
                {/* Two lines a row (issue 30: a screen of applicants at 1280x800): how to reach them under the name. */}
                <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <span className="break-all">{row.email}</span>
                  <span className="whitespace-nowrap">{row.phone}</span>
                  {row.knockedOut && <KnockOutBadge />}
                  {row.otherApplications > 0 && (
                    <a
                      href={candidateHref(row.candidateId)}
                      className="whitespace-nowrap underline underline-offset-4 hover:text-foreground"
                    >
                      Applied {row.otherApplications === 1 ? 'once more' : `${row.otherApplications} more times`}
                    </a>
                  )}
                </span>
                {row.snippet && <SnippetLine snippet={row.snippet} />}
              </td>
              <td className="px-4 py-2.5">
                {showPosition && (
                  <>
                    <PhoneLabel>Position</PhoneLabel>
                    {row.positionTitle}
                  </>
                )}
                <span className={`block text-xs text-muted-foreground ${showPosition ? 'mt-0.5' : ''}`}>Source: {row.source}</span>
              </td>
              <td className="px-4 py-2.5">
                <StatusBadge status={row.status} />
              </td>
              <td className="px-4 py-2.5 whitespace-nowrap">
                <PhoneLabel>Rating</PhoneLabel>
                {row.averageRating === null ? (
                  <span className="text-muted-foreground">Not rated</span>
                ) : (
                  <span className="inline-flex items-center gap-1">
                    <RatingStar />
                    {row.averageRating.toFixed(1)}
                    <span className="text-muted-foreground">({row.ratingCount})</span>
                  </span>
                )}
              </td>
              <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">
                <PhoneLabel>Applied</PhoneLabel>
                {formatShortDate(row.createdAt)}
              </td>
            </tr>
          ))}
        </AdminTable>
      </div>
    </div>
  );
}
