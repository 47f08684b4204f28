import type { APIRoute } from 'astro';
import { csvFile } from '@/server/csv';
import { csvResponse } from '@/server/exports/csv-stream';
import { isAnalyticsTable, readAnalyticsPeriod } from '@/lib/analytics/report';
import { analyticsTable } from '@/lib/analytics/tables';
import { companyDay } from '@/lib/format';
import { loadAnalytics } from '@/server/analytics/report';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/**
 * One table of /admin/analytics as CSV, for the same ?period= (analytics.view, src/middleware.ts).
 * The rows are the rollup's, bounded by pages x days, so the file is written whole.
 */
export const GET: APIRoute = async ({ params, url }) => {
  const table = params.table;
  if (!isAnalyticsTable(table)) return new Response('Not found', { status: 404 });
  const days = readAnalyticsPeriod(url.searchParams.get('period'));
  const report = await loadAnalytics(getRuntime().database.db, { days, today: companyDay(new Date()) });
  const data = analyticsTable(report, table);
  return csvResponse(csvFile([data.columns, ...data.rows]), `analytics-${table}-${report.period.from}-to-${report.period.to}.csv`);
};
