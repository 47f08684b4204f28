import type { APIRoute } from 'astro';
import { openNotification } from '@/server/notifications/list';
import { getRuntime } from '@/server/runtime';

// A notification opened from the list (issue 51): marked read, then its place. Another person's, or
// one gone with its thread, leads back to the list.
export const prerender = false;

export const GET: APIRoute = async ({ params, locals }) => {
  const path = await openNotification(getRuntime().database.db, locals.viewer!.id, params.id ?? '');
  return new Response(null, { status: 303, headers: { Location: path ?? '/admin/notifications', 'Cache-Control': 'no-store' } });
};
