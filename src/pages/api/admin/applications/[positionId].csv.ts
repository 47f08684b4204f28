import type { APIRoute } from 'astro';
import { uuidPattern } from '@/lib/job-filters';
import { applicationsCsv, getPosition, listApplicationsForPosition } from '@/server/admin';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The applications of a position as CSV, for admins only (src/middleware.ts). */
export const GET: APIRoute = async ({ params }) => {
  const db = getRuntime().database.db;
  const id = params.positionId ?? '';
  const position = uuidPattern.test(id) ? await getPosition(db, id) : null;
  if (!position) return new Response('Not found', { status: 404 });
  const slug =
    position.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'position';
  return new Response(applicationsCsv(await listApplicationsForPosition(db, id)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="applications-${slug}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
