import { actions } from 'astro:actions';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { runAdminAction } from './run-admin-action';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { altSchema, describeUse, formatBytes, MAX_ALT_LENGTH, mediaMessages, type MediaCard, type MediaUse } from '@/lib/media/library';
import { MediaUploadForm } from './MediaUploadForm';

/**
 * The media library (issue 34): the upload form, then the images, newest first, each with its alt
 * text (edited in place), size and address; deleting one first shows where it is used, and is
 * refused while it is.
 */
export function MediaLibrary({ items: initial, total: initialTotal, q = null }: { items: MediaCard[]; total: number; q?: string | null }) {
  const [items, setItems] = useState(initial);
  // The count follows uploads and deletions (issue 51); a search's count is of its matches, which an upload may not be.
  const [total, setTotal] = useState(initialTotal);
  const removed = (id: string) => {
    setItems((current) => current.filter((each) => each.id !== id));
    setTotal((count) => Math.max(0, count - 1));
  };
  const [deleting, setDeleting] = useState<{ item: MediaCard; uses: MediaUse[] } | null>(null);
  const [checking, setChecking] = useState<string | null>(null);

  async function askToDelete(item: MediaCard) {
    setChecking(item.id);
    try {
      const response = await fetch(`/api/admin/media?id=${encodeURIComponent(item.id)}`, { headers: { Accept: 'application/json' } });
      if (response.status === 404) {
        removed(item.id);
        showToast({ kind: 'error', title: 'Error', description: mediaMessages.missing });
        return;
      }
      if (!response.ok) throw new Error(mediaMessages.failed);
      const { uses } = (await response.json()) as { uses: MediaUse[] };
      setDeleting({ item, uses });
    } catch {
      showToast({ kind: 'error', title: 'Error', description: 'The server could not be reached.' });
    } finally {
      setChecking(null);
    }
  }

  async function confirmDelete(item: MediaCard) {
    const ok = await runAdminAction(() => actions.admin.deleteMedia({ mediaId: item.id }), {
      kind: 'success',
      title: mediaMessages.deleted,
    });
    setDeleting(null);
    if (ok) removed(item.id);
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="media-upload" className="rounded-xl border border-border bg-card p-5">
        <h2 id="media-upload" className="mb-4 text-lg font-semibold">
          Upload an image
        </h2>
        <MediaUploadForm
          onUploaded={(item) => {
            setItems((current) => [item, ...current]);
            if (!q) setTotal((count) => count + 1);
            showToast({ kind: 'success', title: mediaMessages.uploaded, description: item.fileName });
          }}
        />
      </section>

      <section aria-labelledby="media-images">
        <h2 id="media-images" className="sr-only">
          Images
        </h2>
        <p className="mb-4 text-sm" role="status">
          {q
            ? `${total === 1 ? '1 image matches' : `${total} images match`} “${q}”.`
            : `${total === 1 ? '1 image' : `${total} images`} in the library.`}
        </p>
        {items.length === 0 ? (
          <p className="text-muted-foreground">No images yet.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
                <MediaThumbnail item={item} />
                <div className="flex flex-1 flex-col gap-3 p-4">
                  <div className="text-sm">
                    <p className="truncate font-medium" title={item.fileName}>
                      {item.fileName}
                    </p>
                    <p className="text-muted-foreground">
                      {item.width} × {item.height} px · {formatBytes(item.bytes)} · {formatDate(new Date(item.createdAt))}
                      {!item.ready && ' · sizes being made'}
                    </p>
                    <p className="text-muted-foreground">
                      Markdown: <code className="text-xs break-all">{`![${item.alt}](${item.url})`}</code>
                    </p>
                  </div>
                  <AltEditor
                    item={item}
                    onSaved={(alt) => setItems((current) => current.map((each) => (each.id === item.id ? { ...each, alt } : each)))}
                  />
                  <div className="mt-auto flex justify-end">
                    <Button variant="outline" size="sm" disabled={checking === item.id} onClick={() => askToDelete(item)}>
                      {checking === item.id ? 'Checking where it is used…' : 'Delete'}
                      <span className="sr-only"> {item.fileName}</span>
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {deleting && deleting.uses.length > 0 && (
        <Dialog open onOpenChange={(open) => !open && setDeleting(null)}>
          <DialogContent>
            <DialogTitle>This image cannot be deleted</DialogTitle>
            <DialogDescription>It is used by these posts; remove it there first.</DialogDescription>
            <ul className="list-disc pl-5 text-sm">
              {deleting.uses.map((use) => (
                <li key={`${use.postId}-${use.where}-${use.version}`}>
                  <a className="text-primary underline-offset-4 hover:underline" href={`/admin/posts/${use.postId}`}>
                    {describeUse(use)}
                  </a>
                </li>
              ))}
            </ul>
            <div className="flex justify-end">
              <Button variant="outline" onClick={() => setDeleting(null)}>
                Close
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      )}
      {deleting && deleting.uses.length === 0 && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this image?"
          description={`“${deleting.item.fileName}” is used by no post. It and all its sizes are deleted; this cannot be undone.`}
          confirmLabel="Delete image"
          destructive
          onConfirm={() => void confirmDelete(deleting.item)}
        />
      )}
    </div>
  );
}

/** The image as the grid shows it: its smallest size (the original while its sizes are being made). */
export function MediaThumbnail({ item }: { item: MediaCard }) {
  return (
    <div className="flex aspect-[3/2] items-center justify-center bg-muted">
      <img
        src={item.thumbnail}
        alt={item.alt}
        width={item.width}
        height={item.height}
        loading="lazy"
        decoding="async"
        className="max-h-full max-w-full object-contain"
      />
    </div>
  );
}

function AltEditor({ item, onSaved }: { item: MediaCard; onSaved: (alt: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(item.alt);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = altSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? mediaMessages.altRequired);
      return;
    }
    setSaving(true);
    let refused: string | null = null;
    const ok = await runAdminAction(
      async () => {
        const result = await actions.admin.setMediaAlt({ mediaId: item.id, alt: parsed.data });
        if (result.error && /alt text/i.test(result.error.message)) refused = result.error.message;
        return result;
      },
      { kind: 'success', title: mediaMessages.altSaved },
    );
    setSaving(false);
    setError(refused);
    if (ok) {
      onSaved(parsed.data);
      setEditing(false);
    }
  }

  if (!editing)
    return (
      <div className="flex items-start justify-between gap-2 text-sm">
        <p>
          <span className="font-medium">Alt text: </span>
          {item.alt}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(item.alt);
            setError(null);
            setEditing(true);
          }}
        >
          Edit<span className="sr-only"> the alt text of {item.fileName}</span>
        </Button>
      </div>
    );
  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Alt text of {item.fileName}
      </label>
      <Textarea
        id={id}
        rows={2}
        value={value}
        maxLength={MAX_ALT_LENGTH + 50}
        required
        ref={field}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setEditing(false)}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving…' : 'Save alt text'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={saving} onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
