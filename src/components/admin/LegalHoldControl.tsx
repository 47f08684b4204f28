import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { FieldError } from '@/components/ui/label';
import { privacyToasts } from '@/lib/privacy/admin';
import { runAdminAction } from './run-admin-action';

/**
 * A legal hold keeps an application from the retention job and from erasure (a claim, an audit).
 * Setting one needs a reason, which is kept with it and in the audit log.
 */
export function LegalHoldControl({ applicationId, reason: heldFor }: { applicationId: string; reason: string | null }) {
  const [held, setHeld] = useState(heldFor);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function apply(next: string | null) {
    if (busy) return;
    if (next !== null && next.trim().length < 3) {
      setError('Say why the application must be kept (at least 3 characters)');
      return;
    }
    setBusy(true);
    const ok = await runAdminAction(
      () => actions.admin.setLegalHold({ applicationId, reason: next }),
      next ? privacyToasts.holdSet : privacyToasts.holdReleased,
    );
    if (ok) {
      setHeld(next?.trim() ?? null);
      setReason('');
      setError(null);
    }
    setBusy(false);
  }

  if (held)
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          <span className="font-medium">On legal hold:</span> {held}
        </p>
        <p className="text-sm text-muted-foreground">Kept whatever the retention period, and not erased on request.</p>
        <Button variant="outline" size="sm" className="self-start" aria-disabled={busy} onClick={() => void apply(null)}>
          Release the hold
        </Button>
      </div>
    );
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void apply(reason);
      }}
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        Reason for a legal hold
      </label>
      <Textarea
        id={fieldId}
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error && <FieldError id={`${fieldId}-error`}>{error}</FieldError>}
      <Button type="submit" variant="outline" size="sm" className="self-start" aria-disabled={busy}>
        Put on legal hold
      </Button>
    </form>
  );
}
