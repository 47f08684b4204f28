import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import JSZip from 'jszip';

/**
 * Real document files for tests, written from scratch: resumes whose text the extractors must find,
 * and hostile or awkward inputs (a scanned PDF without text, a password, 5,000 pages, a zip bomb,
 * an empty DOC). Checked-in binary fixtures would hide what they contain and could not be sized per
 * test; these are small enough to read, and documents.test.ts proves each with the real parsers.
 */

// ---------------------------------------------------------------------------------------------
// Windows-1252: the 8-bit code page of both PDF's WinAnsiEncoding and Word's "compressed" text.

/** The code points Windows-1252 puts at 0x80–0x9F, where Latin-1 has control characters. */
const WINDOWS_1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** The text in Windows-1252, or null when a character has no place in it. */
function toWindows1252(text: string): Buffer | null {
  const bytes = Buffer.alloc(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : WINDOWS_1252_HIGH[code];
    if (byte === undefined) return null;
    bytes[length++] = byte;
  }
  return bytes.subarray(0, length);
}

// ---------------------------------------------------------------------------------------------
// PDF

/** One indirect object's body (numbered by its place in the list, from 1); a Buffer when it holds binary data. */
type PdfObject = string | Buffer;

/** A stream object: the dictionary gets its /Length from the data, which may be binary. */
function pdfStream(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/**
 * A whole PDF 1.4 file: header, the objects (object 1 is the catalog), a classic xref table with
 * each object's byte offset, and the trailer. Offsets are counted in bytes, so every string is
 * written as Latin-1 (one byte per character): callers keep text ASCII by escaping it.
 */
function assemblePdf(objects: PdfObject[], trailerExtra = ''): Buffer {
  // The comment of four bytes above 127 tells transfer tools the file is binary (PDF 32000 7.5.2).
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  objects.forEach((body, index) => {
    // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, and a 2-byte end of line.
    xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref.join('') + trailer, 'latin1'));
  return Buffer.concat(chunks);
}

/**
 * A PDF string literal in WinAnsiEncoding: parentheses and backslashes escaped, and every byte
 * outside printable ASCII written in octal so the file stays ASCII and offsets stay byte counts.
 */
function pdfString(text: string): string {
  const bytes = toWindows1252(text);
  if (!bytes) throw new RangeError(`Helvetica's WinAnsiEncoding cannot show "${text}"`);
  let literal = '';
  for (const byte of bytes) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) literal += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) literal += `\\${byte.toString(8).padStart(3, '0')}`;
    else literal += String.fromCharCode(byte);
  }
  return `(${literal})`;
}

/** Helvetica is one of the 14 standard fonts: no font file to embed, and pdfjs maps its codes to text through the encoding. */
const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

/**
 * The page tree's root, holding what all pages inherit (PDF 32000 7.7.3.4): the US Letter media box and
 * the font as /F1, so each page object names only its parent and contents.
 */
function pagesNode(kids: number[], fontObject: number): string {
  return (
    `<< /Type /Pages /Count ${kids.length} /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}]` +
    ` /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontObject} 0 R >> >> >>`
  );
}

/** Lines from the top left margin down, 12 pt Helvetica on a 14 pt leading; lines past the bottom are still drawn, off the page. */
function textContent(lines: string[]): Buffer {
  const shown = lines.map((line) => `${pdfString(line)} Tj T*`);
  return Buffer.from(['BT', '/F1 12 Tf', '14 TL', '72 720 Td', ...shown, 'ET'].join('\n'), 'latin1');
}

/**
 * A PDF with one page per element of `pages`, each showing its lines in Helvetica. pdfjs's
 * getTextContent() gives each line back as an item (with hasEOL after it). Text must fit
 * Windows-1252 (accents, curly quotes and dashes do; other scripts throw a RangeError).
 */
export function pdfWithText(pages: string[][]): Buffer {
  if (pages.length === 0) throw new RangeError('A PDF needs at least one page');
  // 1 catalog, 2 page tree, 3 font, then a page and its contents for each page.
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', pagesNode(pageIds, 3), HELVETICA];
  for (const lines of pages) {
    const contentsId = objects.length + 2;
    objects.push(`<< /Type /Page /Parent 2 0 R /Contents ${contentsId} 0 R >>`, pdfStream('', textContent(lines)));
  }
  return assemblePdf(objects);
}

/**
 * A PDF of `pageCount` pages, each showing `line`: the pages share one content stream, so a page
 * costs about 90 bytes (its object, its xref entry and its place in /Kids). 5,000 pages make
 * 448 KB in about 50 ms; 100,000 make 9.2 MB (0.5 s), still under the 10 MB upload limit.
 */
export function manyPagesPdf(pageCount: number, line = 'One of many pages'): Buffer {
  if (!Number.isInteger(pageCount) || pageCount < 1) throw new RangeError('A PDF needs at least one page');
  const pageIds = Array.from({ length: pageCount }, (_, index) => 5 + index);
  const objects: PdfObject[] = ['<< /Type /Catalog /Pages 2 0 R >>', pagesNode(pageIds, 3), HELVETICA, pdfStream('', textContent([line]))];
  for (let index = 0; index < pageCount; index++) objects.push('<</Type/Page/Parent 2 0 R/Contents 4 0 R>>');
  return assemblePdf(objects);
}

/**
 * What a scanner makes: one page whose only content is an image (a 64×64 8-bit grey gradient,
 * FlateDecode), and no text layer at all. pdfjs opens it and paints the image; getTextContent()
 * has no items, which is what an extractor must treat as "nothing to read" rather than an error.
 */
export function scannedPdf(): Buffer {
  const size = 64;
  const pixels = Buffer.alloc(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels[y * size + x] = (x * 4) ^ (y * 2);
  const image = pdfStream(
    `/Type /XObject /Subtype /Image /Width ${size} /Height ${size} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    deflateSync(pixels),
  );
  return assemblePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
    image,
    // The image scaled over most of the page, as a scanned sheet would be.
    pdfStream('', Buffer.from('q 540 0 0 720 36 36 cm /Im1 Do Q', 'latin1')),
  ]);
}

/** The 32 bytes a PDF password is padded with (PDF 32000 7.6.3.3, algorithm 2). */
const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/** RC4, which the PDF Standard security handler revision 2 uses and OpenSSL 3 no longer offers by default. */
function rc4(key: Buffer, data: Buffer): Buffer {
  const state = Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + state[i]! + key[i % key.length]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
  }
  const output = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 0xff;
    j = (j + state[i]!) & 0xff;
    [state[i], state[j]] = [state[j]!, state[i]!];
    output[n] = data[n]! ^ state[(state[i]! + state[j]!) & 0xff]!;
  }
  return output;
}

function md5(...parts: Buffer[]): Buffer {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

function padPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PADDING]).subarray(0, 32);
}

/**
 * A PDF encrypted the way old Acrobat did (Standard security handler, /V 1 /R 2, 40-bit RC4) with
 * a user password: the empty password does not open it, so pdfjs's getDocument() rejects with a
 * PasswordException (code 1, NEED_PASSWORD). The /O and /U entries are computed, not made up, so
 * the file is a real encrypted PDF: given `password`, pdfjs opens it and reads `line` — which
 * shows the rejection is about the password, not a broken file.
 */
export function passwordProtectedPdf(password = 'secret', line = 'Behind a password'): Buffer {
  const permissions = -4; // Everything allowed: bits 1–2 must be 0, the rest 1 (PDF 32000 table 22).
  const id = md5(Buffer.from(`helixpoint test document ${password}`));
  // Algorithm 3: /O is the padded user password, RC4'd with a key from the owner password (here the same).
  const ownerKey = md5(padPassword(password)).subarray(0, 5);
  const owner = rc4(ownerKey, padPassword(password));
  // Algorithm 2: the file key from the user password, /O, /P and the first /ID string.
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(permissions);
  const fileKey = md5(padPassword(password), owner, pBytes, id).subarray(0, 5);
  // Algorithm 4 (revision 2): /U is the padding encrypted with the file key.
  const user = rc4(fileKey, PASSWORD_PADDING);
  // Algorithm 1: each stream is RC4'd with a key from the file key and its object number (5, generation 0).
  const objectKey = md5(fileKey, Buffer.from([5, 0, 0, 0, 0])).subarray(0, 10);
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      pagesNode([4], 3),
      HELVETICA,
      '<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>',
      pdfStream('', rc4(objectKey, textContent([line]))),
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`,
    ],
    ` /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>]`,
  );
}

// ---------------------------------------------------------------------------------------------
// DOCX

/**
 * [Content_Types].xml goes first in the zip: file-type reads the entries in order and decides DOCX
 * from the "...document.main+xml" content type in it, within the first bytes the upload check reads.
 */
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';

/** The package relationship that tells readers (mammoth included) where the main document is. */
const PACKAGE_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

const DOCUMENT_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_END = '</w:body></w:document>';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A paragraph of one run; xml:space="preserve" keeps leading and trailing spaces, as Word writes them. */
function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

/**
 * A minimal DOCX (content types, package relationships, the document part; no styles, which
 * Word and mammoth do without) zipped by jszip with DEFLATE. mammoth's extractRawText() gives
 * the paragraphs back, each followed by a blank line ("a\n\nb\n\n").
 */
export async function docxWithText(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  // createFolders: false, as Word writes no entries for folders.
  zip.file('[Content_Types].xml', CONTENT_TYPES, { createFolders: false });
  zip.file('_rels/.rels', PACKAGE_RELS, { createFolders: false });
  zip.file('word/document.xml', DOCUMENT_START + paragraphs.map(paragraphXml).join('') + DOCUMENT_END, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

interface ZipEntry {
  name: string;
  /** The raw DEFLATE stream (method 8). */
  deflated: Buffer;
  crc: number;
  size: number;
  /** The uncompressed size written in the headers, when it is to differ from the real one. */
  claimedSize?: number;
}

function deflatedEntry(name: string, text: string): ZipEntry {
  const data = Buffer.from(text, 'utf8');
  return { name, deflated: deflateRawSync(data), crc: crc32(data), size: data.length };
}

/**
 * A zip file (APPNOTE 4.3): local header and data for each entry, then the central directory and
 * its end record. No data descriptors and no ZIP64, so sizes and offsets must stay under 4 GiB.
 */
function zipArchive(entries: ZipEntry[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.claimedSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0, for DEFLATE
    local.writeUInt16LE(0, 6); // flags
    local.writeUInt16LE(8, 8); // method: DEFLATE
    local.writeUInt16LE(0, 10); // time 00:00:00
    local.writeUInt16LE(0x21, 12); // date 1980-01-01, the earliest DOS date
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28); // extra field length
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS
    local.copy(header, 6, 4, 30); // version needed to name length: as in the local header
    // comment length, disk number, internal and external attributes: 0
    header.writeUInt32LE(offset, 42);
    chunks.push(local, name, entry.deflated);
    central.push(header, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const centralSize = central.reduce((sum, chunk) => sum + chunk.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}

const BOMB_CHUNK_BYTES = 1024 * 1024;

/**
 * A DOCX whose word/document.xml is `expandsToBytes` bytes of valid XML: one paragraph ("Zip bomb"),
 * then spaces up to the size (whitespace between elements, which XML allows). DEFLATE cannot do
 * better than about 1:1000, so 300 MB compress to about 300 KB.
 *
 * The part is never held whole: 1 MiB of spaces is compressed once with a sync flush (which ends
 * the output on a byte boundary without ending the stream; the pieces share no history) and those
 * bytes are repeated; only the CRC-32 reads all the data, a megabyte at a time. 300 MB make a
 * 298 KB file in about 60 ms with no measurable growth of memory (jszip would hold the 300 MB and
 * deflate all of them).
 *
 * With `lieAboutSize`, the uncompressed size in the part's local header and central directory entry
 * says 4,096 bytes while the data still inflates to the full size (the CRC is the real data's):
 * a reader that trusts the headers to size its buffers, or to decide the part is small, is fooled.
 * Readers differ: jszip (so mammoth) inflates the whole part and only then rejects it ("Bug :
 * uncompressed data size mismatch"); Python's zipfile stops at 4,096 bytes and fails the CRC; unzip
 * -t passes it. file-type still says DOCX, as [Content_Types].xml comes first and is honest.
 */
export async function docxZipBomb(expandsToBytes: number, { lieAboutSize = false } = {}): Promise<Buffer> {
  const start = Buffer.from(DOCUMENT_START + paragraphXml('Zip bomb'), 'utf8');
  const end = Buffer.from(DOCUMENT_END, 'utf8');
  const padding = expandsToBytes - start.length - end.length;
  if (!Number.isInteger(expandsToBytes) || padding < 0 || expandsToBytes >= 2 ** 32) {
    throw new RangeError(`A zip bomb of ${expandsToBytes} bytes cannot be written (from ${start.length + end.length} bytes to 4 GiB)`);
  }
  const syncFlush = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const spaces = Buffer.alloc(Math.min(BOMB_CHUNK_BYTES, padding), 0x20);
  const deflatedSpaces = deflateRawSync(spaces, syncFlush);
  const wholeChunks = Math.floor(padding / BOMB_CHUNK_BYTES);
  const rest = Buffer.concat([spaces.subarray(0, padding - wholeChunks * BOMB_CHUNK_BYTES), end]);

  const pieces = [deflateRawSync(start, syncFlush)];
  let crc = crc32(start);
  for (let index = 0; index < wholeChunks; index++) {
    pieces.push(deflatedSpaces);
    crc = crc32(spaces, crc);
  }
  // The last piece is compressed with Z_FINISH: its final block ends the DEFLATE stream.
  pieces.push(deflateRawSync(rest, { level: 9 }));
  crc = crc32(rest, crc);

  const document: ZipEntry = { name: 'word/document.xml', deflated: Buffer.concat(pieces), crc, size: expandsToBytes };
  if (lieAboutSize) document.claimedSize = 4096;
  // Async like docxWithText, so callers treat both DOCX makers alike.
  return zipArchive([deflatedEntry('[Content_Types].xml', CONTENT_TYPES), deflatedEntry('_rels/.rels', PACKAGE_RELS), document]);
}

// ---------------------------------------------------------------------------------------------
// DOC: Word 97 binary files in a Compound File Binary container ([MS-CFB], [MS-DOC]).

const SECTOR = 512;
const MINI_SECTOR = 64;
/** Streams shorter than this live in the mini stream, in 64-byte sectors ([MS-CFB] 2.2). */
const MINI_STREAM_CUTOFF = 4096;
const FREESECT = -1;
const ENDOFCHAIN = -2;
const FATSECT = -3;
const NOSTREAM = -1;
/** CLSID of Word.Document.8, which Word writes on the root storage. */
const WORD_DOCUMENT_CLSID = Buffer.from('0609020000000000c000000000000046', 'hex');

/** Directory entries of siblings form a tree ordered by name length, then by upper-cased name ([MS-CFB] 2.6.4). */
function compareEntryNames(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const [upperA, upperB] = [a.toUpperCase(), b.toUpperCase()];
  return upperA < upperB ? -1 : upperA > upperB ? 1 : 0;
}

/**
 * A version 3 compound file (512-byte sectors) with the given streams in its root storage. Streams
 * under 4,096 bytes go to the mini stream, as the format requires; an empty stream takes no sector
 * (start ENDOFCHAIN). Sector layout: FAT, directory, mini FAT, mini stream, then the big streams. The
 * header's 109 FAT entries are the only DIFAT, which bounds the file to about 7 MB: plenty for tests.
 */
function compoundFile(streams: { name: string; data: Buffer }[], rootClsid: Buffer): Buffer {
  const sorted = [...streams].sort((a, b) => compareEntryNames(a.name, b.name));

  // The mini stream and its allocation table.
  const miniFat: number[] = [];
  const miniParts: Buffer[] = [];
  const miniStart = new Map<string, number>();
  for (const { name, data } of sorted) {
    if (data.length === 0 || data.length >= MINI_STREAM_CUTOFF) continue;
    const count = Math.ceil(data.length / MINI_SECTOR);
    miniStart.set(name, miniFat.length);
    for (let index = 0; index < count; index++) miniFat.push(index < count - 1 ? miniFat.length + 1 : ENDOFCHAIN);
    miniParts.push(data, Buffer.alloc(count * MINI_SECTOR - data.length));
  }
  const miniStream = Buffer.concat(miniParts);

  const sectorsFor = (bytes: number) => Math.ceil(bytes / SECTOR);
  const directorySectors = sectorsFor((sorted.length + 1) * 128);
  const miniFatSectors = sectorsFor(miniFat.length * 4);
  const big = sorted.filter(({ data }) => data.length >= MINI_STREAM_CUTOFF);
  const dataSectors =
    directorySectors + miniFatSectors + sectorsFor(miniStream.length) + big.reduce((sum, { data }) => sum + sectorsFor(data.length), 0);
  let fatSectors = 1;
  while (fatSectors * (SECTOR / 4) < dataSectors + fatSectors) fatSectors++;
  if (fatSectors > 109) throw new RangeError('Too large for a compound file without DIFAT sectors');

  const fat = new Int32Array(fatSectors * (SECTOR / 4)).fill(FREESECT);
  fat.fill(FATSECT, 0, fatSectors);
  let next = fatSectors;
  /** Allocates a chain of sectors for `bytes`; ENDOFCHAIN when there is nothing to store. */
  const allocate = (bytes: number): number => {
    const count = sectorsFor(bytes);
    if (count === 0) return ENDOFCHAIN;
    const first = next;
    for (let index = 0; index < count; index++) fat[first + index] = index < count - 1 ? first + index + 1 : ENDOFCHAIN;
    next += count;
    return first;
  };
  const directoryStart = allocate(directorySectors * SECTOR);
  const miniFatStart = allocate(miniFat.length * 4);
  const miniStreamStart = allocate(miniStream.length);
  const bigStart = new Map(big.map(({ name, data }) => [name, allocate(data.length)]));

  const header = Buffer.alloc(SECTOR);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // byte order mark: little-endian
  header.writeUInt16LE(9, 30); // sector shift: 512 bytes
  header.writeUInt16LE(6, 32); // mini sector shift: 64 bytes
  header.writeInt32LE(fatSectors, 44);
  header.writeInt32LE(directoryStart, 48);
  header.writeUInt32LE(MINI_STREAM_CUTOFF, 56);
  header.writeInt32LE(miniFatStart, 60);
  header.writeInt32LE(miniFatSectors, 64);
  header.writeInt32LE(ENDOFCHAIN, 68); // no DIFAT sectors
  for (let index = 0; index < 109; index++) header.writeInt32LE(index < fatSectors ? index : FREESECT, 76 + index * 4);

  const directory = Buffer.alloc(directorySectors * SECTOR);
  const writeEntry = (
    index: number,
    entry: { name: string; type: number; left: number; right: number; child: number; start: number; size: number },
  ) => {
    const at = index * 128;
    directory.write(entry.name, at, 'utf16le');
    directory.writeUInt16LE(entry.name.length * 2 + 2, at + 64); // in bytes, with the terminating NUL
    directory.writeUInt8(entry.type, at + 66);
    directory.writeUInt8(1, at + 67); // black: a tree of black nodes is accepted by readers, and balanced here
    directory.writeInt32LE(entry.left, at + 68);
    directory.writeInt32LE(entry.right, at + 72);
    directory.writeInt32LE(entry.child, at + 76);
    if (entry.type === 5) rootClsid.copy(directory, at + 80);
    directory.writeInt32LE(entry.start, at + 116);
    directory.writeUInt32LE(entry.size, at + 120);
  };
  // The streams are entries 1..n in name order; a balanced binary tree over them gives each its siblings.
  const subtree = (low: number, high: number): number => {
    if (low > high) return NOSTREAM;
    const middle = (low + high) >> 1;
    const { name, data } = sorted[middle]!;
    const start = data.length === 0 ? ENDOFCHAIN : (miniStart.get(name) ?? bigStart.get(name)!);
    writeEntry(middle + 1, {
      name,
      type: 2,
      left: subtree(low, middle - 1),
      right: subtree(middle + 1, high),
      child: NOSTREAM,
      start,
      size: data.length,
    });
    return middle + 1;
  };
  const child = subtree(0, sorted.length - 1);
  writeEntry(0, { name: 'Root Entry', type: 5, left: NOSTREAM, right: NOSTREAM, child, start: miniStreamStart, size: miniStream.length });
  // Unused entries: no name, type 0, no siblings or child.
  for (let index = sorted.length + 1; index < directorySectors * 4; index++) directory.fill(0xff, index * 128 + 68, index * 128 + 80);

  const padded = (data: Buffer) => Buffer.concat([data, Buffer.alloc(sectorsFor(data.length) * SECTOR - data.length)]);
  const miniFatBytes = Buffer.alloc(miniFatSectors * SECTOR, 0xff); // unused entries: FREESECT
  miniFat.forEach((value, index) => miniFatBytes.writeInt32LE(value, index * 4));
  return Buffer.concat([
    header,
    Buffer.from(fat.buffer),
    directory,
    miniFatBytes,
    padded(miniStream),
    ...big.map(({ data }) => padded(data)),
  ]);
}

/**
 * An "empty DOC": a compound file with a Root Entry and a WordDocument stream of 0 bytes. The upload
 * check accepts it (file-type says cfb, and the directory names "WordDocument" in UTF-16LE), but
 * there is no Word file inside: word-extractor's extract() rejects with a RangeError
 * (ERR_BUFFER_OUT_OF_BOUNDS, "Attempt to access memory outside buffer bounds"), as it reads the
 * FIB's magic number from the empty stream. Extraction must treat that as "no text", not as a crash.
 */
export function emptyDoc(): Buffer {
  return compoundFile([{ name: 'WordDocument', data: Buffer.alloc(0) }], WORD_DOCUMENT_CLSID);
}

/**
 * A real Word 97 binary .doc holding `text` as one piece: the WordDocument stream (FIB, then the
 * text) and the 1Table stream (the piece table, in its Clx). Line breaks become paragraph marks and
 * a final one is added, as Word ends every document with one; word-extractor's getBody() gives
 * the text back with "\n" for each mark, so "a\nb" reads as "a\nb\n" (and, as it always does, with
 * curly quotes and dashes made plain). Text that fits Windows-1252 is stored 8-bit ("compressed"),
 * anything else as UTF-16LE. Without character or paragraph formatting (no FKPs), Word itself may
 * refuse it; extractors need only the piece table.
 */
export function docWithText(text: string): Buffer {
  const body = `${text.replace(/\r\n?|\n/g, '\r')}${text.endsWith('\n') || text.endsWith('\r') ? '' : '\r'}`;
  const compressed = toWindows1252(body);
  const encoded = compressed ?? Buffer.from(body, 'utf16le');
  // The Word 97 FIB (FibBase, 14 shorts, 22 longs, 93 fc/lcb pairs, cswNew; [MS-DOC] 2.5.1) takes 0x384
  // bytes; the text starts at 0x400, as in Word's own files.
  const textStart = 0x400;
  const word = Buffer.alloc(textStart + encoded.length);
  word.writeUInt16LE(0xa5ec, 0x00); // wIdent: Word binary file
  word.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  word.writeUInt16LE(0x0409, 0x06); // lid: English (US)
  word.writeUInt16LE(0x1200, 0x0a); // fWhichTblStm: the table stream is 1Table; fExtChar, which must be set
  word.writeUInt16LE(0x00bf, 0x0c); // nFibBack
  word.writeUInt32LE(textStart, 0x18); // fcMin (read by older readers): where the text starts
  word.writeUInt32LE(word.length, 0x1c); // fcMac: where it ends
  word.writeUInt16LE(14, 0x20); // csw: count of fibRgW shorts
  word.writeUInt16LE(22, 0x3e); // cslw: count of fibRgLw longs
  word.writeUInt32LE(word.length, 0x40); // cbMac
  word.writeUInt32LE(body.length, 0x4c); // ccpText: the main document's characters, paragraph marks included
  word.writeUInt16LE(0x5d, 0x98); // cbRgFcLcb: Word 97's 93 pairs
  encoded.copy(word, textStart);

  // The Clx: a Pcdt (0x02, its size) holding a PlcPcd: CPs 0 and ccpText, then one 8-byte piece descriptor
  // whose fc has bit 30 set for 8-bit text, stored at twice its byte offset ([MS-DOC] 2.9.73 FcCompressed).
  const clx = Buffer.alloc(1 + 4 + 16);
  clx.writeUInt8(0x02, 0);
  clx.writeUInt32LE(16, 1);
  clx.writeUInt32LE(0, 5);
  clx.writeUInt32LE(body.length, 9);
  clx.writeUInt16LE(0, 13); // piece descriptor flags
  clx.writeUInt32LE(compressed ? (0x40000000 | (textStart * 2)) >>> 0 : textStart, 15);
  clx.writeUInt16LE(0, 19); // prm: no property modifier
  word.writeUInt32LE(0, 0x1a2); // fcClx: the Clx is at the start of 1Table
  word.writeUInt32LE(clx.length, 0x1a6); // lcbClx

  return compoundFile(
    [
      { name: 'WordDocument', data: word },
      { name: '1Table', data: clx },
    ],
    WORD_DOCUMENT_CLSID,
  );
}
