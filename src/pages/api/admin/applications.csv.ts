import type { APIRoute } from 'astro';
import { parseWorkspaceQuery } from '@/lib/applications/query';
import { workspaceExport } from '@/server/applications/export';
import { csvResponse, openCsvStream } from '@/server/exports/csv-stream';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications a view of the workspace shows (its filters, every page), as CSV streamed, for staff who may export (src/middleware.ts). */
export const GET: APIRoute = async ({ url, locals }) => {
  const { db, exportPool } = getRuntime().database;
  // Only the applications the person may export (a hiring manager: their positions').
  const reach = { who: locals.viewer!, permission: 'applications.export' } as const;
  const spec = await workspaceExport(db, parseWorkspaceQuery(url.searchParams), reach);
  return csvResponse(
    await openCsvStream(exportPool, spec, { writable: locals.writable }),
    `applications-${new Date().toISOString().slice(0, 10)}.csv`,
  );
};
