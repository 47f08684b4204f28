import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PostDiff } from '@/components/admin/PostDiff';
import { compareContent } from '@/lib/posts/compare';
import type { PostContent } from '@/lib/posts/content';
import { localDateTime } from '@/lib/posts/editor';
import { postMessages } from '@/lib/posts/schema';

interface PostConflictProps {
  mine: PostContent;
  theirs: { content: PostContent; savedAt: string; savedBy: string | null };
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * Two editors saved the same post: the second is told, and sees what differs between their
 * version and the saved one, then keeps theirs (saving over it, knowingly) or takes the other.
 * Nothing is overwritten without this choice; the editor keeps their text meanwhile.
 */
export function PostConflict({ mine, theirs, onKeepMine, onTakeTheirs }: PostConflictProps) {
  const when = localDateTime(theirs.savedAt);
  return (
    <section
      role="alert"
      aria-labelledby="post-conflict-title"
      className="flex flex-col gap-4 rounded-xl border border-amber-400 bg-amber-50 p-5"
    >
      <h2 id="post-conflict-title" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <TriangleAlert aria-hidden="true" className="size-5" /> This post was changed by {theirs.savedBy ?? 'someone else'} at {when}
      </h2>
      <p className="text-sm text-amber-950">{postMessages.conflict}</p>
      <h3 className="text-sm font-semibold">What their version changes in yours</h3>
      <PostDiff changes={compareContent(mine, theirs.content)} empty="Their version is the same as yours." />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onKeepMine}>
          Keep my version
        </Button>
        <Button type="button" variant="outline" onClick={onTakeTheirs}>
          Take their version
        </Button>
      </div>
    </section>
  );
}
