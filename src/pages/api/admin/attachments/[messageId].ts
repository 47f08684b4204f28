import type { APIRoute } from 'astro';
import { getRuntime } from '@/server/runtime';
import { downloadPrivateFile } from '@/server/uploads/download';

export const prerender = false;

/** The attachment of a contact message, for staff who handle messages (src/middleware.ts). */
export const GET: APIRoute = ({ params, locals }) => downloadPrivateFile(getRuntime(), locals.viewer, 'attachment', params.messageId);
