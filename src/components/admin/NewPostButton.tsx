import { actions } from 'astro:actions';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { runAdminAction } from './run-admin-action';

/** Starts a new draft and opens it in the editor. */
export function NewPostButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await runAdminAction(async () => {
          const result = await actions.admin.createPost({});
          if (result.data) window.location.assign(`/admin/posts/${result.data.id}`);
          return result;
        });
        setBusy(false);
      }}
    >
      <Plus aria-hidden="true" /> New post
    </Button>
  );
}
