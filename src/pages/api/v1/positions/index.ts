import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { listPositions } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.listPositions, ({ runtime, caller, siteUrl, query }) =>
  listPositions(runtime.database.db, caller, siteUrl, query),
);
