import { Share2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

/** The Share button, rendered on the server; src/scripts/share-button.ts makes it work and fills its status line. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      <button type="button" data-share-url={url} data-share-title={title} className={buttonVariants({ variant: 'outline' })}>
        <Share2 aria-hidden="true" />
        Share
      </button>
      <span role="status" className="text-sm text-muted-foreground" />
    </span>
  );
}
