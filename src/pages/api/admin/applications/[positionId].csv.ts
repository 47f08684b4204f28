import type { APIRoute } from 'astro';
import { exportFileName, positionExport } from '@/server/applications/export';
import { csvResponse, openCsvStream } from '@/server/exports/csv-stream';
import { getPosition } from '@/server/positions/manage';
import { reachPosition } from '@/server/access/guard';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications of a position as CSV streamed, for staff who may export it (src/middleware.ts, then the position's reach). */
export const GET: APIRoute = async ({ params, locals }) => {
  const { db, exportPool } = getRuntime().database;
  // Another position's export is answered as a missing one (and the attempt audited).
  const position = (await reachPosition(db, locals.viewer!, 'applications.export', params.positionId ?? ''))
    ? await getPosition(db, params.positionId ?? '')
    : null;
  if (!position) return new Response('Not found', { status: 404 });
  return csvResponse(
    await openCsvStream(exportPool, positionExport(db, position.id), { writable: locals.writable }),
    exportFileName(position.title),
  );
};
