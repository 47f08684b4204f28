import type { APIRoute } from 'astro';
import { unreadCount } from '@/server/notifications/list';
import { navigationCounts } from '@/server/shell/navigation';
import { getRuntime } from '@/server/runtime';

// The workspace's counts (issue 51): the bell's unread and the navigation's (new applications,
// unread messages, feedback due), asked by the shell every 30 s while its tab is shown and after
// an action changed something. Only a signed-in staff member's page asks: a few index-backed
// counts in their reach; nobody signed in costs nothing.
export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const db = getRuntime().database.db;
  const viewer = locals.viewer!;
  const [unread, nav] = await Promise.all([unreadCount(db, viewer), navigationCounts(db, viewer)]);
  return Response.json({ unread, nav }, { headers: { 'Cache-Control': 'no-store' } });
};
