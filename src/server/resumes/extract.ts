/**
 * Reading the text of a resume (PDF, DOCX, DOC). Runs only in the reader's own process
 * (reader-process.ts, forked by reader.ts): resumes are hostile input, so the parsers run under a
 * heap limit there, and the server only ever receives text or the reason there is none. Nothing
 * here logs: a resume's text is candidate data.
 */
import {
  EXTRACTION_MAX_CHARACTERS,
  EXTRACTION_MAX_EXPANDED_MB,
  EXTRACTION_MAX_PAGES,
  type NoTextReason,
} from '../../lib/resumes/extraction.ts';
import type { ResumeType } from './read-protocol.ts';

export type Outcome = { ok: true; text: string; pages: number | null } | { ok: false; reason: NoTextReason };

const noText = (reason: NoTextReason): Outcome => ({ ok: false, reason });

/** Text as it is stored and searched: no control characters (PostgreSQL refuses NUL), no runs of blanks. */
export function cleanText(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- control characters are what we remove
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g, ' ')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, EXTRACTION_MAX_CHARACTERS)
  );
}

async function readPdf(bytes: Uint8Array): Promise<Outcome> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No fonts: only the text is wanted.
  // A copy as a plain Uint8Array: pdf.js refuses Node's Buffer (what the IPC channel delivers).
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch (error) {
    return noText((error as { name?: string })?.name === 'PasswordException' ? 'password' : 'unreadable');
  }
  try {
    if (document.numPages > EXTRACTION_MAX_PAGES) return noText('too-many-pages');
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
      page.cleanup();
    }
    const text = cleanText(pages.join('\n\n'));
    return text ? { ok: true, text, pages: document.numPages } : noText('no-text-layer');
  } finally {
    await task.destroy();
  }
}

/**
 * What a zip archive says its files expand to, from its central directory (a lying archive is
 * stopped by the memory limit instead): Infinity for a directory that is broken or ZIP64 (no
 * resume needs 4 GB), null when there is no directory (not a zip: the parser says so).
 */
export function declaredExpandedBytes(zip: Uint8Array): number | null {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end-of-central-directory record is in the last 22 + 65,535 bytes (its comment).
  for (let end = zip.length - 22; end >= Math.max(0, zip.length - 22 - 65_535); end -= 1) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let offset = view.getUint32(end + 16, true);
    let total = 0;
    for (let index = 0; index < entries; index += 1) {
      if (offset + 46 > zip.length || view.getUint32(offset, true) !== 0x02014b50) return Infinity;
      const size = view.getUint32(offset + 24, true);
      if (size === 0xffffffff) return Infinity;
      total += size;
      offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    }
    return total;
  }
  return null;
}

async function readDocx(bytes: Uint8Array): Promise<Outcome> {
  if ((declaredExpandedBytes(bytes) ?? 0) > EXTRACTION_MAX_EXPANDED_MB * 1024 * 1024) return noText('archive-too-large');
  const mammoth = await import('mammoth');
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    const text = cleanText(result.value);
    return text ? { ok: true, text, pages: null } : noText('empty');
  } catch {
    return noText('unreadable');
  }
}

async function readDoc(bytes: Uint8Array): Promise<Outcome> {
  const { default: WordExtractor } = await import('word-extractor');
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const text = cleanText([document.getBody(), document.getFootnotes(), document.getEndnotes()].join('\n\n'));
    return text ? { ok: true, text, pages: null } : noText('empty');
  } catch {
    return noText('unreadable');
  }
}

const readers = { pdf: readPdf, docx: readDocx, doc: readDoc } as const;

/** Loads the parsers (once per process): the reader's process does it before it takes files, so their time limit is the reading's own. */
export async function loadParsers(): Promise<void> {
  await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('mammoth'), import('word-extractor')]);
}

/** The text of a file of the given type, or why there is none; never throws. */
export async function extractText(type: ResumeType, bytes: Uint8Array): Promise<Outcome> {
  try {
    return await readers[type](bytes);
  } catch {
    return noText('unreadable');
  }
}
