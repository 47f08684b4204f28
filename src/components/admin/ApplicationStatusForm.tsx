import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { showToast, toast } from '@/components/ui/toast';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { statusChangedToast } from '@/lib/applications/texts';
import type { RejectionReason } from '@/lib/applications/rejection';
import { errorToast } from '@/lib/forms';
import { REJECTED_EVENT } from './CandidateEmail';
import { useRejectionChoice } from './RejectionReasonFields';

/** How long the toast of a status change offers Undo. */
const UNDO_MS = 8_000;

/**
 * Moves an application along the pipeline. Choosing a status saves nothing: Save does (an arrow
 * key on a focused select must not move an applicant to "Offer"), and the change can be undone
 * from its toast for a few seconds. Rejecting asks for the reason (issue 32); the reason of a
 * rejected application is shown under the form.
 */
export function ApplicationStatusForm({
  applicationId,
  status: savedStatus,
  reasons,
  rejection,
}: {
  applicationId: string;
  status: ApplicationStatus;
  reasons: RejectionReason[];
  /** Why it was rejected, when it is. */
  rejection: { reason: string; detail: string | null } | null;
}) {
  const [saved, setSaved] = useState(savedStatus);
  const [chosen, setChosen] = useState(savedStatus);
  const [busy, setBusy] = useState(false);
  const rejectionChoice = useRejectionChoice(reasons);
  const [reason, setReason] = useState(rejection);
  const hintId = useId();
  const rejecting = chosen === 'rejected' && saved !== 'rejected';

  async function save(next: ApplicationStatus, from: ApplicationStatus, { undoable }: { undoable: boolean }) {
    const withReason = next === 'rejected' ? rejectionChoice.check('status-rejection') : null;
    if (next === 'rejected' && !withReason) return;
    rejectionChoice.clearProblem();
    const chosenReason = reasons.find((candidate) => candidate.id === withReason?.reasonId);
    setBusy(true);
    try {
      const { error } = await actions.admin.setApplicationStatus({ applicationId, status: next, rejection: withReason });
      if (error) {
        showToast(errorToast(error.message));
        return;
      }
      setSaved(next);
      setChosen(next);
      if (withReason && chosenReason) {
        setReason({ reason: chosenReason.label, detail: withReason.detail });
        rejectionChoice.reset();
      }
      // Rejected: the e-mail composer on the page offers the rejection e-mail (send or skip).
      // The reason's own rejection e-mail, when it has one (issue 32).
      if (next === 'rejected' && undoable)
        window.dispatchEvent(new CustomEvent(REJECTED_EVENT, { detail: { email: chosenReason?.email ?? null } }));
      const { title } = statusChangedToast(statusLabels[next]);
      // Back to Rejected would need its reason again: that move is made with the form, not Undo.
      undoable = undoable && from !== 'rejected';
      toast.success(title, {
        duration: undoable ? UNDO_MS : undefined,
        ...(undoable ? { action: { label: 'Undo', onClick: () => void save(from, next, { undoable: false }) } } : {}),
      });
    } catch (error) {
      showToast(errorToast((error as Error).message || 'The server could not be reached.'));
    } finally {
      setBusy(false);
    }
  }

  const changed = chosen !== saved;
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !busy) void save(chosen, saved, { undoable: true });
      }}
    >
      <label htmlFor="application-status" className="text-sm font-medium">
        Status
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id="application-status"
          value={chosen}
          aria-describedby={hintId}
          onChange={(event) => setChosen(event.target.value as ApplicationStatus)}
          className="h-11 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {applicationStatuses.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </select>
        <Button type="submit" aria-disabled={!changed || busy}>
          Save status
        </Button>
      </div>
      {rejecting && rejectionChoice.fields('status-rejection')}
      <p id={hintId} className="text-sm text-muted-foreground" aria-live="polite">
        {changed ? `Not saved yet: ${statusLabels[saved]} → ${statusLabels[chosen]}.` : `Saved: ${statusLabels[saved]}.`}
      </p>
      {saved === 'rejected' && !changed && reason && (
        <p className="text-sm text-muted-foreground">{`Reason: ${reason.reason}${reason.detail ? ` (${reason.detail})` : ''}`}</p>
      )}
    </form>
  );
}
