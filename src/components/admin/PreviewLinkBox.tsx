import { Input } from '@/components/ui/input';
import { LocalTime } from '@/components/ui/local-time';

/** A draft's preview link, to open or copy, and until when it works (a post's, a page's texts). */
export function PreviewLinkBox({ url, expiresAt }: { url: string; expiresAt: string }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <a href={url} target="_blank" rel="noreferrer" className="font-semibold break-all text-primary underline">
        Open the preview<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <Input aria-label="Preview link" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      <p className="text-xs text-muted-foreground">
        Anyone with this link can see the draft until <LocalTime iso={expiresAt} />, or until you get a new link: the older ones stop
        working.
      </p>
    </div>
  );
}
