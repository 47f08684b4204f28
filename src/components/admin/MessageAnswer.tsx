import { actions } from 'astro:actions';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldError } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { flashToast } from '@/components/ui/toast';
import { answerMessages } from '@/lib/messages/inbox';
import { messageToasts } from '@/lib/messages/texts';
import { runAdminAction } from './run-admin-action';

/**
 * Answering a contact message from its page (issue 35): a subject and the text, sent to the person
 * and kept in the conversation; their reply comes back to it. What was typed stays if sending fails.
 */
export function MessageAnswer({ messageId, subject: initialSubject }: { messageId: string; subject: string }) {
  const [subject, setSubject] = useState(initialSubject);
  const [body, setBody] = useState('');
  const [error, setError] = useState<{ field: 'subject' | 'body'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function send() {
    if (!subject.trim()) return setError({ field: 'subject', message: answerMessages.subject });
    if (!body.trim()) return setError({ field: 'body', message: answerMessages.body });
    setError(null);
    setBusy(true);
    const ok = await runAdminAction(() => actions.admin.answerMessage({ messageId, subject, body }));
    if (!ok) return setBusy(false);
    // The page is read again to show the answer in the conversation; the toast waits for it.
    flashToast(messageToasts.answered);
    window.location.reload();
  }

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void send();
      }}
    >
      <label htmlFor={`${id}-subject`} className="text-sm font-medium">
        Subject
      </label>
      <Input
        id={`${id}-subject`}
        value={subject}
        maxLength={200}
        aria-invalid={error?.field === 'subject' || undefined}
        aria-describedby={error?.field === 'subject' ? `${id}-error` : undefined}
        onChange={(event) => setSubject(event.target.value)}
      />
      <label htmlFor={`${id}-body`} className="text-sm font-medium">
        Your answer
      </label>
      <Textarea
        id={`${id}-body`}
        rows={7}
        value={body}
        maxLength={10_000}
        aria-invalid={error?.field === 'body' || undefined}
        aria-describedby={error?.field === 'body' ? `${id}-error` : undefined}
        onChange={(event) => setBody(event.target.value)}
      />
      {error && <FieldError id={`${id}-error`}>{error.message}</FieldError>}
      <Button type="submit" size="sm" className="self-start" aria-disabled={busy}>
        <Send aria-hidden="true" />
        Send the answer
      </Button>
    </form>
  );
}
