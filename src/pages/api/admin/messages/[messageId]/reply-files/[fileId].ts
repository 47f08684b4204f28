import type { APIRoute } from 'astro';
import { inboundFileForDownload } from '@/server/replies/thread';
import { getRuntime } from '@/server/runtime';
import { privateFileResponse } from '@/server/uploads/download';
import { isUuid } from '@/lib/ids';

export const prerender = false;

/** An attachment of a reply to a contact message (issue 35), for staff who handle messages (src/middleware.ts); audited. */
export const GET: APIRoute = async ({ params, locals }) => {
  const runtime = getRuntime();
  const contactMessageId = params.messageId ?? '';
  const file = isUuid(contactMessageId)
    ? await inboundFileForDownload(runtime.database.db, locals.viewer!, { contactMessageId }, params.fileId ?? '')
    : null;
  return file ? privateFileResponse(runtime.storage, file) : new Response('Not found', { status: 404 });
};
