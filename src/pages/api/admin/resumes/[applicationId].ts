import type { APIRoute } from 'astro';
import { Readable } from 'node:stream';
import { uuidPattern } from '@/lib/job-filters';
import { resumeForDownload } from '@/server/admin';
import { getRuntime } from '@/server/runtime';
import { ObjectNotFoundError } from '@/server/storage';

export const prerender = false;

/** The resume of an application, for admins only (src/middleware.ts): always a download, never rendered. */
export const GET: APIRoute = async ({ params, locals }) => {
  const runtime = getRuntime();
  const viewer = locals.viewer;
  const id = params.applicationId ?? '';
  if (!viewer || !uuidPattern.test(id)) return new Response('Not found', { status: 404 });
  const resume = await resumeForDownload(runtime.database.db, { id: viewer.id, email: viewer.email }, id);
  if (!resume) return new Response('Not found', { status: 404 });
  try {
    const object = await runtime.storage.get(resume.storageKey);
    const asciiName = resume.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return new Response(Readable.toWeb(object.body) as ReadableStream, {
      headers: {
        'Content-Type': resume.contentType,
        'Content-Length': String(object.size),
        'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(resume.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return new Response('The file is missing from storage.', { status: 410 });
    throw error;
  }
};
