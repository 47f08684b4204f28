import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatBytes, type MediaCard } from '@/lib/media/library';
import { MediaUploadForm } from './MediaUploadForm';
import { fetchMediaPage, type MediaPage } from './media-upload';

/** What the picker hands back: the image's id (for coverMediaId, or `![alt](/media/<id>)`), its alt text and size. */
export interface PickedMedia {
  id: string;
  alt: string;
  width: number;
  height: number;
  /** A small size of it, for a preview. */
  src: string;
}

export interface MediaPickerProps {
  onPick: (media: PickedMedia) => void;
  /** The button that opens it; by default "Choose an image". */
  trigger?: ReactNode;
  /** The dialog's heading ("Choose a cover image"). */
  title?: string;
  /** Controlled: the owner opens it and hears when it closes (then no trigger is needed). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The media library in a dialog (for the post editor): search it, page through it, upload a new
 * image with its alt text, and pick one. Fetches /api/admin/media when opened (admin pages only).
 */
export function MediaPicker({ onPick, trigger, title = 'Choose an image', open: controlled, onOpenChange }: MediaPickerProps) {
  const [uncontrolled, setUncontrolled] = useState(false);
  const open = controlled ?? uncontrolled;
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<MediaPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [uploading, setUploading] = useState(false);
  const searchId = useId();
  const latest = useRef(0);

  /** Loads a page of the library; an answer overtaken by a later request is dropped. */
  function load(term: string, page: number) {
    const request = (latest.current += 1);
    setLoading(true);
    setError(null);
    fetchMediaPage(term, page)
      .then((loaded) => request === latest.current && setResult(loaded))
      .catch(() => request === latest.current && setError('The library could not be loaded. Please try again.'))
      .finally(() => request === latest.current && setLoading(false));
  }

  const setOpen = (next: boolean) => {
    if (controlled === undefined) setUncontrolled(next);
    onOpenChange?.(next);
    if (next) load(search, 1);
  };

  // A controlled picker opened by its owner loads when it first shows.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open && !wasOpen.current && controlled !== undefined) load(search, 1);
    wasOpen.current = open;
  });

  function pick(item: MediaCard) {
    onPick({ id: item.id, alt: item.alt, width: item.width, height: item.height, src: item.thumbnail });
    setOpen(false);
  }

  function submitSearch(event: FormEvent) {
    event.preventDefault();
    setSearch(query.trim());
    load(query.trim(), 1);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {controlled === undefined && <DialogTrigger asChild>{trigger ?? <Button variant="outline">Choose an image</Button>}</DialogTrigger>}
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Pick an image of the media library, or upload a new one with its alt text.</DialogDescription>

        <details
          open={uploading}
          onToggle={(event) => setUploading(event.currentTarget.open)}
          className="rounded-lg border border-border p-3"
        >
          <summary className="cursor-pointer font-medium">Upload a new image</summary>
          <div className="mt-3">
            <MediaUploadForm compact onUploaded={pick} />
          </div>
        </details>

        <form role="search" onSubmit={submitSearch} className="flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium">
              Search by alt text or file name
            </label>
            <Input id={searchId} type="search" value={query} maxLength={200} onChange={(event) => setQuery(event.target.value)} />
          </div>
          <Button type="submit" variant="outline">
            Search
          </Button>
        </form>

        <div aria-live="polite" aria-busy={loading}>
          {loading && !result ? (
            <Spinner showLabel label="Loading the library…" />
          ) : error ? (
            <p className="text-sm text-destructive">{error}</p>
          ) : result && result.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{search ? `No image matches “${search}”.` : 'No images yet: upload the first.'}</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {result?.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => pick(item)}
                    className="flex w-full flex-col overflow-hidden rounded-lg border border-border text-left hover:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <span className="flex aspect-[3/2] items-center justify-center bg-muted">
                      <img
                        src={item.thumbnail}
                        alt=""
                        width={item.width}
                        height={item.height}
                        loading="lazy"
                        className="max-h-full max-w-full object-contain"
                      />
                    </span>
                    <span className="p-2 text-xs">
                      <span className="line-clamp-2 font-medium">{item.alt}</span>
                      <span className="text-muted-foreground">
                        {item.width} × {item.height} · {formatBytes(item.bytes)}
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        {result && result.pages > 1 && (
          <nav aria-label="Pages of the media library" className="flex items-center justify-between text-sm">
            <Button variant="outline" size="sm" disabled={result.page <= 1 || loading} onClick={() => load(search, result.page - 1)}>
              Previous
            </Button>
            <span className="text-muted-foreground">
              Page {result.page} of {result.pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={result.page >= result.pages || loading}
              onClick={() => load(search, result.page + 1)}
            >
              Next
            </Button>
          </nav>
        )}
      </DialogContent>
    </Dialog>
  );
}
