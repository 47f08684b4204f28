import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { listReasons } from '@/server/api/resources';

export const prerender = false;

export const GET = apiRoute(operations.listRejectionReasons, ({ runtime }) => listReasons(runtime.database.db));
