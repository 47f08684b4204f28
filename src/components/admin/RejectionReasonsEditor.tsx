import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FieldError } from '@/components/ui/label';
import { flashToast } from '@/components/ui/toast';
import { REASON_LABEL_MAX, rejectionMessages, type RejectionReason } from '@/lib/applications/rejection';
import { templateMessages, unknownPlaceholders } from '@/lib/applications/templates';
import { runAdminAction } from './run-admin-action';

type Draft = { id: string | null; label: string; asksDetail: boolean; archived: boolean; email: { subject: string; body: string } | null };
type Email = { subject: string; body: string };

/**
 * The reasons a rejection is given (issue 32): renamed, added, archived (offered no more, kept on
 * past rejections) or restored. Each row saves on its own; the page is read again after a save.
 */
export function RejectionReasonsEditor({ reasons, standard }: { reasons: RejectionReason[]; standard: Email }) {
  return (
    <section aria-labelledby="reasons-title" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-card">
      <div className="flex flex-col gap-1">
        <h2 id="reasons-title" className="text-lg font-semibold">
          Reasons for rejecting
        </h2>
        <p className="text-sm text-muted-foreground">
          Every rejection names one of these, alone or in bulk; the insights count rejections by reason. Candidates never see them. An
          archived reason is offered no more and stays on the rejections that used it. A reason can offer its own rejection e-mail in place
          of the Rejection template.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {reasons.map((reason) => (
          <li key={reason.id}>
            <ReasonRow initial={{ ...reason }} standard={standard} />
          </li>
        ))}
        <li>
          <ReasonRow initial={{ id: null, label: '', asksDetail: false, archived: false, email: null }} standard={standard} />
        </li>
      </ul>
    </section>
  );
}

function ReasonRow({ initial, standard }: { initial: Draft; standard: Email }) {
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
    if (next.email) {
      const unknown = unknownPlaceholders(`${next.email.subject} ${next.email.body}`);
      const problem = unknown.length
        ? templateMessages.unknown(unknown)
        : !next.email.subject.trim()
          ? templateMessages.subject
          : !next.email.body.trim()
            ? templateMessages.body
            : null;
      if (problem) return setError(problem);
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
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4.5 accent-primary"
          checked={draft.email !== null}
          onChange={(event) => setDraft({ ...draft, email: event.target.checked ? { ...standard } : null })}
        />
        Its own rejection e-mail
      </label>
      {draft.email && (
        <div className="flex w-full flex-col gap-1.5">
          <label htmlFor={`reason-${key}-subject`} className="text-sm font-medium">
            Subject of its e-mail
          </label>
          <Input
            id={`reason-${key}-subject`}
            value={draft.email.subject}
            maxLength={200}
            onChange={(event) => setDraft({ ...draft, email: { ...draft.email!, subject: event.target.value } })}
          />
          <label htmlFor={`reason-${key}-body`} className="text-sm font-medium">
            Its e-mail (the same placeholders as the templates)
          </label>
          <Textarea
            id={`reason-${key}-body`}
            rows={5}
            value={draft.email.body}
            maxLength={10_000}
            onChange={(event) => setDraft({ ...draft, email: { ...draft.email!, body: event.target.value } })}
          />
        </div>
      )}
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
