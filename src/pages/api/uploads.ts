import type { APIRoute } from 'astro';
import { clientKeyOf } from '@/server/request-context';
import { getRuntime } from '@/server/runtime';
import { handleUploadRequest, uploadDeps } from '@/server/uploads/receive';

export const prerender = false;

/** POST /api/uploads?purpose=resume, the file as the raw body: streamed, checked, stored privately. */
export const POST: APIRoute = ({ request, clientAddress }) =>
  handleUploadRequest(uploadDeps(getRuntime()), request, clientKeyOf(request, clientAddress));
