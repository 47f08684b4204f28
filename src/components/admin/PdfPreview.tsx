import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

type PdfDocument = Awaited<ReturnType<typeof import('pdfjs-dist').getDocument>['promise']>;

/**
 * A resume shown in the page: the PDF is fetched through the same admin-only download (marked as
 * a preview in the audit log) and drawn by pdf.js, in a worker served by this site. Nothing of the
 * file runs: pdf.js draws pages on a canvas, links and scripts in the PDF do nothing.
 */
export function PdfPreview({ applicationId, fileName }: { applicationId: string; fileName: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [document, setDocument] = useState<PdfDocument | null>(null);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let cancelled = false;
    let loading: { destroy(): Promise<void> } | null = null;
    void (async () => {
      try {
        // Loaded only here: pdf.js is large, and only this page needs it.
        const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const response = await fetch(`/api/admin/resumes/${applicationId}?preview=1`, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(`The server answered ${response.status}`);
        const task = pdfjs.getDocument({ data: new Uint8Array(await response.arrayBuffer()), enableXfa: false });
        loading = task;
        const loaded = await task.promise;
        if (cancelled) return;
        setDocument(loaded);
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      void loading?.destroy();
    };
  }, [applicationId]);

  useEffect(() => {
    if (!document || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void document.getPage(page).then((pdfPage) => {
      const target = canvas.current;
      if (!target) return;
      const width = target.parentElement?.clientWidth ?? 800;
      const base = pdfPage.getViewport({ scale: 1 });
      const scale = (width / base.width) * (window.devicePixelRatio || 1);
      const viewport = pdfPage.getViewport({ scale });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = '100%';
      task = pdfPage.render({ canvas: target, viewport });
      task.promise.catch(() => {});
    });
    return () => task?.cancel();
  }, [document, page]);

  const pages = document?.numPages ?? 0;
  return (
    <div className="flex flex-col gap-3">
      {state === 'loading' && (
        <p role="status" className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading the resume…
        </p>
      )}
      {state === 'failed' && (
        <p role="status" className="text-sm text-muted-foreground">
          The resume could not be shown here. Download it to read it.
        </p>
      )}
      <div className={state === 'ready' ? 'overflow-hidden rounded-lg border border-border bg-white' : 'hidden'}>
        <canvas ref={canvas} role="img" aria-label={`Page ${page} of ${pages} of ${fileName}`} />
      </div>
      {state === 'ready' && pages > 1 && (
        <nav aria-label="Resume pages" className="flex items-center justify-between gap-2 text-sm">
          <Button variant="outline" size="sm" aria-disabled={page <= 1} onClick={() => page > 1 && setPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous page
          </Button>
          <span aria-live="polite">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" aria-disabled={page >= pages} onClick={() => page < pages && setPage(page + 1)}>
            Next page
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
