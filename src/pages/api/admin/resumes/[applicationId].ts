import type { APIRoute } from 'astro';
import { uuidPattern } from '@/lib/job-filters';
import { resumeForDownload } from '@/server/admin';
import { privateFileResponse } from '@/server/downloads';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The resume of an application, for admins only (src/middleware.ts). */
export const GET: APIRoute = async ({ params, locals }) => {
  const runtime = getRuntime();
  const viewer = locals.viewer;
  const id = params.applicationId ?? '';
  if (!viewer || !uuidPattern.test(id)) return new Response('Not found', { status: 404 });
  const resume = await resumeForDownload(runtime.database.db, { id: viewer.id, email: viewer.email }, id);
  return resume ? privateFileResponse(runtime.storage, resume) : new Response('Not found', { status: 404 });
};
