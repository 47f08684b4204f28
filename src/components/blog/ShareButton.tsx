import { Share2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * Shares the post (share.ts, wired by the shell script): the system share sheet where there is
 * one (phones, some desktops), otherwise the link is copied.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  return (
    <button type="button" data-share-title={title} data-share-url={url} className={buttonVariants({ variant: 'outline' })}>
      <Share2 aria-hidden="true" />
      Share
    </button>
  );
}
