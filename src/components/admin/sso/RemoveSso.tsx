import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { runAdminAction } from '../run-admin-action';

/** Removes the provider, after a confirmation: staff sign in with the site's passwords again. */
export function RemoveSso() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setAsking(true)}>
        Remove the provider
      </Button>
    );
  return (
    <div role="group" aria-label="Remove the provider" className="flex flex-wrap items-center gap-3">
      <p className="text-sm">
        Sessions from the provider end, and staff sign in with this site’s passwords (those who never had one choose one with “Forgot your
        password?”). Remove it?
      </p>
      <Button
        type="button"
        variant="destructive"
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          if (await runAdminAction(() => actions.admin.removeSso({}))) return window.location.assign('/admin/sso?done=removed');
          setBusy(false);
        }}
      >
        Yes, remove it
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Keep it
      </Button>
    </div>
  );
}
