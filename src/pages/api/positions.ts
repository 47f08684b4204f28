import type { APIRoute } from 'astro';
import { filtersFromSearchParams } from '@/lib/positions/filters';
import { listOpenPositions, toJobCard } from '@/server/positions/board';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** GET /api/positions?q=&department=&location=: the open positions the job board shows, as JSON. */
export const GET: APIRoute = async ({ url }) => {
  const positions = await listOpenPositions(getRuntime().database.db, filtersFromSearchParams(url.searchParams));
  return Response.json({ positions: positions.map(toJobCard) }, { headers: { 'Cache-Control': 'no-cache' } });
};
