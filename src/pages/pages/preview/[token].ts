import type { APIRoute } from 'astro';
import { editablePage } from '@/content/editable-pages';
import { fillStandIns } from '@/lib/page-texts/texts';
import { draftLookup, pageOfPreviewToken } from '@/server/page-texts/store';
import { getRuntime } from '@/server/runtime';

// A content page with its draft texts (issue 34): the prerendered page, filled with the working
// copy instead of the published texts. Opened by a signed link that expires; never kept or indexed.
export const prerender = false;

const notFound = () =>
  new Response(
    'This preview link no longer works. Preview links work for 7 days, until a newer link is made: ask the editor for a new one.',
    {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    },
  );

export const GET: APIRoute = async ({ params }) => {
  const runtime = getRuntime();
  const page = await pageOfPreviewToken(runtime.database.db, runtime.config.authSecret, params.token);
  const info = page ? editablePage(page) : undefined;
  const template = info ? runtime.pageTemplate?.(info.path) : undefined;
  if (!page || !template) return notFound();
  const html = fillStandIns(template, await draftLookup(runtime.database.db, page));
  // A line above the page says it is a preview (the page's own layout is kept as it is).
  const banner =
    '<div role="note" style="background:#fffbeb;color:#451a03;border-bottom:1px solid #fcd34d;padding:.75rem 1rem;font:14px/1.4 system-ui,sans-serif;text-align:center"><strong>Preview:</strong> these texts are not published.</div>';
  return new Response(
    html.replace(/<body([^>]*)>/, `<body$1>${banner}`).replace('<head>', '<head><meta name="robots" content="noindex, nofollow">'),
    {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
        'Referrer-Policy': 'no-referrer',
      },
    },
  );
};
