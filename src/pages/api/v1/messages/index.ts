import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { listMessages } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.listMessages, ({ runtime, siteUrl, query }) => listMessages(runtime.database.db, siteUrl, query));
