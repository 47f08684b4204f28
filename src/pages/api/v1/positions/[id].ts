import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { getPosition } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.getPosition, async ({ runtime, caller, siteUrl, id }) => {
  const position = await getPosition(runtime.database.db, caller, siteUrl, id);
  return position && { data: position };
});
