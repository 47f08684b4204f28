import { mediaMessages, type MediaCard, type MediaUploadAnswer } from '@/lib/media/library';

/** An upload the server refused (or that failed), with the field to fix. */
export class MediaUploadError extends Error {
  override readonly name = 'MediaUploadError';
  readonly field: 'file' | 'alt';
  constructor(message: string, field: 'file' | 'alt' = 'file') {
    super(message);
    this.field = field;
  }
}

/**
 * Sends an image and its alt text to POST /api/admin/media as a multipart form. XMLHttpRequest
 * rather than fetch because only it reports upload progress.
 */
export function uploadMedia(file: File, alt: string, onProgress: (fraction: number) => void): Promise<MediaCard> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set('file', file, file.name);
    form.set('alt', alt);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/media');
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as Partial<{ item: MediaCard; error: string; field: 'file' | 'alt' }> | null;
      if (xhr.status === 201 && body?.item) resolve(body.item);
      else reject(new MediaUploadError(body?.error ?? (xhr.status === 413 ? mediaMessages.tooLarge : mediaMessages.failed), body?.field));
    });
    xhr.addEventListener('error', () => reject(new MediaUploadError(mediaMessages.failed)));
    xhr.addEventListener('abort', () => reject(new MediaUploadError(mediaMessages.failed)));
    xhr.send(form);
  });
}

/** The library's answer to GET /api/admin/media. */
export interface MediaPage {
  items: MediaCard[];
  total: number;
  page: number;
  pages: number;
}

export async function fetchMediaPage(q: string, page: number): Promise<MediaPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const response = await fetch(`/api/admin/media?${params}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(mediaMessages.failed);
  return (await response.json()) as MediaPage;
}

export type { MediaUploadAnswer };
