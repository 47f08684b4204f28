import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import mammoth from 'mammoth';
import { getDocument, OPS, PasswordException, PasswordResponses, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import WordExtractor from 'word-extractor';
import { describe, expect, it } from 'vitest';
import { detectDocumentType, WordDocumentProbe } from '../uploads/detect.ts';
import {
  docWithText,
  docxWithText,
  docxZipBomb,
  emptyDoc,
  manyPagesPdf,
  passwordProtectedPdf,
  pdfWithText,
  scannedPdf,
} from './documents.ts';

/**
 * Each generated document read by the parser the application uses for it (pdfjs, mammoth,
 * word-extractor) and by the upload check, so a test that uses one knows what it holds.
 */

const MB = 1_000_000;

/** The upload check reads this much of a file before deciding its type. */
const head = (file: Buffer) => file.subarray(0, 4100);

function openPdf(file: Buffer, password?: string): Promise<PDFDocumentProxy> {
  // A copy as a plain Uint8Array: pdfjs refuses Buffers. Verbosity 0: no warnings in the test output.
  return getDocument({ data: new Uint8Array(file), password, verbosity: 0 }).promise;
}

async function pageText(pdf: PDFDocumentProxy, pageNumber: number): Promise<string[]> {
  const content = await (await pdf.getPage(pageNumber)).getTextContent();
  return content.items.flatMap((item) => ('str' in item ? [item.str] : []));
}

/** Whether the upload check's stream probe finds the "WordDocument" stream name in the file. */
async function probeFindsWordDocument(file: Buffer): Promise<boolean> {
  const probe = new WordDocumentProbe();
  await pipeline(Readable.from([file]), probe, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) void chunk;
  });
  return probe.found;
}

interface ZipEntryInfo {
  name: string;
  crc: number;
  compressedSize: number;
  centralSize: number;
  localSize: number;
  data: Buffer;
}

/** The entries as the central directory lists them, with the sizes both headers claim (the archives here have no comment). */
function zipEntries(zip: Buffer): ZipEntryInfo[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const entries: ZipEntryInfo[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < zip.readUInt16LE(end + 10); index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const compressedSize = zip.readUInt32LE(at + 20);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      crc: zip.readUInt32LE(at + 16),
      compressedSize,
      centralSize: zip.readUInt32LE(at + 24),
      localSize: zip.readUInt32LE(local + 22),
      data: zip.subarray(dataStart, dataStart + compressedSize),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** Inflates a DEFLATE stream chunk by chunk, counting bytes and their CRC-32 without keeping them. */
async function inflatedSize(deflated: Buffer): Promise<{ bytes: number; crc: number }> {
  let bytes = 0;
  let crc = 0;
  await pipeline(Readable.from([deflated]), createInflateRaw(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      bytes += chunk.length;
      crc = crc32(chunk, crc);
    }
  });
  return { bytes, crc };
}

describe('pdfWithText', () => {
  it('gives each page its lines back, escaped characters and Windows-1252 included', async () => {
    const file = pdfWithText([['Jane Doe (Senior) \\ Engineer', 'José Müller – “Résumé”'], [], ['Page three']]);
    const pdf = await openPdf(file);
    expect(pdf.numPages).toBe(3);
    expect(await pageText(pdf, 1)).toEqual(['Jane Doe (Senior) \\ Engineer', 'José Müller – “Résumé”']);
    expect(await pageText(pdf, 2)).toEqual([]);
    expect(await pageText(pdf, 3)).toEqual(['Page three']);
    expect(await detectDocumentType(head(file))).toBe('pdf');
  });

  it('refuses text Helvetica cannot show', () => {
    expect(() => pdfWithText([['日本語']])).toThrow(RangeError);
  });
});

describe('manyPagesPdf', () => {
  it('makes 5,000 pages small and fast, each with its line', async () => {
    const started = performance.now();
    const file = manyPagesPdf(5000);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(file.length).toBeLessThan(MB);
    const pdf = await openPdf(file);
    expect(pdf.numPages).toBe(5000);
    expect(await pageText(pdf, 1)).toEqual(['One of many pages']);
    expect(await pageText(pdf, 5000)).toEqual(['One of many pages']);
    expect(await detectDocumentType(head(file))).toBe('pdf');
  });
});

describe('scannedPdf', () => {
  it('has an image and no text layer', async () => {
    const file = scannedPdf();
    const pdf = await openPdf(file);
    const page = await pdf.getPage(1);
    expect((await page.getTextContent()).items).toEqual([]);
    expect((await page.getOperatorList()).fnArray).toContain(OPS.paintImageXObject);
    expect(await detectDocumentType(head(file))).toBe('pdf');
  });
});

describe('passwordProtectedPdf', () => {
  it('does not open without its password', async () => {
    const file = passwordProtectedPdf();
    const error: unknown = await openPdf(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PasswordException);
    expect((error as PasswordException).name).toBe('PasswordException');
    expect((error as PasswordException).code).toBe(PasswordResponses.NEED_PASSWORD);
    expect(await detectDocumentType(head(file))).toBe('pdf');
  });

  it('is really encrypted: the password opens it and the text is there', async () => {
    const pdf = await openPdf(passwordProtectedPdf('hunter2', 'Secret resume'), 'hunter2');
    expect(await pageText(pdf, 1)).toEqual(['Secret resume']);
  });
});

describe('docxWithText', () => {
  it('gives mammoth its paragraphs and the upload check a DOCX', async () => {
    const file = await docxWithText(['Jane Doe', 'Tests & <tools>', '  indented  ']);
    expect((await mammoth.extractRawText({ buffer: file })).value).toBe('Jane Doe\n\nTests & <tools>\n\n  indented  \n\n');
    expect(await detectDocumentType(head(file))).toBe('docx');
  });
});

describe('docxZipBomb', () => {
  it('inflates to the stated size from a thousandth of it, and is still a DOCX', async () => {
    const file = await docxZipBomb(50 * MB);
    expect(file.length).toBeLessThan(100_000);
    expect(await detectDocumentType(head(file))).toBe('docx');
    const document = zipEntries(file).find((entry) => entry.name === 'word/document.xml')!;
    expect([document.localSize, document.centralSize]).toEqual([50 * MB, 50 * MB]);
    expect(await inflatedSize(document.data)).toEqual({ bytes: 50 * MB, crc: document.crc });
  });

  it('can lie about its size in both headers', async () => {
    const file = await docxZipBomb(50 * MB, { lieAboutSize: true });
    expect(await detectDocumentType(head(file))).toBe('docx');
    const document = zipEntries(file).find((entry) => entry.name === 'word/document.xml')!;
    expect([document.localSize, document.centralSize]).toEqual([4096, 4096]);
    expect(await inflatedSize(document.data)).toEqual({ bytes: 50 * MB, crc: document.crc });
  });

  it('is a valid document, which mammoth reads when honest and refuses when lying', async () => {
    expect((await mammoth.extractRawText({ buffer: await docxZipBomb(MB) })).value).toBe('Zip bomb\n\n');
    await expect(mammoth.extractRawText({ buffer: await docxZipBomb(MB, { lieAboutSize: true }) })).rejects.toThrow(/size mismatch/);
  });
});

describe('emptyDoc', () => {
  it('passes the upload check as a Word file', async () => {
    const file = emptyDoc();
    expect(await detectDocumentType(head(file))).toBe('cfb');
    expect(file.includes(Buffer.from('WordDocument', 'utf16le'))).toBe(true);
    expect(await probeFindsWordDocument(file)).toBe(true);
  });

  it('makes word-extractor reject: its WordDocument stream is empty', async () => {
    await expect(new WordExtractor().extract(emptyDoc())).rejects.toThrow(RangeError);
  });
});

describe('docWithText', () => {
  it('gives word-extractor the text back, a paragraph mark ending each line', async () => {
    const file = docWithText('Jane Doe\nSenior Engineer');
    expect((await new WordExtractor().extract(file)).getBody()).toBe('Jane Doe\nSenior Engineer\n');
    expect(await detectDocumentType(head(file))).toBe('cfb');
    expect(await probeFindsWordDocument(file)).toBe(true);
  });

  it('stores Windows-1252 text in 8 bits and anything else in UTF-16', async () => {
    expect((await new WordExtractor().extract(docWithText('José Müller'))).getBody()).toBe('José Müller\n');
    expect((await new WordExtractor().extract(docWithText('Łukasz 日本'))).getBody()).toBe('Łukasz 日本\n');
  });

  it('reads text past the 4 KB mini stream cutoff, from ordinary sectors', async () => {
    const text = 'Experience. '.repeat(1000).trim();
    expect((await new WordExtractor().extract(docWithText(text))).getBody()).toBe(`${text}\n`);
  });
});
