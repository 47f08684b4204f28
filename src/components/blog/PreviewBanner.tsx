import { Eye } from 'lucide-react';

/** Above a draft opened by its preview link: says it is not published, and as of when. */
export function PreviewBanner({ updatedAt }: { updatedAt: string }) {
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3 text-sm sm:px-6 lg:px-0">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        <span>
          <strong>Preview:</strong> this post is not published. It shows the draft as last saved ({updatedAt}).
        </span>
      </p>
    </div>
  );
}
