import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast';
import { PostDiff } from '@/components/admin/PostDiff';
import type { PostContent } from '@/lib/posts/content';
import { revisionKindLabels, type FieldChange, type RevisionRow } from '@/lib/posts/editor';
import { runAdminAction } from './run-admin-action';

interface PostRevisionsProps {
  postId: number;
  revisions: RevisionRow[];
  onRestored: (next: { version: number; content: PostContent; revisions: RevisionRow[] }) => void;
}

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/** Every saved state of the post, newest first: compare one with the current text, restore it. */
export function PostRevisions({ postId, revisions, onRestored }: PostRevisionsProps) {
  const [open, setOpen] = useState<{ revision: RevisionRow; changes: FieldChange[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const compare = async (revision: RevisionRow) => {
    setBusy(true);
    await runAdminAction(async () => {
      const result = await actions.admin.comparePostRevision({ postId, revisionId: revision.id });
      if (result.data) setOpen({ revision, changes: result.data.changes });
      return result;
    });
    setBusy(false);
  };

  const restore = async (revision: RevisionRow) => {
    setBusy(true);
    await runAdminAction(async () => {
      const result = await actions.admin.restorePostRevision({ postId, revisionId: revision.id });
      if (result.data) {
        onRestored(result.data);
        setOpen(null);
        showToast({
          kind: 'success',
          title: `Revision ${revision.number} restored`,
          description: 'Publish the post to make it the public version.',
        });
      }
      return result;
    });
    setBusy(false);
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
                  {when(revision.savedAt)} · {revision.author}
                </span>
              </span>
              <Button type="button" variant="link" size="sm" disabled={busy} onClick={() => void compare(revision)}>
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
                <Button type="button" size="sm" disabled={busy || open.changes.length === 0}>
                  Restore revision {open.revision.number}
                </Button>
              }
              title={`Restore revision ${open.revision.number}?`}
              description="The editor's text becomes this revision's. The current text stays in the revisions, and the public post changes only when you publish."
              confirmLabel="Restore"
              onConfirm={() => void restore(open.revision)}
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
