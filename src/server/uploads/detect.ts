import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { DocumentType } from '../../lib/uploads.ts';

/**
 * What a file is, decided by its content: magic bytes for PDF and DOCX, the compound file's
 * directory for DOC, and a strict UTF-8 check for plain text. Names and declared types are never
 * trusted.
 */

/** The document type a file's first bytes show, when it is one we take. CFB is Word's legacy container. */
export async function detectDocumentType(head: Uint8Array): Promise<DocumentType | 'cfb' | null> {
  const detected = await fileTypeFromBuffer(head);
  if (detected?.ext === 'pdf') return 'pdf';
  if (detected?.ext === 'docx') return 'docx';
  if (detected?.ext === 'cfb') return 'cfb';
  return null;
}

const WORD_STREAM_NAME = Buffer.from('WordDocument', 'utf16le');

/** Whether a whole compound file in memory (a reply's attachment) names a "WordDocument" stream; streams use WordDocumentProbe. */
export const namesWordDocument = (content: Buffer): boolean => content.includes(WORD_STREAM_NAME);

/**
 * Passes bytes through and notes whether the compound file's directory names a "WordDocument"
 * stream: that is what makes a CFB file a Word document rather than an installer (.msi) or a
 * spreadsheet wearing a .doc name.
 */
export class WordDocumentProbe extends Transform {
  found = false;
  #tail = Buffer.alloc(0);

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.found) {
      const window = Buffer.concat([this.#tail, chunk]);
      if (window.includes(WORD_STREAM_NAME)) this.found = true;
      this.#tail = window.subarray(Math.max(0, window.length - WORD_STREAM_NAME.length + 1));
    }
    callback(null, chunk);
  }
}

/**
 * Plain text has no magic bytes: it is text when the start decodes as UTF-8 without control
 * characters other than tab, line breaks and form feed (and the rest is checked as it streams).
 */
export function looksLikeText(head: Uint8Array, complete: boolean): boolean {
  // A multi-byte character may be cut at the end of the head: decode without the last 3 bytes.
  const sample = complete ? head : head.subarray(0, Math.max(0, head.length - 3));
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
    // eslint-disable-next-line no-control-regex -- control characters are what betrays a binary file
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/** Fails the stream on a NUL byte: a "text" file that turns binary after its first 64 KB. */
export class TextProbe extends Transform {
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.includes(0)) callback(new NotTextError());
    else callback(null, chunk);
  }
}

export class NotTextError extends Error {
  override readonly name = 'NotTextError';
}
