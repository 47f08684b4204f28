import { actions } from 'astro:actions';
import { showToast } from '@/components/ui/toast';
import { RevisionsPanel } from '@/components/admin/RevisionsPanel';
import type { PostContent } from '@/lib/posts/content';
import type { FieldChange, RevisionRow } from '@/lib/posts/editor';
import { runAdminAction } from './run-admin-action';

interface PostRevisionsProps {
  postId: number;
  revisions: RevisionRow[];
  onRestored: (next: { version: number; content: PostContent; revisions: RevisionRow[] }) => void;
}

/** A post's revisions: compared with the editor's text, restored into it (published when the editor publishes). */
export function PostRevisions({ postId, revisions, onRestored }: PostRevisionsProps) {
  return (
    <RevisionsPanel
      revisions={revisions}
      restoreDescription="The editor's text becomes this revision's. The current text stays in the revisions, and the public post changes only when you publish."
      compare={async (revision) => {
        let changes: FieldChange[] | null = null;
        await runAdminAction(async () => {
          const result = await actions.admin.comparePostRevision({ postId, revisionId: revision.id });
          if (result.data) changes = result.data.changes;
          return result;
        });
        return changes;
      }}
      restore={async (revision) => {
        await runAdminAction(async () => {
          const result = await actions.admin.restorePostRevision({ postId, revisionId: revision.id });
          if (result.data) {
            onRestored(result.data);
            showToast({
              kind: 'success',
              title: `Revision ${revision.number} restored`,
              description: 'Publish the post to make it the public version.',
            });
          }
          return result;
        });
      }}
    />
  );
}
