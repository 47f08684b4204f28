import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { PostDiff } from '@/components/admin/PostDiff';
import { LocalTime } from '@/components/ui/local-time';
import { revisionKindLabels, type FieldChange, type RevisionRow } from '@/lib/posts/editor';

interface RevisionsPanelProps {
  revisions: RevisionRow[];
  /** What restoring the revision would change; null when it could not be read (the caller said why). */
  compare: (revision: RevisionRow) => Promise<FieldChange[] | null>;
  restore: (revision: RevisionRow) => Promise<void>;
  /** Said before restoring: what becomes of the current text and the public page. */
  restoreDescription: string;
  busy?: boolean;
}

/** Every saved state, newest first: compare one with the current text, restore it (a post's, a page's texts). */
export function RevisionsPanel({ revisions, compare, restore, restoreDescription, busy = false }: RevisionsPanelProps) {
  const [open, setOpen] = useState<{ revision: RevisionRow; changes: FieldChange[] } | null>(null);
  const [working, setWorking] = useState(false);
  const disabled = busy || working;

  const show = async (revision: RevisionRow) => {
    setWorking(true);
    const changes = await compare(revision);
    if (changes) setOpen({ revision, changes });
    setWorking(false);
  };

  return (
    <section aria-labelledby="revisions-title" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 shadow-card">
      <h2 id="revisions-title" className="text-base font-semibold">
        Revisions
      </h2>
      {revisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Saved versions appear here.</p>
      ) : (
        <ol className="flex max-h-96 flex-col gap-1 overflow-auto">
          {revisions.map((revision) => (
            <li key={revision.id} className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted">
              <span>
                <span className="font-medium">
                  {revision.number}. {revisionKindLabels[revision.kind]}
                </span>
                <span className="block text-xs text-muted-foreground">
                  <LocalTime iso={revision.savedAt} /> · {revision.author}
                </span>
              </span>
              <Button type="button" variant="link" size="sm" disabled={disabled} onClick={() => void show(revision)}>
                Compare<span className="sr-only"> revision {revision.number}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      {open && (
        <div className="flex flex-col gap-3 border-t border-border pt-3">
          <h3 className="text-sm font-semibold">Restoring revision {open.revision.number} would change</h3>
          <PostDiff changes={open.changes} empty="It is the same as the current text." />
          <div className="flex flex-wrap gap-2">
            <ConfirmDialog
              trigger={
                <Button type="button" size="sm" disabled={disabled || open.changes.length === 0}>
                  Restore revision {open.revision.number}
                </Button>
              }
              title={`Restore revision ${open.revision.number}?`}
              description={restoreDescription}
              confirmLabel="Restore"
              onConfirm={() => {
                setWorking(true);
                void restore(open.revision).finally(() => {
                  setWorking(false);
                  setOpen(null);
                });
              }}
            />
            <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(null)}>
              Close
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
