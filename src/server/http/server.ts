import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import compression from 'compression';
import { getMetrics, hasMetricsToken, type Metrics } from '../metrics.ts';
import { admitRequest } from './admission.ts';
import type { CacheableRequest, PageCache, Renderer } from './page-cache.ts';
import { loggedPath } from './log-path.ts';
import { loadStaticFiles, type StaticFiles } from './static-files.ts';

/** What a request's handling tells the server about it: Astro's middleware sets the route pattern. */
export interface RequestLocals {
  routePattern?: string;
  /** Work a page or route left for after its answer (src/server/after-response.ts): run once the response is closed. */
  afterResponse?: Array<() => void>;
  /** The request id (X-Request-Id): a fault's reference (src/server/failures.ts). */
  requestId?: string;
  /** Resolves once the answer's connection takes more (exports/csv-stream.ts): see `whenWritable`. */
  writable?: () => Promise<void>;
}

/**
 * Resolves when the client's connection has room again (its socket drained), at once when it has
 * room, or when it closed. Astro's adapter writes a streamed body as fast as the stream gives it,
 * whatever the client takes: a download streamed from the database waits on this before it reads
 * more rows, so a slow client holds one batch in memory, not the whole file.
 */
export function whenWritable(res: ServerResponse): Promise<void> {
  const socket = res.socket;
  if (!socket || socket.destroyed || !socket.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}

/** Astro's Node adapter handler in middleware mode (dist/server/entry.mjs); `locals` become Astro.locals. */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void, locals?: RequestLocals) => unknown;

export interface RequestLog {
  reqId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

export interface ServerOptions {
  /** dist/client: prerendered pages and hashed assets; several directories are tried in order (static-site.ts). */
  clientDir: string | string[];
  /** The files of clientDir, already read (static-files.ts); read here when unset. */
  staticFiles?: StaticFiles;
  astroHandler: AstroHandler;
  /** Answers GET /healthz: is the database reachable? */
  isHealthy?: () => Promise<boolean>;
  /** Called once per request when the response is finished. */
  logRequest?: (entry: RequestLog) => void;
  /** Send Strict-Transport-Security (when SITE_URL is https). */
  hsts?: boolean;
  /** GET /metrics answers only with this bearer token; without one it is closed (404). */
  metricsToken?: string | undefined;
  metrics?: Metrics;
  /** Pages rendered from positions, served from memory (page-cache.ts); none when unset. */
  pageCache?: PageCache;
  /** Called when a response is finished, with its route pattern (from memory or rendered alike): views are counted here. */
  afterResponse?: (req: IncomingMessage, answer: { route: string; path: string; status: number }) => void;
  /** SITE_URL's origin, for the same-origin check of writes (admission.ts). */
  siteOrigin?: string;
  /** Refused requests (cross-site writes, bodies over their limits) are logged here. */
  warn?: (data: object, message: string) => void;
}

/**
 * How long an idle keep-alive connection stays open (Node's default, said here): nginx's upstream
 * keepalive_timeout is set below it (deploy/nginx.conf), so nginx always closes an idle connection
 * first and never sends a request on one the server is closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** Two years, subdomains included: browsers then never try http for the site. */
export const HSTS_HEADER = 'max-age=63072000; includeSubDomains';

/** A caller's X-Request-Id is kept when it is a plain token; otherwise a new one is made. */
function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

async function answerHealth(res: ServerResponse, isHealthy: () => Promise<boolean>): Promise<void> {
  // Only the verdict: no versions, hosts or error texts for anyone probing.
  const healthy = await isHealthy().catch(() => false);
  res.writeHead(healthy ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ status: healthy ? 'ok' : 'unavailable' }));
}

/** Ready to take traffic: yes until the server starts draining (closeGracefully), whatever the database says (/healthz). */
function answerReady(res: ServerResponse, ready: boolean): void {
  res.writeHead(ready ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ status: ready ? 'ready' : 'draining' }));
}

/** Servers that are draining: /readyz says so, and every answer closes its connection. */
const draining = new WeakSet<Server>();
/** Each server's answers not yet sent, so a drain can make them close their connection too. */
const unanswered = new WeakMap<Server, Set<ServerResponse>>();

async function answerMetrics(req: IncomingMessage, res: ServerResponse, metrics: Metrics, token: string | undefined): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  if (!token) {
    // Closed: nothing tells a prober that metrics exist.
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
    return;
  }
  if (!hasMetricsToken(req.headers.authorization, token)) {
    res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' });
    res.end('Unauthorized\n');
    return;
  }
  const body = await metrics.registry.metrics();
  res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
  res.end(body);
}

/** Headers every response carries, as a flat name, value list. */
export function securityHeaders(hsts = false): string[] {
  return [
    ...(hsts ? ['Strict-Transport-Security', HSTS_HEADER] : []),
    'X-Content-Type-Options',
    'nosniff',
    'Referrer-Policy',
    'strict-origin-when-cross-origin',
    'X-Frame-Options',
    'DENY',
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy',
    'same-origin',
  ];
}

/**
 * The HTTP server: the build's files from memory first (static-files.ts: precompressed at build,
 * hashed assets cached for a year), then the pages kept in memory (page-cache.ts), then Astro for
 * everything rendered on demand, compressed on the fly.
 */
export function createAppServer({
  clientDir,
  staticFiles = loadStaticFiles(clientDir),
  astroHandler,
  isHealthy,
  logRequest,
  metricsToken,
  metrics = getMetrics(),
  hsts = false,
  pageCache,
  afterResponse,
  siteOrigin,
  warn,
}: ServerOptions): Server {
  const compress = compression({ threshold: 1024 });
  const waiting = new Set<ServerResponse>();
  const security = securityHeaders(hsts);

  /** The answer's accounting: its metrics, its log line, the modules' after-response hook. */
  const answered = (req: IncomingMessage, status: number, route: string, path: string, reqId: string, started: number) => {
    const ms = performance.now() - started;
    const method = req.method ?? 'GET';
    metrics.httpRequests.observe(method, route, status, ms / 1000);
    // The path only: query strings can carry personal data (search terms, e-mail addresses).
    logRequest?.({ reqId, method, path: loggedPath(path), status, durationMs: Math.round(ms * 10) / 10 });
    afterResponse?.(req, { route, path, status });
  };

  /**
   * Everything not answered from memory: health, readiness and metrics, then Astro (through the
   * page cache when it keeps the page). A function of its own, apart from the handler's path from
   * memory: its listeners and closures need their variables kept in a context made per call, which
   * the answers from memory (most requests) then never make (issue 36).
   */
  const answerRendered = (
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    reqId: string,
    path: string,
    closing: boolean,
    cacheable: CacheableRequest | null,
  ): void => {
    // The route label of the metrics: a pattern, never the raw path (unbounded label values).
    let route = 'astro';
    const locals: RequestLocals = { afterResponse: [], requestId: reqId, writable: () => whenWritable(res) };
    res.once('finish', () => {
      if (route === 'astro') route = locals.routePattern ?? 'unmatched';
      answered(req, res.statusCode, route, path, reqId, started);
    });
    // Closed: sent, or the client went away; either way the request's own after-work may start.
    res.once('close', () => {
      for (const start of locals.afterResponse ?? []) start();
    });
    res.setHeader('X-Request-Id', reqId);
    for (let index = 0; index < security.length; index += 2) res.setHeader(security[index]!, security[index + 1]!);
    if (closing) res.setHeader('Connection', 'close');
    else {
      waiting.add(res);
      res.once('close', () => waiting.delete(res));
    }
    if (isHealthy && path === '/healthz') {
      route = '/healthz';
      void answerHealth(res, isHealthy);
      return;
    }
    if (path === '/readyz') {
      route = '/readyz';
      answerReady(res, !draining.has(server));
      return;
    }
    if (path === '/metrics') {
      route = '/metrics';
      void answerMetrics(req, res, metrics, metricsToken);
      return;
    }
    const toAstro = () => {
      const render = (request: IncomingMessage, response: ServerResponse) =>
        compress(request as never, response as never, () => void astroHandler(request, response, undefined, locals));
      if (!cacheable || !pageCache) {
        render(req, res);
        return;
      }
      const renderer: Renderer = {
        // Held by the cache (not compressed): it keeps the page as rendered and compresses it once itself.
        render: (request, response) => void astroHandler(request, response, undefined, locals),
        send: (request, response, answer) =>
          compress(request as never, response as never, () => {
            response.statusCode = answer.status;
            // The body may differ from the one rendered (its values filled in): Node counts it again.
            response.removeHeader('Content-Length');
            response.end(answer.body);
          }),
      };
      const fromCache = () => {
        if (!pageCache.serve(req, res, cacheable)) return false;
        route = cacheable.route;
        return true;
      };
      const underWay = pageCache.inFlight(cacheable);
      if (!underWay) {
        pageCache.renderAndServe(req, res, cacheable, renderer);
        return;
      }
      // Once: when that render was not kept (an error page, a change meanwhile), render this one.
      void underWay.then(() => {
        if (!res.destroyed && !fromCache()) pageCache.renderAndServe(req, res, cacheable, renderer);
      });
    };
    // Cross-site writes and bodies over their route's limits are answered before any route reads them.
    void admitRequest(req, res, { siteOrigin, warn }).then((admitted) => {
      if (admitted) toAstro();
    });
  };

  const server: Server = createServer((req, res) => {
    // A number, not hrtime's BigInt: nothing allocated for the clock (sub-microsecond either way).
    const started = performance.now();
    const reqId = requestId(req);
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    // Draining: this connection's last answer (a proxy then sends the next request elsewhere).
    const closing = draining.has(server);
    // The build's files and the kept pages (both GET and HEAD only; the page cache's match says
    // so itself), answered from memory at once: every header in one list with nothing set before
    // (Node's fast path), and accounted for as soon as written, with no listener on the response
    // (nothing of theirs runs after it).
    const file = req.method === 'GET' || req.method === 'HEAD' ? staticFiles.find(path) : undefined;
    const cacheable = file ? null : (pageCache?.match(req) ?? null);
    if (file || cacheable) {
      // The security headers are the same on every answer: the file keeps its lists with them.
      const perRequest = closing ? ['X-Request-Id', reqId, 'Connection', 'close'] : ['X-Request-Id', reqId];
      if (file) {
        staticFiles.serve(req, res, file, security, perRequest);
        answered(req, res.statusCode, 'static', path, reqId, started);
        return;
      }
      if (cacheable && pageCache?.serve(req, res, cacheable, security, perRequest)) {
        answered(req, res.statusCode, cacheable.route, path, reqId, started);
        return;
      }
    }
    answerRendered(req, res, started, reqId, path, closing, cacheable);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  unanswered.set(server, waiting);
  return server;
}

export interface DrainReport {
  /** How long the connections took to finish. */
  ms: number;
  /** Connections still open at the timeout, closed by force. */
  forced: number;
}

/**
 * Drains the server: /readyz answers 503 at once, no new connection is accepted (a proxy sends
 * its requests to another instance), every request still arriving on an open connection is
 * answered and closes it, and idle keep-alive connections are left to close by their own
 * timeout: closing one ourselves could cut a request a proxy is sending on it (nginx's upstream
 * keepalive_timeout is set below ours for that, deploy/nginx.conf). Resolves when every
 * connection is closed, or after `timeoutMs` with the rest cut. Decision 035.
 */
export function closeGracefully(server: Server, timeoutMs = 10_000): Promise<DrainReport> {
  draining.add(server);
  // Answers under way whose headers are not sent yet close their connection too.
  for (const res of unanswered.get(server) ?? []) if (!res.headersSent) res.setHeader('Connection', 'close');
  const began = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (forced: number) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ms: Math.round(performance.now() - began), forced });
    };
    const timer = setTimeout(() => {
      server.getConnections((_error, open) => {
        server.closeAllConnections();
        finish(open ?? 0);
      });
    }, timeoutMs);
    timer.unref();
    if (!server.listening) {
      finish(0);
      return;
    }
    // net.Server's close: stops listening and calls back once every connection has ended
    // (http.Server's close would also cut the idle keep-alive connections at once).
    NetServer.prototype.close.call(server, () => finish(0));
  });
}
