import { uploadMessages, type UploadPurpose, type UploadResult } from '@/lib/uploads';

export class UploadError extends Error {
  override readonly name = 'UploadError';
  /** The server refused this file (its type, its size): choosing it again will not help. */
  readonly refused: boolean;
  constructor(message: string, refused = false) {
    super(message);
    this.refused = refused;
  }
}

/**
 * Sends a file to POST /api/uploads as the raw body. XMLHttpRequest rather than fetch because
 * only it reports upload progress. Rejects with an UploadError carrying a message for people.
 */
export function uploadFile(file: File, purpose: UploadPurpose, onProgress: (fraction: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads?purpose=${encodeURIComponent(purpose)}`);
    // The server decides the type from the content; a neutral type also keeps text files clear of
    // the framework's cross-site form check (text/plain counts as a form encoding there).
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as Partial<UploadResult> & { error?: string };
      if (xhr.status === 201 && typeof body?.id === 'string') resolve(body as UploadResult);
      // 400, 413, 415: the file; 429 and 5xx: the moment, and trying again may work.
      else reject(new UploadError(body?.error ?? uploadMessages.failed, [400, 413, 415].includes(xhr.status)));
    });
    xhr.addEventListener('error', () => reject(new UploadError(uploadMessages.failed)));
    xhr.addEventListener('abort', () => reject(new UploadError(uploadMessages.failed)));
    xhr.send(file);
  });
}
