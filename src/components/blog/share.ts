import { toast } from '@/components/ui/toast';

/** The system share sheet where there is one; otherwise the link goes to the clipboard, with a toast either way. */
export async function share({ title, url }: { title: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The visitor closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied', { description: 'The link to this post is on your clipboard.' });
  } catch {
    toast.error('Could not copy the link', { description: url });
  }
}
