import type { APIRoute } from 'astro';
import { serveMedia } from '@/server/media/serve';
import { getRuntime } from '@/server/runtime';

export const prerender = false;

/** The media library's images in every size (issue 34): public, looked up through their row (src/server/media/serve.ts). */
export const GET: APIRoute = ({ params, request }) => {
  const runtime = getRuntime();
  return serveMedia({ db: runtime.database.db, storage: runtime.storage }, params.path, request);
};
