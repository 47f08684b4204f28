import type { APIRoute } from 'astro';
import { applicationsCsv, exportFileName, listApplicationsForExport } from '@/server/applications/export';
import { getPosition } from '@/server/positions/manage';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications of a position as CSV, for admins only (src/middleware.ts). */
export const GET: APIRoute = async ({ params }) => {
  const db = getRuntime().database.db;
  const position = await getPosition(db, params.positionId ?? '');
  if (!position) return new Response('Not found', { status: 404 });
  return new Response(applicationsCsv(await listApplicationsForExport(db, position.id)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(position.title)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
