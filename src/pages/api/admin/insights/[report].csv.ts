import type { APIRoute } from 'astro';
import { csvResponse } from '@/server/exports/csv-stream';
import { insightsCsv, insightsFileName, isInsightReport } from '@/server/insights/report-csv';
import { loadInsights, readInsightsRequest } from '@/server/insights/report';
import { companyDay } from '@/server/insights/views';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/**
 * One report of /admin/insights as CSV, for the same ?period= and ?position=, of the positions the
 * person may see (src/middleware.ts). A report is the page's own numbers, counted by the database
 * (a row a position, source, stage or interviewer), so it is written whole, not streamed.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const report = params.report;
  if (!isInsightReport(report)) return new Response('Not found', { status: 404 });
  const db = getRuntime().database.db;
  const viewer = locals.viewer!;
  const { query, position } = await readInsightsRequest(db, url.searchParams, viewer);
  const insights = await loadInsights(db, { ...query, today: companyDay(new Date()), who: viewer });
  const title = position?.title ?? null;
  return csvResponse(insightsCsv(report, insights, title), insightsFileName(report, insights, title));
};
