import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { flashToast } from '@/components/ui/toast';
import { duplicateReasonLabels, type DuplicateReason } from '@/lib/candidates/duplicates';
import { candidateHref, candidateMessages } from '@/lib/candidates/profile';
import { formatDateTime } from '@/lib/format';
import { runAdminAction } from './run-admin-action';

/**
 * "Merge into this profile" for a suggested duplicate: asked once more in words (how many
 * applications join), then done, and the page read again with the merged applications.
 */
function MergeCandidateButton({
  keptId,
  mergedId,
  name,
  applications,
}: {
  keptId: string;
  mergedId: string;
  name: string;
  applications: number;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function merge() {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.mergeCandidates({ keptId, mergedId }));
    if (!ok) return setBusy(false);
    flashToast({ kind: 'success', title: candidateMessages.merged(name) });
    window.location.reload();
  }

  if (!asking)
    return (
      <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
        Merge {name} into this profile
      </Button>
    );
  return (
    <div role="group" aria-label={`Merge ${name}`} className="flex flex-col gap-2 rounded-md border border-border bg-surface p-3">
      <p className="text-sm">{candidateMessages.confirmMerge(name, applications)}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" aria-disabled={busy} onClick={() => void merge()}>
          Merge
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
          Keep apart
        </Button>
      </div>
    </div>
  );
}

/** Undoes a merge: the applications it moved go back to their own candidate. */
function UndoMergeButton({ mergeId, name }: { mergeId: string; name: string }) {
  const [busy, setBusy] = useState(false);

  async function undo() {
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.undoCandidateMerge({ mergeId }));
    if (!ok) return setBusy(false);
    flashToast({ kind: 'success', title: candidateMessages.undone });
    window.location.reload();
  }

  return (
    <Button variant="outline" size="sm" aria-disabled={busy} onClick={() => void undo()}>
      Undo the merge of {name}
    </Button>
  );
}

export interface DuplicateSuggestion {
  candidateId: string;
  fullName: string;
  emails: string[];
  applications: number;
  reasons: DuplicateReason[];
}

export interface MergeRecord {
  id: string;
  direction: 'into-this' | 'into-other';
  otherCandidateId: string;
  otherName: string | null;
  applications: number;
  mergedAt: Date;
  mergedByEmail: string;
  undoneAt: Date | null;
  undoneByEmail: string | null;
}

const linkClass = 'font-medium underline underline-offset-4 hover:text-primary';

/**
 * The profile's side for those who may merge (issue 33): the candidates who may be this person,
 * each with why and a merge; the merges made, each with its undo.
 */
export function CandidateMergePanel({
  candidateId,
  duplicates,
  merges,
}: {
  candidateId: string;
  duplicates: DuplicateSuggestion[];
  merges: MergeRecord[];
}) {
  return (
    <>
      <section aria-labelledby="duplicates-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
        <h2 id="duplicates-heading" className="text-lg font-semibold">
          Possible duplicates
        </h2>
        {duplicates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No other candidate shares a phone number, a LinkedIn profile, or a near-identical name in the same city.
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {duplicates.map((duplicate) => (
              <li key={duplicate.candidateId} className="flex flex-col gap-2 text-sm">
                <p>
                  <a className={linkClass} href={candidateHref(duplicate.candidateId)}>
                    {duplicate.fullName}
                  </a>{' '}
                  <span className="break-all text-muted-foreground">{duplicate.emails.join(', ')}</span>
                </p>
                <p className="text-muted-foreground">
                  {duplicate.reasons.map((reason) => duplicateReasonLabels[reason]).join('; ')} ·{' '}
                  {duplicate.applications === 1 ? '1 application' : `${duplicate.applications} applications`}
                </p>
                <MergeCandidateButton
                  keptId={candidateId}
                  mergedId={duplicate.candidateId}
                  name={duplicate.fullName}
                  applications={duplicate.applications}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">Suggestions only: nothing is merged until you merge it, and a merge can be undone.</p>
      </section>
      {merges.length > 0 && (
        <section aria-labelledby="merges-heading" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
          <h2 id="merges-heading" className="text-lg font-semibold">
            Merges
          </h2>
          <ul className="flex flex-col gap-4">
            {merges.map((merge) => {
              const name = merge.otherName ?? 'a candidate';
              return (
                <li key={merge.id} className="flex flex-col gap-2 text-sm">
                  <p>
                    {merge.direction === 'into-this' ? (
                      <>
                        {merge.applications === 1 ? '1 application' : `${merge.applications} applications`} of{' '}
                        <a className={linkClass} href={candidateHref(merge.otherCandidateId)}>
                          {name}
                        </a>{' '}
                        merged here
                      </>
                    ) : (
                      <>
                        Merged into{' '}
                        <a className={linkClass} href={candidateHref(merge.otherCandidateId)}>
                          {name}
                        </a>
                      </>
                    )}{' '}
                    <span className="text-muted-foreground">
                      by {merge.mergedByEmail} · {formatDateTime(merge.mergedAt)}
                    </span>
                  </p>
                  {merge.undoneAt ? (
                    <p className="text-muted-foreground">
                      Undone by {merge.undoneByEmail} · {formatDateTime(merge.undoneAt)}
                    </p>
                  ) : (
                    merge.direction === 'into-this' && <UndoMergeButton mergeId={merge.id} name={name} />
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </>
  );
}
