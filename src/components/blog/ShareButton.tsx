import { Share2 } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

/**
 * Shares the post with the system share sheet where there is one (phones, some desktops), and
 * otherwise copies the link. The toast code loads only when needed, so the post page keeps to
 * the JavaScript budget.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    const { toast } = await import('@/components/ui/toast');
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied', { description: 'The link to this post is on your clipboard.' });
    } catch {
      toast.error('Could not copy the link', { description: url });
    }
  };

  return (
    <button type="button" onClick={share} className={buttonVariants({ variant: 'outline' })}>
      <Share2 aria-hidden="true" />
      Share
    </button>
  );
}
