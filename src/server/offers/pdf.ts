import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Token } from 'markdown-it';
import PDFDocument from 'pdfkit';
import { letterMarkdown } from './letter-markdown.ts';

/**
 * The offer letter as a PDF (issue 54), made on the server from the letter's Markdown, and the
 * sealed copy with its certificate of acceptance. The sealed PDF's SHA-256 is stored, so the same
 * input must give the same bytes: every date in the file is the letter's issue time and the
 * document ID is derived from the document's info only (pdfkit hashes the info dictionary).
 *
 * The text is laid out here rather than by pdfkit's line wrapper: that wrapper measures what is
 * left of a word too long for a line again for every line it breaks off, caching each glyph run (a
 * 20,000-character word took 8 s and 570 MB of heap, past the server's 256 MB), and it adds pages
 * on its own, which would part a list marker from its item. Here each word is measured once and
 * every page break is ours.
 */

export interface OfferLetter {
  company: string;
  title: string;
  /** The letter, Markdown, as the candidate reads it. */
  markdown: string;
  /** Printed small in each page's footer, with "Page N of M". */
  reference: string;
  /** The PDF's CreationDate and ModDate. */
  issuedAt: Date;
}

export interface SignatureCertificate {
  /** The name the candidate typed. */
  signedName: string;
  candidateEmail: string;
  signedAt: Date;
  /** The address the acceptance came from. */
  ipAddress: string;
  /** Hex SHA-256 of the letter's Markdown (letterSha256). */
  letterSha256: string;
  offerId: string;
  version: number;
}

/** Hex SHA-256 of the letter's Markdown as UTF-8. */
export function letterSha256(markdown: string): string {
  return createHash('sha256').update(markdown, 'utf8').digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Fonts
// ---------------------------------------------------------------------------------------------

type Face = 'regular' | 'bold' | 'italic' | 'boldItalic';

/**
 * DejaVu Sans from the `dejavu-fonts-ttf` package (Bitstream Vera licence, with the DejaVu changes
 * in the public domain and the Arev glyphs under the Arev licence: free to embed and redistribute).
 * It covers Latin Extended, Greek, Cyrillic, Hebrew and Arabic, so candidates' names print with
 * their own letters; the 14 standard PDF fonts stop at WinAnsi. TrueType rather than a Fontsource
 * WOFF: fontkit inflated the WOFF's tables in 0.5 s for each document, the TTF parses in 15 ms.
 */
const FONT_FILES: Record<Face, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  italic: 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
  boldItalic: 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf',
};

let fontBytes: Promise<Record<Face, Buffer>> | undefined;

/**
 * The font files, read once per process. Resolved from this module like an import: from the
 * sources, and from the built server's chunks in dist/ (which sit in the project, above its
 * node_modules), so no system font package is needed.
 */
function loadFonts(): Promise<Record<Face, Buffer>> {
  fontBytes ??= (async () => {
    const require = createRequire(import.meta.url);
    const faces = Object.keys(FONT_FILES) as Face[];
    const files = await Promise.all(faces.map((face) => readFile(require.resolve(FONT_FILES[face]))));
    return Object.fromEntries(faces.map((face, index) => [face, files[index]!])) as Record<Face, Buffer>;
  })().catch((error: unknown) => {
    // A failed read (a deploy without the package) is retried by the next letter, not remembered.
    fontBytes = undefined;
    throw error;
  });
  return fontBytes;
}

// ---------------------------------------------------------------------------------------------
// Page geometry and type
// ---------------------------------------------------------------------------------------------

const MARGIN = 56;
/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const TOP = MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Deeper lists and quotes stop moving right here, so their text keeps two thirds of the line. */
const MAX_INDENT = CONTENT_WIDTH / 3;
const INDENT = 18;
const MARKER_GAP = 6;
const PARAGRAPH_GAP = 7;
const ITEM_GAP = 2;

const INK = '#1f2328';
const MUTED = '#5b6168';
const ACCENT = '#1d4f91';
const RULE = '#c9ced4';

interface TextStyle {
  size: number;
  lineHeight: number;
  color: string;
  bold?: boolean;
}

const BODY: TextStyle = { size: 10.5, lineHeight: 15, color: INK };
const QUOTE: TextStyle = { ...BODY, color: MUTED };
const CODE: TextStyle = { size: 9.5, lineHeight: 13.5, color: MUTED };
const HEADINGS: readonly TextStyle[] = [
  { size: 17, lineHeight: 22, color: INK, bold: true },
  { size: 14, lineHeight: 19, color: INK, bold: true },
  { size: 12, lineHeight: 16.5, color: INK, bold: true },
  { size: 10.5, lineHeight: 15, color: INK, bold: true },
];
const TITLE: TextStyle = { size: 18, lineHeight: 23, color: INK, bold: true };
const COMPANY: TextStyle = { size: 11, lineHeight: 15, color: ACCENT, bold: true };
const FOOTER: TextStyle = { size: 7.5, lineHeight: 10, color: MUTED };
const LABEL: TextStyle = { size: 8.5, lineHeight: 12, color: MUTED };
const VALUE: TextStyle = { size: 11, lineHeight: 15.5, color: INK };

// ---------------------------------------------------------------------------------------------
// Text that is safe to print
// ---------------------------------------------------------------------------------------------

/**
 * Text as it may be printed: no control characters but newline and tab (they would print as
 * boxes, or end a string early in a reader), no lone surrogate (fontkit would look up a code
 * point no font has), and at most 30 combining marks in a row, the limit of Unicode's
 * stream-safe text (UAX #15): fontkit places each mark against all the marks before it, and
 * 20,000 accents on one letter took 2 s.
 */
function printable(text: string): string {
  return (
    text
      .toWellFormed()
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
      .replace(/(\p{M}{30})\p{M}+/gu, '$1')
  );
}

const validDate = (date: Date, name: string): Date => {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new TypeError(`${name} is not a valid date`);
  return date;
};

// ---------------------------------------------------------------------------------------------
// Spans and lines
// ---------------------------------------------------------------------------------------------

/** A run of text in one look; "\n" alone is a line break. */
interface Span {
  text: string;
  bold: boolean;
  italic: boolean;
  strike: boolean;
}

interface Segment extends Span {
  width: number;
}

interface Line {
  segments: Segment[];
  width: number;
}

const plain = (text: string): Span => ({ text, bold: false, italic: false, strike: false });

const faceOf = (span: Pick<Span, 'bold' | 'italic'>): Face =>
  span.bold ? (span.italic ? 'boldItalic' : 'bold') : span.italic ? 'italic' : 'regular';

const sameLook = (a: Span, b: Span) => a.bold === b.bold && a.italic === b.italic && a.strike === b.strike;

function widthOf(doc: PDFKit.PDFDocument, text: string, span: Pick<Span, 'bold' | 'italic'>, size: number): number {
  return doc.font(faceOf(span)).fontSize(size).widthOfString(text);
}

/** A word's pieces (a word may change look in its middle: "**bold**face") and their width. */
interface Word {
  pieces: Segment[];
  width: number;
}

type Atom = { kind: 'word'; word: Word; space: Span | null } | { kind: 'break' };

/** The spans as words, each with the space before it (runs of blanks read as one, as in HTML). */
function atomsOf(doc: PDFKit.PDFDocument, spans: readonly Span[], size: number): Atom[] {
  const atoms: Atom[] = [];
  let word: Word | null = null;
  let space: Span | null = null;
  for (const span of spans) {
    for (const [part] of span.text.matchAll(/\n|[ \t]+|[^ \t\n]+/g)) {
      if (part === '\n') {
        atoms.push({ kind: 'break' });
        word = null;
        space = null;
      } else if (part.startsWith(' ') || part.startsWith('\t')) {
        word = null;
        space = span;
      } else {
        const piece: Segment = { ...span, text: part, width: widthOf(doc, part, span, size) };
        if (word) {
          word.pieces.push(piece);
          word.width += piece.width;
        } else {
          word = { pieces: [piece], width: piece.width };
          atoms.push({ kind: 'word', word, space });
          space = null;
        }
      }
    }
  }
  return atoms;
}

function append(line: Line, piece: Segment): void {
  const last = line.segments.at(-1);
  if (last && sameLook(last, piece)) {
    last.text += piece.text;
    last.width += piece.width;
  } else {
    line.segments.push({ ...piece });
  }
  line.width += piece.width;
}

const emptyLine = (): Line => ({ segments: [], width: 0 });

/**
 * A word wider than the line, cut between characters (code points, so no pair is split). Each
 * character is measured once (pdfkit caches it), so a 20,000-character word costs what its
 * characters do.
 */
function cutWord(doc: PDFKit.PDFDocument, word: Word, size: number, width: number, lines: Line[]): void {
  let line = lines.pop() ?? emptyLine();
  for (const piece of word.pieces) {
    for (const character of piece.text) {
      const advance = widthOf(doc, character, piece, size);
      if (line.width + advance > width && line.segments.length > 0) {
        lines.push(line);
        line = emptyLine();
      }
      append(line, { ...piece, text: character, width: advance });
    }
  }
  lines.push(line);
}

/** The spans broken into lines no wider than width: at blanks, and inside words only when one is wider than a line. */
function layOut(doc: PDFKit.PDFDocument, spans: readonly Span[], size: number, width: number): Line[] {
  const lines: Line[] = [emptyLine()];
  for (const atom of atomsOf(doc, spans, size)) {
    let line = lines.at(-1)!;
    if (atom.kind === 'break') {
      lines.push(emptyLine());
      continue;
    }
    const { word, space } = atom;
    const spaceWidth = space && line.segments.length > 0 ? widthOf(doc, ' ', space, size) : 0;
    if (line.segments.length > 0 && line.width + spaceWidth + word.width > width) {
      line = emptyLine();
      lines.push(line);
    } else if (space && spaceWidth > 0) {
      append(line, { ...space, text: ' ', width: spaceWidth });
    }
    if (word.width > width) cutWord(doc, word, size, width, lines);
    else for (const piece of word.pieces) append(line, piece);
  }
  // A trailing empty line is a hard break at the end of a paragraph: nothing to print.
  while (lines.length > 1 && lines.at(-1)!.segments.length === 0) lines.pop();
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The writer: where the next line goes, page by page
// ---------------------------------------------------------------------------------------------

interface Marker {
  text: string;
  /** Where the marker's right edge goes. */
  right: number;
}

interface ListState {
  ordered: boolean;
  next: number;
}

interface Writer {
  doc: PDFKit.PDFDocument;
  y: number;
  /** Space owed before the next block; dropped at the top of a page. */
  gap: number;
  /** How far each open list or quote moves the text right. */
  indents: number[];
  /** Where each open quote's bar is drawn. */
  bars: number[];
  lists: ListState[];
  /** The markers of list items whose first line is not printed yet. */
  markers: Marker[];
  style: TextStyle;
  quoteDepth: number;
}

const indentOf = (writer: Writer) => writer.indents.reduce((sum, indent) => sum + indent, 0);
const leftOf = (writer: Writer) => MARGIN + Math.min(MAX_INDENT, indentOf(writer));
const widthFor = (writer: Writer) => PAGE.width - MARGIN - leftOf(writer);

function newPage(writer: Writer): void {
  writer.doc.addPage();
  writer.y = TOP;
  writer.gap = 0;
}

/** Room for height more points on this page, or a new page. */
function ensureRoom(writer: Writer, height: number): void {
  if (writer.y + height > BOTTOM && writer.y > TOP) newPage(writer);
}

function takeGap(writer: Writer): void {
  if (writer.y > TOP) writer.y += writer.gap;
  writer.gap = 0;
}

const owe = (writer: Writer, gap: number) => {
  writer.gap = Math.max(writer.gap, gap);
};

function drawSegments(doc: PDFKit.PDFDocument, segments: readonly Segment[], x: number, y: number, style: TextStyle): void {
  let left = x;
  for (const segment of segments) {
    doc
      .font(faceOf(segment))
      .fontSize(style.size)
      .fillColor(style.color)
      .text(segment.text, left, y, { lineBreak: false, strike: segment.strike });
    left += segment.width;
  }
}

function drawRule(doc: PDFKit.PDFDocument, x1: number, y1: number, x2: number, y2: number, width: number): void {
  doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(width).strokeColor(RULE).stroke();
}

function drawBars(writer: Writer, y: number, height: number): void {
  // Quotes deeper than the indent limit share a bar: drawing 100 bars on one spot shows nothing more.
  for (const x of new Set(writer.bars)) {
    drawRule(writer.doc, x, y, x, y + height, 1.5);
  }
}

function drawMarkers(writer: Writer, y: number): void {
  for (const marker of writer.markers) {
    const width = widthOf(writer.doc, marker.text, plain(marker.text), BODY.size);
    drawSegments(writer.doc, [{ ...plain(marker.text), width }], marker.right - width, y, { ...BODY, color: writer.style.color });
  }
  writer.markers = [];
}

/** Lines at the writer's place, breaking pages between lines; the first carries the pending list markers. */
function writeLines(writer: Writer, lines: readonly Line[], style: TextStyle): void {
  const x = leftOf(writer);
  for (const line of lines) {
    ensureRoom(writer, style.lineHeight);
    drawBars(writer, writer.y, style.lineHeight);
    // Markers sit on the baseline of the item's first line whatever its size.
    if (writer.markers.length > 0) drawMarkers(writer, writer.y + (style.size - BODY.size) * 0.8);
    drawSegments(writer.doc, line.segments, x, writer.y, style);
    writer.y += style.lineHeight;
  }
}

const emboldened = (spans: readonly Span[], bold = true): Span[] => spans.map((span) => ({ ...span, bold: span.bold || bold }));

function writeSpans(writer: Writer, spans: readonly Span[], style: TextStyle): void {
  takeGap(writer);
  writeLines(writer, layOut(writer.doc, emboldened(spans, style.bold ?? false), style.size, widthFor(writer)), style);
}

// ---------------------------------------------------------------------------------------------
// Markdown to spans and blocks
// ---------------------------------------------------------------------------------------------

/** The same reading of the Markdown as the letter's HTML preview (letter-markdown.ts). */
const markdown = letterMarkdown;

/** A link's address, when it says more than its text (an autolink's text is its address). */
function linkSuffix(href: string, text: string): string {
  const shown = markdown.normalizeLinkText(href);
  return !shown || shown === text || shown === `mailto:${text}` ? '' : ` (${shown})`;
}

const textOf = (spans: readonly Span[]) => spans.map((span) => span.text).join('');

/** An inline token's children as spans: emphasis as faces, breaks as "\n", links as their text and address. */
function spansOf(children: readonly Token[]): Span[] {
  const spans: Span[] = [];
  const look = { bold: 0, italic: 0, strike: 0 };
  const links: { href: string; from: number }[] = [];
  const push = (text: string) => spans.push({ text, bold: look.bold > 0, italic: look.italic > 0, strike: look.strike > 0 });
  for (const token of children) {
    switch (token.type) {
      case 'softbreak':
        push(' ');
        break;
      case 'hardbreak':
        push('\n');
        break;
      case 'strong_open':
      case 'strong_close':
        look.bold += token.nesting;
        break;
      case 'em_open':
      case 'em_close':
        look.italic += token.nesting;
        break;
      case 's_open':
      case 's_close':
        look.strike += token.nesting;
        break;
      case 'link_open':
        links.push({ href: token.attrGet('href') ?? '', from: spans.length });
        break;
      case 'link_close': {
        const link = links.pop();
        if (link) push(linkSuffix(link.href, textOf(spans.slice(link.from))));
        break;
      }
      default:
        // text, text_special (escapes, entities), code_inline, and anything else that carries text.
        if (token.content) push(token.content);
    }
  }
  return spans;
}

const headingStyle = (tag: string): TextStyle => HEADINGS[Math.min(Number(tag.slice(1)) || 4, HEADINGS.length) - 1]!;

function writeHeading(writer: Writer, spans: readonly Span[], style: TextStyle): void {
  owe(writer, style.size);
  takeGap(writer);
  const lines = layOut(writer.doc, emboldened(spans), style.size, widthFor(writer));
  // A heading is not left alone at the foot of a page: it goes with two lines of what follows.
  const height = lines.length * style.lineHeight + 2 * BODY.lineHeight;
  if (height < BOTTOM - TOP) ensureRoom(writer, height);
  writeLines(writer, lines, style);
  owe(writer, 4);
}

function openList(writer: Writer, token: Token, tokens: readonly Token[], index: number): void {
  const ordered = token.type === 'ordered_list_open';
  const start = Number(token.attrGet('start') ?? 1);
  const last = ordered ? start + itemCount(tokens, index) - 1 : 0;
  // Numbers as wide as the list's widest one, so "10." lines up with "9.".
  const indent = ordered ? Math.max(INDENT, widthOf(writer.doc, `${last}.`, plain(''), BODY.size) + MARKER_GAP) : INDENT;
  writer.lists.push({ ordered, next: start });
  writer.indents.push(indent);
}

/** How many items the list opened at index has (its own, not its nested lists'). */
function itemCount(tokens: readonly Token[], index: number): number {
  const level = tokens[index]!.level;
  let count = 0;
  for (let at = index + 1; at < tokens.length && tokens[at]!.level > level; at += 1) {
    if (tokens[at]!.type === 'list_item_open' && tokens[at]!.level === level + 1) count += 1;
  }
  return count;
}

function openItem(writer: Writer): void {
  const list = writer.lists.at(-1);
  if (!list) return;
  const text = list.ordered ? `${list.next}.` : '•';
  list.next += 1;
  const right = leftOf(writer) - MARKER_GAP;
  // Past the indent limit nested markers fall on one spot: the innermost one is shown there.
  writer.markers = writer.markers.filter((marker) => marker.right !== right);
  writer.markers.push({ text, right });
}

/** An item with no text of its own ("-" alone) still shows its marker, on a line of its own. */
function closeItem(writer: Writer): void {
  if (writer.markers.length > 0) {
    takeGap(writer);
    writeLines(writer, [emptyLine()], writer.style);
  }
  owe(writer, ITEM_GAP);
}

function closeList(writer: Writer): void {
  writer.lists.pop();
  writer.indents.pop();
  owe(writer, writer.lists.length > 0 ? ITEM_GAP : PARAGRAPH_GAP);
}

function openQuote(writer: Writer): void {
  const x = leftOf(writer) + 2;
  writer.indents.push(INDENT);
  writer.bars.push(Math.min(x, MARGIN + MAX_INDENT - INDENT + 2));
  writer.quoteDepth += 1;
  writer.style = QUOTE;
}

function closeQuote(writer: Writer): void {
  writer.indents.pop();
  writer.bars.pop();
  writer.quoteDepth -= 1;
  if (writer.quoteDepth === 0) writer.style = BODY;
  owe(writer, PARAGRAPH_GAP);
}

/**
 * Code as its lines: their indentation kept (as no-break spaces, which the layout does not
 * collapse), blank runs shortened to one (20,000 newlines in a fence are not 400 pages).
 */
function writeCode(writer: Writer, content: string): void {
  const text = content
    .replace(/\n+$/, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^[ \t]+/gm, (indent) => '\u00a0'.repeat(indent.replaceAll('\t', '    ').length));
  writeSpans(writer, [plain(text)], CODE);
  owe(writer, PARAGRAPH_GAP);
}

function writeRule(writer: Writer): void {
  owe(writer, PARAGRAPH_GAP);
  takeGap(writer);
  ensureRoom(writer, 8);
  const y = writer.y + 4;
  drawRule(writer.doc, leftOf(writer), y, PAGE.width - MARGIN, y, 0.75);
  writer.y += 8;
  owe(writer, PARAGRAPH_GAP);
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

interface Row {
  header: boolean;
  cells: Span[][];
}

const CELL_PADDING = 4;
const MIN_COLUMN = 60;

/** The rows of the table that opens at index, and the index of its close. */
function readTable(tokens: readonly Token[], index: number): { rows: Row[]; end: number } {
  const rows: Row[] = [];
  let header = false;
  let at = index + 1;
  for (; at < tokens.length && tokens[at]!.type !== 'table_close'; at += 1) {
    const token = tokens[at]!;
    if (token.type === 'thead_open') header = true;
    else if (token.type === 'thead_close') header = false;
    else if (token.type === 'tr_open') rows.push({ header, cells: [] });
    else if (token.type === 'inline') rows.at(-1)?.cells.push(spansOf(token.children ?? []));
  }
  return { rows, end: at };
}

const rowAsLine = (row: Row): Span[] =>
  emboldened(
    row.cells.flatMap((cell, at) => (at > 0 ? [plain(' | '), ...cell] : cell)),
    row.header,
  );

function writeTable(writer: Writer, rows: readonly Row[]): void {
  const columns = rows.reduce((most, row) => Math.max(most, row.cells.length), 0);
  const width = widthFor(writer);
  if (columns === 0) return;
  takeGap(writer);
  // Too many columns for the page: each row reads as a line of its cells.
  if (width / columns < MIN_COLUMN) {
    for (const row of rows) writeSpans(writer, rowAsLine(row), BODY);
  } else {
    for (const row of rows) writeRow(writer, row, width / columns);
  }
  owe(writer, PARAGRAPH_GAP);
}

function writeRow(writer: Writer, row: Row, columnWidth: number): void {
  const left = leftOf(writer);
  const cells = row.cells.map((cell) => layOut(writer.doc, emboldened(cell, row.header), BODY.size, columnWidth - 2 * CELL_PADDING));
  const height = Math.max(1, ...cells.map((lines) => lines.length));
  for (let line = 0; line < height; line += 1) {
    ensureRoom(writer, BODY.lineHeight);
    drawBars(writer, writer.y, BODY.lineHeight);
    cells.forEach((lines, column) => {
      const segments = lines[line]?.segments ?? [];
      drawSegments(writer.doc, segments, left + column * columnWidth + CELL_PADDING, writer.y + 2, writer.style);
    });
    writer.y += BODY.lineHeight;
  }
  writer.y += 4;
  const y = writer.y - 1;
  drawRule(writer.doc, left, y, left + columnWidth * cells.length, y, row.header ? 0.9 : 0.5);
}

// ---------------------------------------------------------------------------------------------
// The letter
// ---------------------------------------------------------------------------------------------

/** Each block token written at the writer's place. */
function writeMarkdown(writer: Writer, source: string): void {
  const tokens = markdown.parse(printable(source), {});
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    switch (token.type) {
      case 'heading_open': {
        const inline = tokens[index + 1];
        writeHeading(writer, spansOf(inline?.children ?? []), headingStyle(token.tag));
        index += 2;
        break;
      }
      case 'inline':
        writeSpans(writer, spansOf(token.children ?? []), writer.style);
        break;
      case 'paragraph_close':
        // A tight list's paragraphs are hidden: its items are spaced by the items' own gap.
        owe(writer, token.hidden ? ITEM_GAP : PARAGRAPH_GAP);
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        openList(writer, token, tokens, index);
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        closeList(writer);
        break;
      case 'list_item_open':
        openItem(writer);
        break;
      case 'list_item_close':
        closeItem(writer);
        break;
      case 'blockquote_open':
        openQuote(writer);
        break;
      case 'blockquote_close':
        closeQuote(writer);
        break;
      case 'code_block':
      case 'fence':
      case 'html_block':
        writeCode(writer, token.content);
        break;
      case 'hr':
        writeRule(writer);
        break;
      case 'table_open': {
        const { rows, end } = readTable(tokens, index);
        writeTable(writer, rows);
        index = end;
        break;
      }
      default:
        break;
    }
  }
}

function writeTitle(writer: Writer, letter: OfferLetter): void {
  writeSpans(writer, [plain(printable(letter.company))], COMPANY);
  writer.y += 2;
  writeSpans(writer, [plain(printable(letter.title))], TITLE);
  writer.y += 8;
  drawRule(writer.doc, MARGIN, writer.y, PAGE.width - MARGIN, writer.y, 0.75);
  writer.y += 18;
}

// ---------------------------------------------------------------------------------------------
// The certificate
// ---------------------------------------------------------------------------------------------

const iso = (date: Date) => date.toISOString();

function writeField(writer: Writer, label: string, value: string): void {
  owe(writer, 9);
  takeGap(writer);
  ensureRoom(writer, LABEL.lineHeight + VALUE.lineHeight);
  writeSpans(writer, [plain(label)], LABEL);
  writeSpans(writer, [plain(printable(value))], VALUE);
}

function writeCertificate(writer: Writer, letter: OfferLetter, certificate: SignatureCertificate): void {
  newPage(writer);
  Object.assign(writer, { indents: [], bars: [], lists: [], markers: [], style: BODY, quoteDepth: 0 });
  writeSpans(writer, [plain('Certificate of acceptance')], HEADINGS[0]!);
  writer.y += 6;
  writeSpans(
    writer,
    [plain(`The candidate accepted the offer of employment in this document by typing their name, as recorded below.`)],
    BODY,
  );
  const fields: [string, string][] = [
    ['Letter', letter.title],
    ['Signed name', certificate.signedName],
    ['Candidate e-mail', certificate.candidateEmail],
    ['Signed at (UTC, ISO 8601)', iso(validDate(certificate.signedAt, 'signedAt'))],
    ['IP address', certificate.ipAddress],
    ['Offer', certificate.offerId],
    ['Offer version', String(certificate.version)],
    ['Letter issued at (UTC, ISO 8601)', iso(letter.issuedAt)],
    ['Letter SHA-256', certificate.letterSha256],
  ];
  for (const [label, value] of fields) writeField(writer, label, value);
  owe(writer, 16);
  writeSpans(
    writer,
    [
      plain(
        'The letter’s SHA-256 was computed over the text of the letter as it was sent to the candidate (its Markdown, encoded as UTF-8). ' +
          'Computing the SHA-256 of that text again and comparing it with the value above shows whether the letter was changed after it was sent.',
      ),
    ],
    { ...BODY, color: MUTED },
  );
}

// ---------------------------------------------------------------------------------------------
// Footers and the document
// ---------------------------------------------------------------------------------------------

/** The text cut to fit width, with an ellipsis when cut. */
function fitted(doc: PDFKit.PDFDocument, text: string, width: number, size: number): string {
  const look = plain(text);
  if (widthOf(doc, text, look, size) <= width) return text;
  const characters = [...text];
  let low = 0;
  let high = characters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(doc, `${characters.slice(0, middle).join('')}…`, look, size) <= width) low = middle;
    else high = middle - 1;
  }
  return `${characters.slice(0, low).join('')}…`;
}

/** Drawn last, on the buffered pages, when their count is known; below the bottom margin, where no text of the letter goes. */
function writeFooters(doc: PDFKit.PDFDocument, reference: string): void {
  const { start, count } = doc.bufferedPageRange();
  const y = BOTTOM + 22;
  const widest = widthOf(doc, `Page ${count} of ${count}`, plain(''), FOOTER.size);
  const shown = plain(fitted(doc, reference, CONTENT_WIDTH - widest - 24, FOOTER.size));
  for (let page = start; page < start + count; page += 1) {
    doc.switchToPage(page);
    drawRule(doc, MARGIN, y - 6, PAGE.width - MARGIN, y - 6, 0.5);
    const number = `Page ${page - start + 1} of ${count}`;
    const numberWidth = widthOf(doc, number, plain(number), FOOTER.size);
    drawSegments(doc, [{ ...shown, width: 0 }], MARGIN, y, FOOTER);
    drawSegments(doc, [{ ...plain(number), width: numberWidth }], PAGE.width - MARGIN - numberWidth, y, FOOTER);
  }
}

const PRODUCER = 'Helixpoint offers';

function newDocument(letter: OfferLetter, fonts: Record<Face, Buffer>): PDFKit.PDFDocument {
  const issuedAt = validDate(letter.issuedAt, 'issuedAt');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    displayTitle: true,
    lang: 'en',
    // pdfkit's file ID is the MD5 of this dictionary (CreationDate included), and no clock or
    // random value is read anywhere else when nothing is encrypted: fixed info, fixed bytes.
    info: {
      Title: printable(letter.title),
      Subject: printable(letter.reference),
      Author: printable(letter.company),
      Producer: PRODUCER,
      Creator: PRODUCER,
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  for (const face of Object.keys(fonts) as Face[]) doc.registerFont(face, fonts[face]);
  return doc;
}

function bytesOf(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The letter as a PDF; with a certificate, a last page "Certificate of acceptance" listing the
 * acceptance's fields (times in UTC, ISO 8601) and how the letter's SHA-256 was computed.
 */
export async function renderOfferPdf(letter: OfferLetter, certificate?: SignatureCertificate): Promise<Buffer> {
  const doc = newDocument(letter, await loadFonts());
  const bytes = bytesOf(doc);
  const writer: Writer = { doc, y: TOP, gap: 0, indents: [], bars: [], lists: [], markers: [], style: BODY, quoteDepth: 0 };
  writeTitle(writer, letter);
  writeMarkdown(writer, letter.markdown);
  if (certificate) writeCertificate(writer, letter, certificate);
  writeFooters(doc, printable(letter.reference).replace(/\s+/g, ' '));
  doc.end();
  return bytes;
}
