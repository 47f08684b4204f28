import type { APIRoute } from 'astro';
import { parseWorkspaceQuery } from '@/lib/applications/query';
import { applicationsCsv, listWorkspaceForExport } from '@/server/applications/export';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications a view of the workspace shows (its filters, every page), as CSV, for staff who may export (src/middleware.ts). */
export const GET: APIRoute = async ({ url, locals }) => {
  // Only the applications the person may export (a hiring manager: their positions').
  const reach = { who: locals.viewer!, permission: 'applications.export' } as const;
  const rows = await listWorkspaceForExport(getRuntime().database.db, parseWorkspaceQuery(url.searchParams), reach);
  return new Response(applicationsCsv(rows, { withPosition: true }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="applications-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
