import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The rendered HTML of the pages built from open positions (the job board with any filters, each
 * apply page, the sitemap, the jobs feed) and the positions API, kept in memory and compressed
 * once, so they are served at the speed of a static file. These pages say nothing about who asks
 * (the header's signed-in state comes from a cookie in the browser), and only answers without
 * cookies of their own are kept. Emptied when
 * positions change (src/server/positions/changes.ts) and, as a safety net for a lost announcement
 * or a closing date that passes, after `ttlMs`. Decision 025.
 */

/** The routes whose pages are kept, by the route pattern the request metrics use. */
const ROUTES: { pattern: string; test: (path: string) => boolean }[] = [
  { pattern: '/careers', test: (path) => path === '/careers' || path === '/careers/' },
  { pattern: '/careers/apply/[id]', test: (path) => /^\/careers\/apply\/[0-9a-f-]{36}$/i.test(path) },
  { pattern: '/sitemap.xml', test: (path) => path === '/sitemap.xml' },
  { pattern: '/careers/feed.xml', test: (path) => path === '/careers/feed.xml' },
  // The job board's data as JSON: the same positions, and compressing it on every request under
  // load cost more memory than all the pages (decision 026).
  { pattern: '/api/positions', test: (path) => path === '/api/positions' },
];

/** Headers that belong to one answer, not to the page. */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'date',
  'etag',
  'vary',
  'x-request-id',
]);

const MAX_BODY_BYTES = 2 * 1024 * 1024;

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  storedAt: number;
}

export interface CacheableRequest {
  key: string;
  route: string;
}

export interface PageCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
  /**
   * What else about a request the page depends on, as a short string added to its key (the
   * referring site, which the careers pages carry on as the visit's source); '' for nothing.
   */
  vary?: (req: IncomingMessage) => string;
}

export interface PageCache {
  /** The key and route of a request whose answer may be kept; null for every other request. */
  match(req: IncomingMessage): CacheableRequest | null;
  /** Answers from the cache when it holds the page (a 304 when the browser's copy is current). */
  serve(req: IncomingMessage, res: ServerResponse, request: CacheableRequest): boolean;
  /**
   * While the page is being rendered (and compressed) for another request: settles once that is
   * over, kept or not. Null when nothing is under way. Requests that arrive together for a page
   * not yet kept wait for one render instead of each rendering and compressing it (a crowd of
   * misses under load held hundreds of MB of compression buffers; decision 026).
   */
  inFlight(request: CacheableRequest): Promise<void> | null;
  /** Keeps what the renderer writes to `res` for a GET, once it has finished, if it may be kept. */
  capture(req: IncomingMessage, res: ServerResponse, request: CacheableRequest): void;
  /** Forgets every page (positions changed). Pages being rendered meanwhile are not kept. */
  invalidate(): void;
  readonly size: number;
}

/** The query in one spelling: parameters sorted, values trimmed, empty ones dropped. */
export function normalizedQuery(search: string): string {
  const params = [...new URLSearchParams(search)]
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return new URLSearchParams(params as [string, string][]).toString();
}

/** br, then gzip, then none, as the browser accepts them ("br;q=0" refuses br). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

export function createPageCache({ maxEntries = 500, ttlMs = 60_000, now = Date.now, vary }: PageCacheOptions = {}): PageCache {
  // A Map keeps insertion order: the first key is the least recently used one.
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<void>>();
  let generation = 0;

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt >= ttlMs) {
      entries.delete(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const store = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  };

  return {
    get size() {
      return entries.size;
    },

    match(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const route = ROUTES.find((candidate) => candidate.test(path));
      if (!route) return null;
      const query = queryAt === -1 ? '' : normalizedQuery(url.slice(queryAt + 1));
      const extra = vary?.(req) ?? '';
      return { key: `${path.replace(/\/$/, '').toLowerCase()}?${query}${extra ? `#${extra}` : ''}`, route: route.pattern };
    },

    serve(req, res, request) {
      const entry = fresh(request.key);
      if (!entry) return false;
      for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
      res.setHeader('ETag', entry.etag);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('X-Page-Cache', 'hit');
      if (matchesEtag(req.headers['if-none-match'], entry.etag)) {
        res.removeHeader('Content-Type');
        res.writeHead(304);
        res.end();
        return true;
      }
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      const body = entry[encoding];
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.writeHead(entry.status);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },

    inFlight({ key }) {
      return rendering.get(key) ?? null;
    },

    capture(req, res, { key }) {
      // A HEAD answer has no body to keep.
      if (req.method !== 'GET') return;
      const started = generation;
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      const settled = () => {
        if (rendering.get(key) === done) rendering.delete(key);
        settle();
      };
      if (!rendering.has(key)) rendering.set(key, done);
      // A client that goes away before the end leaves nothing to keep.
      res.once('close', () => {
        if (!res.writableFinished) settled();
      });
      const chunks: Buffer[] = [];
      let size = 0;
      let keep = true;
      const collect = (chunk: unknown, encoding?: unknown) => {
        if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
        const buffer = Buffer.isBuffer(chunk)
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
        size += buffer.length;
        if (size > MAX_BODY_BYTES) keep = false;
        else chunks.push(buffer);
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        return end(chunk, ...rest);
      }) as typeof res.end;
      res.setHeader('X-Page-Cache', 'miss');
      res.once('finish', () => {
        const headers = res.getHeaders();
        if (!keep || res.statusCode !== 200 || headers['set-cookie'] !== undefined || started !== generation) return settled();
        const identity = Buffer.concat(chunks);
        const kept: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers)) if (!PER_ANSWER.has(name) && name !== 'x-page-cache') kept[name] = value;
        void Promise.all([
          brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
          gzipAsync(identity, { level: 9 }),
        ])
          .then(([br, gz]) => {
            if (started !== generation) return;
            const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
            store(key, { status: 200, headers: kept, etag, identity, br, gzip: gz, storedAt: now() });
          })
          .finally(settled);
      });
    },

    invalidate() {
      generation += 1;
      entries.clear();
      // Renders under way show the old positions: nobody new waits for them.
      rendering.clear();
    },
  };
}
