import type { APIRoute } from 'astro';
import { insightsCsv, insightsFileName, isInsightReport } from '@/server/insights/report-csv';
import { loadInsights, readInsightsRequest } from '@/server/insights/report';
import { companyDay } from '@/server/insights/views';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** One report of /admin/insights as CSV, for the same ?period= and ?position=, of the positions the person may see (src/middleware.ts). */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const report = params.report;
  if (!isInsightReport(report)) return new Response('Not found', { status: 404 });
  const db = getRuntime().database.db;
  const viewer = locals.viewer!;
  const { query, position } = await readInsightsRequest(db, url.searchParams, viewer);
  const insights = await loadInsights(db, { ...query, today: companyDay(new Date()), who: viewer });
  const title = position?.title ?? null;
  return new Response(insightsCsv(report, insights, title), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${insightsFileName(report, insights, title)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
