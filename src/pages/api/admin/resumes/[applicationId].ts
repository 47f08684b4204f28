import type { APIRoute } from 'astro';
import { getRuntime } from '@/server/runtime';
import { downloadPrivateFile } from '@/server/uploads/download';

export const prerender = false;

/** The resume of an application, for admins only (src/middleware.ts). */
export const GET: APIRoute = ({ params, locals }) => downloadPrivateFile(getRuntime(), locals.viewer, 'resume', params.applicationId);
