import type { APIRoute } from 'astro';
import { reachApplication } from '@/server/access/guard';
import { inboundFileForDownload } from '@/server/replies/thread';
import { getRuntime } from '@/server/runtime';
import { privateFileResponse } from '@/server/uploads/download';

export const prerender = false;

/**
 * An attachment of the candidate's reply (issue 35), for staff who may read the application's
 * history (src/middleware.ts, then the application's reach, a refusal audited); the download is
 * audited like a resume's. Anything not this application's is a 404.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const runtime = getRuntime();
  const applicationId = params.applicationId ?? '';
  if (!(await reachApplication(runtime.database.db, locals.viewer!, 'applications.history', applicationId)))
    return new Response('Not found', { status: 404 });
  const file = await inboundFileForDownload(runtime.database.db, locals.viewer!, { applicationId }, params.fileId ?? '');
  return file ? privateFileResponse(runtime.storage, file) : new Response('Not found', { status: 404 });
};
