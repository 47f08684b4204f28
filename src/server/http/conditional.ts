/**
 * The two questions every answer from memory asks of a request (static-files.ts, page-cache.ts):
 * does the browser already hold this version (If-None-Match), and which encoding does it take.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send among those at hand: the one the browser weighs highest (q), Brotli before
 * gzip when equal, none when it accepts neither ("br;q=0" refuses br).
 */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  available: { br: boolean; gzip: boolean } = { br: true, gzip: true },
): Encoding {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const br = available.br ? weight('br') : 0;
  const gzip = available.gzip ? weight('gzip') : 0;
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
