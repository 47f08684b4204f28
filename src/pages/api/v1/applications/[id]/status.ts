import { mayOnApplication } from '@/server/access/permissions';
import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { setApplicationStatus } from '@/server/applications/review';

export const prerender = false;

/** Moves an application, as its page's status control does (the same command, the same rules). */
export const POST = apiRoute(operations.changeStatus, async ({ runtime, caller, actor, id, body }) => {
  if (!(await mayOnApplication(runtime.database.db, caller, 'applications.decide', id))) return null;
  await setApplicationStatus(runtime.database.db, actor, id, body.status, body.rejection ?? undefined);
  return { data: { ok: true } };
});
