import type { APIRoute } from 'astro';
import { uuidPattern } from '@/lib/job-filters';
import { attachmentForDownload } from '@/server/admin';
import { privateFileResponse } from '@/server/downloads';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The attachment of a contact message, for admins only (src/middleware.ts). */
export const GET: APIRoute = async ({ params, locals }) => {
  const runtime = getRuntime();
  const viewer = locals.viewer;
  const id = params.messageId ?? '';
  if (!viewer || !uuidPattern.test(id)) return new Response('Not found', { status: 404 });
  const attachment = await attachmentForDownload(runtime.database.db, { id: viewer.id, email: viewer.email }, id);
  return attachment ? privateFileResponse(runtime.storage, attachment) : new Response('Not found', { status: 404 });
};
