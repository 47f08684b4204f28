import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { rejectionMessages, REJECTION_DETAIL_MAX, type RejectionReason } from '@/lib/applications/rejection';

export interface RejectionChoice {
  reasonId: string;
  detail: string;
}

export const noRejectionChoice: RejectionChoice = { reasonId: '', detail: '' };

export type RejectionProblem = { field: 'reason' | 'detail'; message: string };

/**
 * The reason being chosen in a form and what to fix in it: `check` returns the rejection to send,
 * or null after showing the problem and focusing its field (ids from `idPrefix`); `fields` draws
 * them (`onPick` hears a new choice, e.g. to offer the reason's own e-mail).
 */
export function useRejectionChoice(reasons: readonly RejectionReason[]) {
  const [choice, setChoice] = useState<RejectionChoice>(noRejectionChoice);
  const [problem, setProblem] = useState<RejectionProblem | null>(null);
  return {
    choice,
    reset: () => {
      setChoice(noRejectionChoice);
      setProblem(null);
    },
    clearProblem: () => setProblem(null),
    check(idPrefix: string) {
      const checked = checkRejection(reasons, choice);
      if (checked.ok) return checked.rejection;
      setProblem(checked);
      requestAnimationFrame(() => document.getElementById(`${idPrefix}-${checked.field}`)?.focus());
      return null;
    },
    fields: (idPrefix: string, onPick?: (next: RejectionChoice) => void) => (
      <RejectionReasonFields
        idPrefix={idPrefix}
        reasons={reasons}
        value={choice}
        error={problem}
        onChange={(next) => {
          onPick?.(next);
          setChoice(next);
          setProblem(null);
        }}
      />
    ),
  };
}

/**
 * What a rejection is sent with, or the message naming the field to fix (the same rules as the
 * server's: a reason, and words when it asks for them). Never shown to the candidate.
 */
export function checkRejection(
  reasons: readonly RejectionReason[],
  choice: RejectionChoice,
): { ok: true; rejection: { reasonId: string; detail: string | null } } | ({ ok: false } & RejectionProblem) {
  const reason = reasons.find((candidate) => candidate.id === choice.reasonId);
  if (!reason) return { ok: false, field: 'reason', message: rejectionMessages.reason };
  const detail = choice.detail.trim();
  if (reason.asksDetail && !detail) return { ok: false, field: 'detail', message: rejectionMessages.detail };
  if (detail.length > REJECTION_DETAIL_MAX) return { ok: false, field: 'detail', message: rejectionMessages.detailTooLong };
  return { ok: true, rejection: { reasonId: reason.id, detail: detail || null } };
}

/**
 * The reason for a rejection (from the list admins keep) and, when it asks for them, a few words.
 * `error` is shown under the field it names; the words stay when another reason is picked.
 */
export function RejectionReasonFields({
  idPrefix,
  reasons,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  reasons: readonly RejectionReason[];
  value: RejectionChoice;
  onChange: (next: RejectionChoice) => void;
  error?: RejectionProblem | null;
}) {
  const asksDetail = reasons.find((reason) => reason.id === value.reasonId)?.asksDetail ?? false;
  const reasonError = error?.field === 'reason' ? error.message : null;
  const detailError = error?.field === 'detail' ? error.message : null;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${idPrefix}-reason`} className="text-sm font-medium">
        Reason for the rejection <span className="font-normal text-muted-foreground">(the candidate never sees it)</span>
      </label>
      <select
        id={`${idPrefix}-reason`}
        value={value.reasonId}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${idPrefix}-reason-error` : undefined}
        onChange={(event) => onChange({ ...value, reasonId: event.target.value })}
        className="h-11 min-w-0 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <option value="">Choose a reason</option>
        {reasons.map((reason) => (
          <option key={reason.id} value={reason.id}>
            {reason.label}
          </option>
        ))}
      </select>
      {reasonError && (
        <p id={`${idPrefix}-reason-error`} className="text-sm text-destructive">
          {reasonError}
        </p>
      )}
      {asksDetail && (
        <>
          <label htmlFor={`${idPrefix}-detail`} className="text-sm font-medium">
            In a few words
          </label>
          <Input
            id={`${idPrefix}-detail`}
            value={value.detail}
            maxLength={REJECTION_DETAIL_MAX}
            aria-invalid={detailError ? true : undefined}
            aria-describedby={detailError ? `${idPrefix}-detail-error` : undefined}
            onChange={(event) => onChange({ ...value, detail: event.target.value })}
          />
          {detailError && (
            <p id={`${idPrefix}-detail-error`} className="text-sm text-destructive">
              {detailError}
            </p>
          )}
        </>
      )}
    </div>
  );
}
