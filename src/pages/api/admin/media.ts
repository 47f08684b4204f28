import type { APIRoute } from 'astro';
import { mediaDeps } from '@/server/media/library';
import { handleMediaQuery, handleMediaUpload } from '@/server/media/upload';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/**
 * The media library for staff with content.edit (src/middleware.ts checks it): POST a multipart
 * form (`file`, `alt`) to upload an image; GET a page of the library (`q`, `page`) or one image
 * with its uses (`id`).
 */
export const POST: APIRoute = ({ request, locals }) => handleMediaUpload(mediaDeps(getRuntime()), locals.viewer, request);

export const GET: APIRoute = ({ url }) => handleMediaQuery({ db: getRuntime().database.db }, url);
