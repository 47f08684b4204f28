import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { altSchema, MAX_ALT_LENGTH, MAX_MEDIA_BYTES, mediaAccept, mediaMessages, type MediaCard } from '@/lib/media/library';
import { MediaUploadError, uploadMedia } from './media-upload';

/**
 * An image and its alt text (required), sent with its progress shown. A refusal is said beside
 * the field to fix, and nothing typed or chosen is lost: the editor fixes one field and sends again.
 */
export function MediaUploadForm({ onUploaded, compact = false }: { onUploaded: (item: MediaCard) => void; compact?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLTextAreaElement>(null);
  const statusId = useId();

  function check(): { file?: string; alt?: string } {
    const found: { file?: string; alt?: string } = {};
    if (!file) found.file = mediaMessages.fileRequired;
    else if (file.size === 0) found.file = mediaMessages.empty;
    else if (file.size > MAX_MEDIA_BYTES) found.file = mediaMessages.tooLarge;
    const parsed = altSchema.safeParse(alt);
    if (!parsed.success) found.alt = parsed.error.issues[0]?.message ?? mediaMessages.altRequired;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (progress !== null) return;
    const found = check();
    setErrors(found);
    if (found.file || found.alt || !file) {
      (found.file ? fileInput : altInput).current?.focus();
      return;
    }
    setProgress(0);
    try {
      const item = await uploadMedia(file, alt, setProgress);
      setFile(null);
      setAlt('');
      if (fileInput.current) fileInput.current.value = '';
      onUploaded(item);
    } catch (error) {
      const refusal = error instanceof MediaUploadError ? error : new MediaUploadError(mediaMessages.failed);
      setErrors({ [refusal.field]: refusal.message });
      (refusal.field === 'alt' ? altInput : fileInput).current?.focus();
    } finally {
      setProgress(null);
    }
  }

  const busy = progress !== null;
  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className={compact ? 'flex flex-col gap-3' : 'grid gap-4 md:grid-cols-2'}>
      <FormField label="Image" required error={errors.file} hint={mediaMessages.hint}>
        {(control) => (
          <Input
            {...control}
            ref={fileInput}
            type="file"
            accept={mediaAccept}
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors((current) => ({ ...current, file: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField
        label="Alt text"
        required
        error={errors.alt}
        hint="What the image shows, for people who cannot see it (at most 300 characters)."
      >
        {(control) => (
          <Textarea
            {...control}
            ref={altInput}
            rows={2}
            maxLength={MAX_ALT_LENGTH + 50}
            value={alt}
            disabled={busy}
            onChange={(event) => setAlt(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload image'}
        </Button>
        <p id={statusId} role="status" className="text-sm text-muted-foreground">
          {busy ? (progress < 1 ? `Sending… ${Math.round(progress * 100)} %` : 'Making the sizes…') : ''}
        </p>
        {busy && (
          <progress className="h-2 w-40" max={1} value={progress < 1 ? progress : undefined} aria-describedby={statusId}>
            {Math.round(progress * 100)} %
          </progress>
        )}
      </div>
    </form>
  );
}
