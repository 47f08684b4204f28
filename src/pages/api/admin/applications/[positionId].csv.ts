import type { APIRoute } from 'astro';
import { applicationsCsv, exportFileName, listApplicationsForExport } from '@/server/applications/export';
import { getPosition } from '@/server/positions/manage';
import { reachPosition } from '@/server/access/guard';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications of a position as CSV, for staff who may export it (src/middleware.ts, then the position's reach). */
export const GET: APIRoute = async ({ params, locals }) => {
  const db = getRuntime().database.db;
  // Another position's export is answered as a missing one (and the attempt audited).
  const position = (await reachPosition(db, locals.viewer!, 'applications.export', params.positionId ?? ''))
    ? await getPosition(db, params.positionId ?? '')
    : null;
  if (!position) return new Response('Not found', { status: 404 });
  return new Response(applicationsCsv(await listApplicationsForExport(db, position.id)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(position.title)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
