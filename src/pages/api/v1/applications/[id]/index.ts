import { reachApplication } from '@/server/access/guard';
import { apiRoute } from '@/server/api/route';
import { operations } from '@/server/api/operations';
import { getApplication } from '@/server/api/resources';
import { recordApplicationView } from '@/server/privacy/access';

export const prerender = false;

/** One application, read as its page reads it: a refusal audited, a read recorded among its reads. */
export const GET = apiRoute(operations.getApplication, async ({ runtime, caller, actor, siteUrl, id }) => {
  const db = runtime.database.db;
  if (!(await reachApplication(db, actor, 'applications.read', id))) return null;
  const application = await getApplication(db, caller, siteUrl, id);
  if (!application) return null;
  await recordApplicationView(db, actor, id);
  return { data: application };
});
