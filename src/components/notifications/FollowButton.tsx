import { actions } from 'astro:actions';
import { BellOff, BellPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { runAdminAction } from '@/components/admin/run-admin-action';

export type FollowTarget = { applicationId: string } | { contactMessageId: string };

/**
 * Follow / Unfollow a thread (issue 51): to be told of what happens on it, or to stop. The line
 * beside it says which is true now (read by screen readers as it changes).
 */
export function FollowButton({ target, following: initial, what }: { target: FollowTarget; following: boolean; what: string }) {
  const [following, setFollowing] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    const follow = !following;
    const done = await runAdminAction(() =>
      'applicationId' in target
        ? actions.admin.followApplication({ applicationId: target.applicationId, follow })
        : actions.admin.followMessage({ contactMessageId: target.contactMessageId, follow }),
    );
    if (done) setFollowing(follow);
    setBusy(false);
  }
  const Icon = following ? BellOff : BellPlus;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p role="status" className="text-sm text-muted-foreground">
        {following ? `You follow this ${what}: you are told of what happens on it.` : `You do not follow this ${what}.`}
      </p>
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void toggle()}>
        <Icon aria-hidden="true" className="size-4" />
        {following ? 'Unfollow' : 'Follow'}
      </Button>
    </div>
  );
}
