import type { APIRoute } from 'astro';
import { parseWorkspaceQuery } from '@/lib/applications/query';
import { applicationsCsv, listWorkspaceForExport } from '@/server/applications/export';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications a view of the workspace shows (its filters, every page), as CSV, for admins only (src/middleware.ts). */
export const GET: APIRoute = async ({ url }) => {
  const rows = await listWorkspaceForExport(getRuntime().database.db, parseWorkspaceQuery(url.searchParams));
  return new Response(applicationsCsv(rows, { withPosition: true }), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="applications-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
