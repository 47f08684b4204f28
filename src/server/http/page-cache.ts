import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { matchesEtag, preferredEncoding } from './conditional.ts';
import { fillTemplate, fillTemplateGzip, parseTemplate, type PageTemplate, type TemplateSpec } from './page-template.ts';
import { SHARED_REVALIDATE } from './cache-control.ts';

export { preferredEncoding } from './conditional.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The rendered HTML of the pages built from open positions (the job board with any filters, each
 * apply page, the sitemap, the jobs feed), the positions API, and the pages that are the same for
 * every visitor although rendered on demand (the docs with their search, the privacy notice),
 * kept in memory and compressed once, so they are served at the speed of a static file. These
 * pages say nothing about who asks (the header's signed-in state comes from a cookie in the
 * browser), and only answers without cookies of their own are kept. Emptied when positions change
 * (src/server/positions/changes.ts) and, as a safety net for a lost announcement or a closing date
 * that passes, after `ttlMs`. Decision 025.
 *
 * A page's key is its path and the query parameters it reads, in one spelling: any other
 * parameter is dropped before it is rendered, so nobody can fill the cache by varying one. Values
 * a page only carries on (the visit's source on the careers pages, `slots`) are not in the key
 * either: the page is rendered once with stand-ins and each request's values are filled in when
 * it is served (page-template.ts; decision 035). Only the shape of the values is in the key (which
 * of them are set), since a page writes a link without a source differently.
 */

interface Route {
  pattern: string;
  test: (path: string) => boolean;
  /** The query parameters the page reads; every other one is dropped. */
  params: readonly string[];
  /** The page carries the request's slot values on (filled in at serve time). */
  slots?: boolean;
}

const FILTERS = ['q', 'department', 'location'] as const;

/** The routes whose pages are kept, by the route pattern the request metrics use. */
const ROUTES: Route[] = [
  { pattern: '/careers', test: (path) => path === '/careers' || path === '/careers/', params: FILTERS, slots: true },
  { pattern: '/careers/apply/[id]', test: (path) => /^\/careers\/apply\/[0-9a-f-]{36}$/i.test(path), params: [], slots: true },
  { pattern: '/sitemap.xml', test: (path) => path === '/sitemap.xml', params: [] },
  { pattern: '/careers/feed.xml', test: (path) => path === '/careers/feed.xml', params: [] },
  // The job boards' feeds (issue 57): the same positions, fetched by boards a few times a day.
  { pattern: '/careers/feeds/[board].xml', test: (path) => /^\/careers\/feeds\/(indeed|linkedin)\.xml$/.test(path), params: [] },
  // The job board's data as JSON: the same positions, and compressing it on every request under
  // load cost more memory than all the pages (decision 026).
  { pattern: '/api/positions', test: (path) => path === '/api/positions', params: FILTERS },
  // The blog (issue 34): built from the posts in the database, forgotten when content changes.
  { pattern: '/blog', test: (path) => path === '/blog' || path === '/blog/', params: ['tag'] },
  { pattern: '/blog/[id]', test: (path) => /^\/blog\/[a-z0-9-]{1,100}$/.test(path), params: [] },
  { pattern: '/rss.xml', test: (path) => path === '/rss.xml', params: [] },
  { pattern: '/docs', test: (path) => path === '/docs' || path === '/docs/', params: ['q'] },
  { pattern: '/privacy', test: (path) => path === '/privacy' || path === '/privacy/', params: [] },
];

/**
 * Whether a page rendered on demand is one a shared cache in front may keep (a kept page without
 * slots): the analytics' beacon goes only on those, and on the prerendered pages (issue 57).
 */
export function isSharedPage(pattern: string): boolean {
  const route = ROUTES.find((candidate) => candidate.pattern === pattern);
  return route !== undefined && !route.slots;
}

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
  'x-page-cache',
]);

const MAX_BODY_BYTES = 2 * 1024 * 1024;

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  /** `headers` as a flat name, value list. */
  raw: string[];
  etag: string;
  storedAt: number;
  /** A page without slots: its bytes, compressed once. */
  identity?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** A page with slots: its text around them. */
  template?: PageTemplate;
  /** Its filling without values (a visit with no source: most of them), kept on the page itself. */
  direct?: Filling;
  /** When it was last used (a counter): the least recently used page is forgotten first. */
  used: number;
}

/** A filling of a template: its ETag, and the page as gzip once asked for. */
interface Filling {
  etag: string;
  gzip?: Buffer;
  /** When it was last used, as a page's `used`. */
  used: number;
}

/**
 * Values a page carries on from the request without depending on them otherwise (the careers
 * pages' visit source): read from each request, filled into one render of the page.
 */
export interface PageSlots {
  /** This request's values, one per slot; null where it has none. */
  read(req: IncomingMessage): (string | null)[];
  /** The query parameters that make the page show `values` (the page reads them from its URL). */
  query(values: readonly (string | null)[]): [string, string][];
  /** The stand-ins rendered in place of values, and the forms a value takes in a page. */
  template: Omit<TemplateSpec, 'sentinels'> & { sentinels: readonly string[] };
  /** Headers the page reads its values from too (removed from the render of a template). */
  headers: readonly string[];
}

export interface CacheableRequest {
  key: string;
  route: string;
  /** The slot values this request fills in; null for a page without slots. */
  values: (string | null)[] | null;
  /**
   * The URL the page is rendered with, in two parts joined only when it is rendered (renderUrlOf):
   * its path, and its query (the kept one, with stand-ins for the values). Most requests are hits.
   */
  renderPath: string;
  renderQueries: readonly [string, string];
  /**
   * The same answer for everybody, which a shared cache in front may keep (SHARED_REVALIDATE when
   * the page says nothing of its own). Not the careers pages: they carry the visit's source, and
   * each view of them is counted (insights/views.ts), so every request has to reach the server.
   */
  shared: boolean;
}

export interface PageCacheOptions {
  maxEntries?: number;
  /** Fillings of templates kept as gzip (about 20 KB each for an apply page). */
  maxFillings?: number;
  ttlMs?: number;
  now?: () => number;
  slots?: PageSlots;
  /** Told once per route when its page cannot be a template (it is then kept per value). */
  onUntemplatable?: (route: string) => void;
}

/** How the server renders a page and sends an answer that is not kept (page-cache.ts holds neither). */
export interface Renderer {
  /** Renders `req` into `res` (Astro). */
  render(req: IncomingMessage, res: ServerResponse): void;
  /** Sends an answer that was held and not kept (compressed as the server compresses rendered pages). */
  send(req: IncomingMessage, res: ServerResponse, answer: { status: number; body: Buffer }): void;
}

export interface PageCache {
  /** The key and route of a request whose answer may be kept; null for every other request. */
  match(req: IncomingMessage): CacheableRequest | null;
  /**
   * Answers from the cache when it holds the page (a 304 when the browser's copy is current), with
   * the server's `constant` headers and the request's own (`perRequest`) too: flat name, value lists.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    request: CacheableRequest,
    constant?: readonly string[],
    perRequest?: readonly string[],
  ): boolean;
  /**
   * While the page is being rendered (and compressed) for another request: settles once that is
   * over, kept or not. Null when nothing is under way. Requests that arrive together for a page
   * not yet kept wait for one render instead of each rendering and compressing it (a crowd of
   * misses under load held hundreds of MB of compression buffers; decision 026).
   */
  inFlight(request: CacheableRequest): Promise<void> | null;
  /**
   * Renders the page (with stand-ins for its slot values), keeps it if it may be kept, and answers
   * this request from it; an answer that is not kept (an error, a cookie) is sent as rendered.
   */
  renderAndServe(req: IncomingMessage, res: ServerResponse, request: CacheableRequest, renderer: Renderer): void;
  /** Forgets every page (positions changed). Pages being rendered meanwhile are not kept. */
  invalidate(): void;
  readonly size: number;
  /** Fillings kept as gzip. */
  readonly fillings: number;
}

/** The query in one spelling: parameters sorted, values trimmed, empty ones dropped; only `keep` when given. */
export function normalizedQuery(search: string, keep?: readonly string[]): string {
  const params = [...new URLSearchParams(search)]
    .filter(([name]) => !keep || keep.includes(name))
    .map(([name, value]) => [name, value.trim()] as const)
    .filter(([, value]) => value !== '')
    .sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return new URLSearchParams(params as [string, string][]).toString();
}

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url').slice(0, 27);

/** What a render wrote, held instead of sent. */
interface Held {
  status: number;
  body: Buffer;
  tooLarge: boolean;
}

/**
 * Holds what the renderer writes to `res` (status, headers, body) instead of sending it; resolves
 * at its end with `res` as it was, its headers set on it but nothing sent.
 */
function hold(res: ServerResponse): Promise<Held> {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    if (size > MAX_BODY_BYTES) tooLarge = true;
    chunks.push(buffer);
  };
  return new Promise((resolve) => {
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      res.statusCode = status;
      const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
      if (Array.isArray(headers)) {
        // [[name, value], …] or writeHead's flat [name, value, name, value, …].
        const pairs = Array.isArray(headers[0])
          ? (headers as [string, string][])
          : Array.from({ length: headers.length / 2 }, (_, index) => [headers[index * 2], headers[index * 2 + 1]] as [string, string]);
        for (const [name, value] of pairs) res.setHeader(name, value);
      } else if (headers)
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
      return res;
    }) as typeof res.writeHead;
    res.write = ((chunk: unknown, encoding?: unknown) => {
      collect(chunk, encoding);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      collect(chunk, encoding);
      res.writeHead = writeHead;
      res.write = write;
      res.end = end;
      resolve({ status: res.statusCode, body: Buffer.concat(chunks), tooLarge });
      return res;
    }) as typeof res.end;
  });
}

/** The URL a kept page is rendered with: its path, and its two queries joined. */
function renderUrlOf({ renderPath, renderQueries }: Pick<CacheableRequest, 'renderPath' | 'renderQueries'>): string {
  const query = renderQueries.filter(Boolean).join('&');
  return query ? `${renderPath}?${query}` : renderPath;
}

export function createPageCache({
  maxEntries = 500,
  maxFillings = 64,
  ttlMs = 60_000,
  now = Date.now,
  slots,
  onUntemplatable,
}: PageCacheOptions = {}): PageCache {
  // The pages and the fillings, each forgotten least recently used first (by `used`).
  const entries = new Map<string, Entry>();
  const fillings = new Map<string, Filling>();
  const rendering = new Map<string, Promise<void>>();
  /** Routes whose pages write a value in a form the template does not know: kept per value. */
  const untemplatable = new Set<string>();
  let generation = 0;
  let uses = 0;

  /**
   * Adds a page or a filling; a full map forgets its least recently used one. Each use writes a
   * number (`used`) instead of reordering the map (a delete and a set on every request): the
   * order is only asked for here, when something is added to a full map.
   */
  const remember = <T extends { used: number }>(map: Map<string, T>, key: string, value: T, max: number) => {
    value.used = ++uses;
    map.set(key, value);
    while (map.size > max) {
      let oldest: string | undefined;
      let oldestUse = Infinity;
      for (const [candidate, { used }] of map) {
        if (used < oldestUse) {
          oldest = candidate;
          oldestUse = used;
        }
      }
      map.delete(oldest!);
    }
  };

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now() - entry.storedAt >= ttlMs) {
      entries.delete(key);
      return undefined;
    }
    entry.used = ++uses;
    return entry;
  };

  const fillingEtag = (entry: Entry, values: (string | null)[]) => `W/"${hash(`${entry.etag}\0${values.join('\0')}`)}"`;

  /**
   * A filling's ETag, and its gzip once put together (a tenth of a millisecond for an apply page),
   * kept for the next request with the same values: the page without a source, a referrer that
   * sends many. A few, so a flood of referrers costs no memory.
   */
  const filling = (key: string, entry: Entry, values: (string | null)[]): Filling => {
    if (values.every((value) => value === null)) return (entry.direct ??= { etag: fillingEtag(entry, values), used: 0 });
    const id = `${key}\0${entry.etag}\0${values.join('\0')}`;
    const kept = fillings.get(id);
    if (kept) {
      kept.used = ++uses;
      return kept;
    }
    const made = { etag: fillingEtag(entry, values), used: 0 };
    remember(fillings, id, made, maxFillings);
    return made;
  };

  const serve = (
    req: IncomingMessage,
    res: ServerResponse,
    request: CacheableRequest,
    state: 'hit' | 'miss',
    constant: readonly string[] = [],
    perRequest: readonly string[] = [],
  ): boolean => {
    const entry = fresh(request.key);
    if (!entry) return false;
    const filled = entry.template && request.values ? request.values : null;
    const own = filled ? filling(request.key, entry, filled) : null;
    const etag = own ? own.etag : entry.etag;
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      const kept = entry.raw.filter((_, index, raw) => raw[index - (index % 2)]!.toLowerCase() !== 'content-type');
      res.writeHead(304, kept.concat('ETag', etag, 'Vary', 'Accept-Encoding', 'X-Page-Cache', state, constant, perRequest));
      res.end();
      return true;
    }
    // A filled page goes as gzip, put together from its segments compressed once (fillTemplateGzip),
    // not compressed per request: Brotli cannot be put together that way.
    const encoding = preferredEncoding(req.headers['accept-encoding'], { br: !filled, gzip: true });
    const body = !filled
      ? entry[encoding]!
      : encoding === 'gzip'
        ? (own!.gzip ??= fillTemplateGzip(entry.template!, filled, slots!.template.encodings))
        : fillTemplate(entry.template!, filled, slots!.template.encodings);
    // One flat list, so Node takes its fast path when nothing was set on `res` before; made in one go.
    const list = entry.raw.concat(
      'ETag',
      etag,
      'Vary',
      'Accept-Encoding',
      'X-Page-Cache',
      state,
      constant,
      perRequest,
      'Content-Length',
      String(body.length),
    );
    if (encoding !== 'identity') list.push('Content-Encoding', encoding);
    res.writeHead(entry.status, list);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };

  /** The stand-ins' query for each set of slots a request fills (one per pattern of filled slots: a few). */
  const standInQueries = new Map<string, string>();
  const sentinelsFor = (values: (string | null)[]) =>
    values.map((value, slot) => (value === null ? null : slots!.template.sentinels[slot]!));

  const cache: PageCache = {
    get size() {
      return entries.size;
    },
    get fillings() {
      return fillings.size;
    },

    match(req) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      const url = req.url ?? '/';
      const queryAt = url.indexOf('?');
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      const route = ROUTES.find((candidate) => candidate.test(path));
      if (!route) return null;
      const query = queryAt === -1 ? '' : normalizedQuery(url.slice(queryAt + 1), route.params);
      const key = `${(path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase()}?${query}`;
      const shared = !route.slots;
      if (!route.slots || !slots) return { key, route: route.pattern, values: null, renderPath: path, renderQueries: [query, ''], shared };
      const values = slots.read(req);
      let set = '';
      for (const value of values) set += value === null ? '0' : '1';
      if (untemplatable.has(route.pattern)) {
        // Kept per value, rendered with the request's own values.
        const own = new URLSearchParams(slots.query(values)).toString();
        return {
          key: `${key}#${JSON.stringify(values)}`,
          route: route.pattern,
          values: null,
          renderPath: path,
          renderQueries: [query, own],
          shared,
        };
      }
      let standIns = standInQueries.get(set);
      if (standIns === undefined) {
        standIns = new URLSearchParams(slots.query(sentinelsFor(values))).toString();
        standInQueries.set(set, standIns);
      }
      return { key: `${key}#${set}`, route: route.pattern, values, renderPath: path, renderQueries: [query, standIns], shared };
    },

    serve: (req, res, request, constant, perRequest) => serve(req, res, request, 'hit', constant, perRequest),

    inFlight({ key }) {
      return rendering.get(key) ?? null;
    },

    renderAndServe(req, res, request, renderer) {
      const started = generation;
      const { key } = request;
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      const settled = () => {
        if (rendering.get(key) === done) rendering.delete(key);
        settle();
      };
      if (!rendering.has(key)) rendering.set(key, done);

      // The page as everybody gets it: the kept query, stand-ins for the values, no Referer.
      const original = { url: req.url, headers: {} as Record<string, string | string[] | undefined> };
      const ownHeaders = res.getHeaders();
      const spec: TemplateSpec | null = request.values ? { ...slots!.template, sentinels: sentinelsFor(request.values) } : null;
      req.url = renderUrlOf(request);
      if (spec) {
        for (const name of slots!.headers) {
          original.headers[name] = req.headers[name];
          delete req.headers[name];
        }
      }
      const restore = () => {
        req.url = original.url;
        for (const [name, value] of Object.entries(original.headers)) if (value !== undefined) req.headers[name] = value;
      };

      void hold(res).then(async (held) => {
        restore();
        const headers = res.getHeaders();
        const parsed = spec && !JSON.stringify(headers).includes(spec.marker) ? parseTemplate(held.body, spec) : null;
        if (spec && !parsed) {
          // The page writes a value where no stand-in can be filled in: from now on this route is
          // kept per value, and this request is rendered again with its own values.
          settled();
          if (!untemplatable.has(request.route)) {
            untemplatable.add(request.route);
            onUntemplatable?.(request.route);
          }
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          for (const [name, value] of Object.entries(ownHeaders)) if (value !== undefined) res.setHeader(name, value);
          res.statusCode = 200;
          cache.renderAndServe(req, res, cache.match(req)!, renderer);
          return;
        }
        const keep =
          req.method === 'GET' && held.status === 200 && !held.tooLarge && headers['set-cookie'] === undefined && started === generation;
        if (!keep) {
          settled();
          renderer.send(req, res, {
            status: held.status,
            body: parsed ? fillTemplate(parsed, request.values!, slots!.template.encodings) : held.body,
          });
          return;
        }
        const kept: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers)) if (!PER_ANSWER.has(name) && !(name in ownHeaders)) kept[name] = value;
        if (request.shared && kept['cache-control'] === undefined) kept['cache-control'] = SHARED_REVALIDATE;
        const raw = Object.entries(kept).flatMap(([name, value]) =>
          Array.isArray(value) ? value.flatMap((item) => [name, item]) : [name, String(value)],
        );
        const base = { status: 200, headers: kept, raw, etag: `W/"${hash(held.body)}"` };
        if (parsed) remember(entries, key, { ...base, storedAt: now(), used: 0, template: parsed }, maxEntries);
        else {
          const identity = held.body;
          const [br, gz] = await Promise.all([
            brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
            gzipAsync(identity, { level: 9 }),
          ]);
          if (started !== generation) {
            // Positions changed while it was compressed: sent, not kept.
            settled();
            return renderer.send(req, res, { status: 200, body: identity });
          }
          remember(entries, key, { ...base, storedAt: now(), used: 0, identity, br, gzip: gz }, maxEntries);
        }
        // Kept before the requests waiting for it are woken.
        settled();
        if (!serve(req, res, request, 'miss')) renderer.send(req, res, { status: 200, body: held.body });
      });
      renderer.render(req, res);
    },

    invalidate() {
      generation += 1;
      entries.clear();
      fillings.clear();
      // Renders under way show the old positions: nobody new waits for them.
      rendering.clear();
    },
  };
  return cache;
}
