import { actions } from 'astro:actions';
import { useState } from 'react';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/applications/status';
import { statusChangedToast } from '@/lib/applications/texts';
import { runAdminAction } from './run-admin-action';

/** Moves an application along the pipeline (pending, reviewing, interview, offer, hired, rejected). */
export function ApplicationStatusForm({ applicationId, status: initialStatus }: { applicationId: string; status: ApplicationStatus }) {
  const [status, setStatus] = useState(initialStatus);
  const [busy, setBusy] = useState(false);

  async function change(next: ApplicationStatus) {
    const previous = status;
    setStatus(next);
    setBusy(true);
    const ok = await runAdminAction(
      () => actions.admin.setApplicationStatus({ applicationId, status: next }),
      statusChangedToast(statusLabels[next]),
    );
    if (!ok) setStatus(previous);
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="application-status" className="text-sm font-medium">
        Status
      </label>
      <select
        id="application-status"
        value={status}
        disabled={busy}
        onChange={(event) => void change(event.target.value as ApplicationStatus)}
        className="h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
      >
        {applicationStatuses.map((value) => (
          <option key={value} value={value}>
            {statusLabels[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
