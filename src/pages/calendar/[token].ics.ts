import type { APIRoute } from 'astro';
import { calendarFeed } from '@/server/scheduling/availability';
import { organizerOf } from '@/server/scheduling/meetings';
import { getRuntime } from '@/server/runtime';

// A staff member's private calendar feed (issue 31), the secret URL their calendar app subscribes
// to from /account/availability: their bookings, no cookies needed. An unknown or renewed-away
// token is answered as any unknown page. The request log writes /calendar/:token.ics.
export const prerender = false;

export const GET: APIRoute = async ({ params, rewrite }) => {
  const runtime = getRuntime();
  const feed = await calendarFeed(runtime.database.db, params.token ?? '', organizerOf(runtime.config));
  if (feed === null) return rewrite('/404');
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
    },
  });
};
