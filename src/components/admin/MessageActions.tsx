import { actions } from 'astro:actions';
import { MailOpen, Mail, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { flashToast } from '@/components/ui/toast';
import { messageToasts } from '@/lib/messages/texts';
import { runAdminAction } from './run-admin-action';

/** Mark a message read or unread; delete it (and its attachment) after confirming. */
export function MessageActions({ messageId, read: initiallyRead }: { messageId: string; read: boolean }) {
  const [read, setRead] = useState(initiallyRead);
  const [busy, setBusy] = useState(false);

  async function toggleRead() {
    setBusy(true);
    const next = !read;
    const ok = await runAdminAction(
      () => actions.admin.setMessageRead({ messageId, read: next }),
      next ? messageToasts.markedRead : messageToasts.markedUnread,
    );
    if (ok) setRead(next);
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    // Success is shown on the inbox, where the deleted message no longer is.
    if (await runAdminAction(() => actions.admin.deleteMessage({ messageId }))) {
      flashToast(messageToasts.deleted);
      window.location.assign('/admin/messages');
      return;
    }
    setBusy(false);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void toggleRead()}>
        {read ? <Mail aria-hidden="true" /> : <MailOpen aria-hidden="true" />}
        {read ? 'Mark as unread' : 'Mark as read'}
      </Button>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={busy}>
            <Trash2 aria-hidden="true" className="text-destructive" />
            Delete
          </Button>
        }
        title="Are you sure you want to delete this message?"
        description="The message and its attachment will be removed. This cannot be undone."
        confirmLabel="Delete message"
        destructive
        onConfirm={() => void remove()}
      />
    </div>
  );
}
