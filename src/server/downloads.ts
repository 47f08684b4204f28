import { Readable } from 'node:stream';
import { ObjectNotFoundError, type ObjectStorage } from './storage/index.ts';

/**
 * A private file (resume, attachment) as a download: always an attachment, never sniffed or
 * rendered by the browser, never cached by anyone in between.
 */
export async function privateFileResponse(
  storage: ObjectStorage,
  file: { storageKey: string; fileName: string; contentType: string },
): Promise<Response> {
  try {
    const object = await storage.get(file.storageKey);
    const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return new Response(Readable.toWeb(object.body) as ReadableStream, {
      headers: {
        'Content-Type': file.contentType,
        'Content-Length': String(object.size),
        'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return new Response('The file is missing from storage.', { status: 410 });
    throw error;
  }
}
