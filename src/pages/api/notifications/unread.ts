import type { APIRoute } from 'astro';
import { unreadCount } from '@/server/notifications/list';
import { getRuntime } from '@/server/runtime';

// The bell's count (issue 51), asked by the workspace's shell every 30 s while its tab is shown:
// one index-only count for a signed-in staff member; nobody else asks.
export const prerender = false;

export const GET: APIRoute = async ({ locals }) =>
  Response.json({ unread: await unreadCount(getRuntime().database.db, locals.viewer!.id) }, { headers: { 'Cache-Control': 'no-store' } });
