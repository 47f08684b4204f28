import type { APIRoute } from 'astro';
import { reachApplication } from '@/server/access/guard';
import { getRuntime } from '@/server/runtime';
import { downloadPrivateFile } from '@/server/uploads/download';

export const prerender = false;

/**
 * The resume of an application, for staff who may read it (src/middleware.ts, then the
 * application's reach: another position's resume is answered as a missing one, and the attempt
 * audited); ?preview=1 when shown in the page.
 */
export const GET: APIRoute = async ({ params, locals, url }) => {
  const runtime = getRuntime();
  const applicationId = params.applicationId ?? '';
  if (!(await reachApplication(runtime.database.db, locals.viewer!, 'applications.read', applicationId)))
    return new Response('Not found', { status: 404 });
  return downloadPrivateFile(runtime, locals.viewer, 'resume', applicationId, { preview: url.searchParams.get('preview') === '1' });
};
