import { crc32, deflateRawSync, constants as zlib } from 'node:zlib';

/**
 * A page rendered once with stand-ins ("sentinels") where values of the request go, split around
 * them, and filled with each request's values when it is served (page-cache.ts). The careers pages
 * carry the visit's source on in their links and form fields: one render serves every referrer,
 * instead of one render per referring site (issue 36).
 *
 * A value takes a different form in each place the page writes it (as HTML text, in a link's
 * query, in an island's props): the sentinels hold characters that each of those `encodings`
 * writes differently, so every place is found with its encoding and filled the same way. A page
 * that writes a sentinel in a form none of the encodings makes still holds the sentinel's `marker`
 * after the split: it cannot be a template (null), and is rendered per value instead.
 */

export interface TemplateSpec {
  /** One stand-in per slot; null for a slot this page leaves empty. */
  sentinels: readonly (string | null)[];
  /** The forms a value takes in a page (its encodings), each a function of the plain value. */
  encodings: readonly ((value: string) => string)[];
  /** Text every sentinel contains and no page otherwise does. */
  marker: string;
}

export interface PageTemplate {
  /** The page's text between the places values go: one more than `holes`. */
  segments: Buffer[];
  holes: { slot: number; encoding: number }[];
  /** `segments` compressed, once, the first time the page is asked for gzip (fillTemplateGzip). */
  deflated?: Buffer[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `<script>` elements are: a value inside one would change the page's CSP hashes. */
function scriptRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const open = /<script\b/gi;
  let match: RegExpExecArray | null;
  while ((match = open.exec(text))) {
    const end = text.indexOf('</script', match.index);
    const stop = end === -1 ? text.length : end;
    ranges.push([match.index, stop]);
    open.lastIndex = stop;
  }
  return ranges;
}

/** The page split around its sentinels, or null when it writes one in an unknown form or inside a script. */
export function parseTemplate(body: Buffer, spec: TemplateSpec): PageTemplate | null {
  const text = body.toString('utf8');
  const needles = new Map<string, { slot: number; encoding: number }>();
  spec.sentinels.forEach((sentinel, slot) => {
    if (sentinel === null) return;
    spec.encodings.forEach((encode, encoding) => {
      const needle = encode(sentinel);
      if (!needles.has(needle)) needles.set(needle, { slot, encoding });
    });
  });
  const segments: Buffer[] = [];
  const holes: PageTemplate['holes'] = [];
  if (needles.size > 0) {
    // Longest first, so a needle that contains another is found whole.
    const pattern = new RegExp(
      [...needles.keys()]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );
    const scripts = scriptRanges(text);
    let from = 0;
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text))) {
      const at = match.index;
      if (scripts.some(([start, end]) => at >= start && at < end)) return null;
      segments.push(Buffer.from(text.slice(from, at)));
      holes.push(needles.get(match[0])!);
      from = at + match[0].length;
    }
    segments.push(Buffer.from(text.slice(from)));
  } else segments.push(body);
  if (segments.some((segment) => segment.includes(spec.marker))) return null;
  return { segments, holes };
}

/** The page with `values` in its holes. */
export function fillTemplate(template: PageTemplate, values: readonly (string | null)[], encodings: TemplateSpec['encodings']): Buffer {
  const parts: Buffer[] = [template.segments[0]!];
  template.holes.forEach((hole, index) => {
    parts.push(Buffer.from(encodings[hole.encoding]!(values[hole.slot] ?? '')), template.segments[index + 1]!);
  });
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** gzip's header: deflate, no name or time, unknown system (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty last deflate block (fixed codes, end of block only): ends the stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/** A value as stored (uncompressed) deflate blocks: a few bytes a request, no compressor at all. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff);
    // Not the last block, stored (type 00); we are on a byte boundary, so its length follows.
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * The page with `values` in its holes, gzip-compressed, without compressing it: each segment was
 * compressed once on its own (a fresh deflate stream ended by a sync flush, so it stands alone and
 * ends on a byte), and a request's values go between them as stored blocks; then the last block
 * and gzip's trailer (the CRC and length of the whole page). Any gzip reader reads it as one
 * stream. Compressing each filling instead took 1-6 ms an apply page (gzip 6, Brotli 5), a
 * request from each new referrer paying it (issue 36's referrer flood: 14.5 ms a request).
 */
export function fillTemplateGzip(template: PageTemplate, values: readonly (string | null)[], encodings: TemplateSpec['encodings']): Buffer {
  template.deflated ??= template.segments.map((segment) => deflateRawSync(segment, { level: 9, finishFlush: zlib.Z_SYNC_FLUSH }));
  const deflated = template.deflated;
  const parts: Buffer[] = [GZIP_HEADER, deflated[0]!];
  let crc = crc32(template.segments[0]!);
  let size = template.segments[0]!.length;
  template.holes.forEach((hole, index) => {
    const value = Buffer.from(encodings[hole.encoding]!(values[hole.slot] ?? ''));
    const segment = template.segments[index + 1]!;
    crc = crc32(segment, crc32(value, crc));
    size += value.length + segment.length;
    parts.push(...storedBlocks(value), deflated[index + 1]!);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}
