/**
 * The two questions every answer from memory asks of a request (static-files.ts, page-cache.ts):
 * does the browser already hold this version (If-None-Match), and which encoding does it take.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** How much a browser wants Brotli and gzip (its q values; 0 is refused). */
function parseWeights(acceptEncoding: string): { br: number; gzip: number } {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  return { br: weight('br'), gzip: weight('gzip') };
}

/**
 * Browsers send a handful of Accept-Encoding headers, the same on every request: each read once.
 * Bounded, so a client sending a new one every time costs a parse, never memory.
 */
const knownWeights = new Map<string, { br: number; gzip: number }>();
const MAX_KNOWN = 64;
function weights(acceptEncoding: string): { br: number; gzip: number } {
  let known = knownWeights.get(acceptEncoding);
  if (!known) {
    known = parseWeights(acceptEncoding);
    if (knownWeights.size < MAX_KNOWN && acceptEncoding.length <= 256) knownWeights.set(acceptEncoding, known);
  }
  return known;
}

/**
 * The encoding to send among those at hand: the one the browser weighs highest (q), Brotli before
 * gzip when equal, none when it accepts neither ("br;q=0" refuses br).
 */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  available: { br: boolean; gzip: boolean } = { br: true, gzip: true },
): Encoding {
  const { br: brWeight, gzip: gzipWeight } = weights(String(acceptEncoding ?? ''));
  const br = available.br ? brWeight : 0;
  const gzip = available.gzip ? gzipWeight : 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === bare;
  });
}
