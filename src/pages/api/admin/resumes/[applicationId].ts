import type { APIRoute } from 'astro';
import { getRuntime } from '@/server/runtime';
import { downloadPrivateFile } from '@/server/uploads/download';

export const prerender = false;

/** The resume of an application, for admins only (src/middleware.ts); ?preview=1 when shown in the page. */
export const GET: APIRoute = ({ params, locals, url }) =>
  downloadPrivateFile(getRuntime(), locals.viewer, 'resume', params.applicationId, { preview: url.searchParams.get('preview') === '1' });
