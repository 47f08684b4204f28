import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { listApplications } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.listApplications, ({ runtime, caller, siteUrl, query }) =>
  listApplications(runtime.database.db, caller, siteUrl, query),
);
