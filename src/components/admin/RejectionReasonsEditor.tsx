import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { flashToast } from '@/components/ui/toast';
import { REASON_LABEL_MAX, rejectionMessages, type RejectionReason } from '@/lib/applications/rejection';
import { runAdminAction } from './run-admin-action';

type Draft = { id: string | null; label: string; asksDetail: boolean; archived: boolean };

/**
 * The reasons a rejection is given (issue 32): renamed, added, archived (offered no more, kept on
 * past rejections) or restored. Each row saves on its own; the page is read again after a save.
 */
export function RejectionReasonsEditor({ reasons }: { reasons: RejectionReason[] }) {
  return (
    <section aria-labelledby="reasons-title" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
      <div className="flex flex-col gap-1">
        <h2 id="reasons-title" className="text-lg font-semibold">
          Reasons for rejecting
        </h2>
        <p className="text-sm text-muted-foreground">
          Every rejection names one of these, alone or in bulk; the insights count rejections by reason. Candidates never see them. An
          archived reason is offered no more and stays on the rejections that used it.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {reasons.map((reason) => (
          <li key={reason.id}>
            <ReasonRow initial={{ ...reason }} />
          </li>
        ))}
        <li>
          <ReasonRow initial={{ id: null, label: '', asksDetail: false, archived: false }} />
        </li>
      </ul>
    </section>
  );
}

function ReasonRow({ initial }: { initial: Draft }) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = initial.id ?? 'new';
  const isNew = initial.id === null;

  async function save(next: Draft, done: string) {
    const label = next.label.trim();
    if (!label || label.length > REASON_LABEL_MAX) {
      setError(rejectionMessages.label);
      document.getElementById(`reason-${key}-label`)?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.saveRejectionReason({ ...next, label }));
    if (!ok) return setBusy(false);
    flashToast({ kind: 'success', title: done });
    window.location.reload();
  }

  return (
    <form
      aria-label={isNew ? 'Add a reason' : `Reason: ${initial.label}`}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void save(draft, isNew ? 'Reason added' : 'Reason saved');
      }}
    >
      <div className="flex min-w-48 flex-1 flex-col gap-1.5">
        <label htmlFor={`reason-${key}-label`} className="text-sm font-medium">
          {isNew ? 'New reason' : 'Reason'}
          {draft.archived && <span className="font-normal text-muted-foreground"> (archived)</span>}
        </label>
        <Input
          id={`reason-${key}-label`}
          value={draft.label}
          maxLength={REASON_LABEL_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `reason-${key}-error` : undefined}
          onChange={(event) => setDraft({ ...draft, label: event.target.value })}
        />
        {error && <FieldError id={`reason-${key}-error`}>{error}</FieldError>}
      </div>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4.5 accent-primary"
          checked={draft.asksDetail}
          onChange={(event) => setDraft({ ...draft, asksDetail: event.target.checked })}
        />
        Asks for a few words
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant={isNew ? 'primary' : 'outline'} aria-disabled={busy}>
          {isNew ? 'Add the reason' : 'Save'}
        </Button>
        {!isNew && (
          <Button
            type="button"
            variant="outline"
            aria-disabled={busy}
            onClick={() => void save({ ...draft, archived: !draft.archived }, draft.archived ? 'Reason offered again' : 'Reason archived')}
          >
            {draft.archived ? 'Offer again' : 'Archive'}
          </Button>
        )}
      </div>
    </form>
  );
}
