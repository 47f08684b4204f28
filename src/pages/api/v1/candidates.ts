import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { listCandidates } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.listCandidates, ({ runtime, caller, siteUrl, query }) =>
  listCandidates(runtime.database.db, caller, siteUrl, query),
);
