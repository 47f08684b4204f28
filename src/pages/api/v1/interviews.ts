import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { listInterviews } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.listInterviews, ({ runtime, caller, siteUrl, query }) =>
  listInterviews(runtime.database.db, caller, siteUrl, query),
);
