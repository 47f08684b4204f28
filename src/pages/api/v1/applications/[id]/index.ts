import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { getApplication } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.getApplication, async ({ runtime, caller, siteUrl, id }) => {
  const application = await getApplication(runtime.database.db, caller, siteUrl, id);
  return application && { data: application };
});
