import { actions } from 'astro:actions';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { NOTE_MAX, reviewMessages, reviewToasts } from '@/lib/applications/review';
import { formatDateTime } from '@/lib/format';
import { runAdminAction } from './run-admin-action';

export interface NoteView {
  id: string;
  body: string;
  authorUserId: string | null;
  authorName: string | null;
  authorEmail: string;
  createdAt: Date;
  edited: boolean;
}

function NoteEditor({
  label,
  initial,
  submit,
  onCancel,
}: {
  label: string;
  initial: string;
  submit: (body: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (!body.trim() || body.length > NOTE_MAX) return setError(reviewMessages.note);
        setBusy(true);
        void submit(body.trim()).then((ok) => {
          setBusy(false);
          if (ok) {
            setBody('');
            setError(null);
          }
        });
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={body}
        maxLength={NOTE_MAX}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" aria-disabled={busy}>
          {onCancel ? 'Save note' : 'Add note'}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Reviewers' notes: shown as text with author and time; reviewers add, each author edits or deletes
 * their own. Without `canWrite` (someone who may read the notes but not review) only the list.
 */
export function NotesPanel({
  applicationId,
  notes: initial,
  viewer,
  canWrite = true,
}: {
  applicationId: string;
  notes: NoteView[];
  viewer: { id: string; name: string; email: string };
  canWrite?: boolean;
}) {
  const [notes, setNotes] = useState(initial);
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div className="mt-4 flex flex-col gap-5">
      {notes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet.</p>
      ) : (
        <ul aria-label="Notes, oldest first" className="flex flex-col gap-4">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-border bg-surface p-4">
              <p className="text-sm">
                <span className="font-semibold">{note.authorName ?? note.authorEmail}</span>{' '}
                <span className="text-muted-foreground">
                  · {formatDateTime(note.createdAt)}
                  {note.edited && ' · edited'}
                </span>
              </p>
              {editing === note.id ? (
                <div className="mt-3">
                  <NoteEditor
                    label="Edit your note"
                    initial={note.body}
                    onCancel={() => setEditing(null)}
                    submit={async (body) => {
                      const ok = await runAdminAction(() => actions.admin.editNote({ noteId: note.id, body }), reviewToasts.noteSaved);
                      if (ok) {
                        setNotes((list) => list.map((item) => (item.id === note.id ? { ...item, body, edited: true } : item)));
                        setEditing(null);
                      }
                      return ok;
                    }}
                  />
                </div>
              ) : (
                // Text as written: React escapes it, line breaks kept.
                <p className="mt-2 text-sm leading-relaxed whitespace-pre-wrap">{note.body}</p>
              )}
              {note.authorUserId === viewer.id && editing !== note.id && (
                <div className="mt-3 flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(note.id)} aria-label="Edit your note">
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label="Delete your note"
                    onClick={() =>
                      void runAdminAction(() => actions.admin.deleteNote({ noteId: note.id }), reviewToasts.noteDeleted).then((ok) => {
                        if (ok) setNotes((list) => list.filter((item) => item.id !== note.id));
                      })
                    }
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <NoteEditor
          label="Add a note"
          initial=""
          submit={async (body) => {
            let id: string | undefined;
            const ok = await runAdminAction(async () => {
              const answer = await actions.admin.addNote({ applicationId, body });
              id = answer.data;
              return answer;
            }, reviewToasts.noteAdded);
            if (ok && id)
              setNotes((list) => [
                ...list,
                {
                  id: id!,
                  body,
                  authorUserId: viewer.id,
                  authorName: viewer.name,
                  authorEmail: viewer.email,
                  createdAt: new Date(),
                  edited: false,
                },
              ]);
            return ok;
          }}
        />
      )}
    </div>
  );
}
