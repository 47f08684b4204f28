import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';
import { getMetrics, hasMetricsToken, type Metrics } from '../metrics.ts';
import { admitRequest } from './admission.ts';
import type { PageCache } from './page-cache.ts';
import { loggedPath } from './log-path.ts';

/** What a request's handling tells the server about it: Astro's middleware sets the route pattern. */
export interface RequestLocals {
  routePattern?: string;
  /** Work a page or route left for after its answer (src/server/after-response.ts): run once the response is closed. */
  afterResponse?: Array<() => void>;
  /** The request id (X-Request-Id): a fault's reference (src/server/failures.ts). */
  requestId?: string;
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

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0] ?? '/';

/** Headers every response carries. */
export function applySecurityHeaders(res: ServerResponse, hsts = false): void {
  if (hsts) res.setHeader('Strict-Transport-Security', HSTS_HEADER);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
}

/**
 * The HTTP server: static files first (precompressed at build, hashed assets cached for a year),
 * then the pages kept in memory (page-cache.ts), then Astro for everything rendered on demand,
 * compressed on the fly.
 */
export function createAppServer({
  clientDir,
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
  const staticHandlers = (Array.isArray(clientDir) ? clientDir : [clientDir]).map((dir) =>
    sirv(dir, {
      etag: true,
      brotli: true,
      gzip: true,
      extensions: ['html'],
      setHeaders(res, pathname) {
        res.setHeader(
          'Cache-Control',
          pathname.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
        );
      },
    }),
  );
  const serveStatic = (req: IncomingMessage, res: ServerResponse, next: () => void, index = 0): void => {
    const handler = staticHandlers[index];
    if (!handler) return next();
    handler(req, res, () => serveStatic(req, res, next, index + 1));
  };
  const compress = compression({ threshold: 1024 });

  return createServer((req, res) => {
    const started = process.hrtime.bigint();
    const reqId = requestId(req);
    const path = pathOf(req.url);
    // The route label of the metrics: a pattern, never the raw path (unbounded label values).
    let route = 'static';
    const locals: RequestLocals = { afterResponse: [], requestId: reqId };
    res.setHeader('X-Request-Id', reqId);
    applySecurityHeaders(res, hsts);
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (route === 'astro') route = locals.routePattern ?? 'unmatched';
      metrics.httpRequests.observe({ method: req.method ?? 'GET', route, status: String(res.statusCode) }, seconds);
      // The path only: query strings can carry personal data (search terms, e-mail addresses).
      logRequest?.({
        reqId,
        method: req.method ?? 'GET',
        path: loggedPath(path),
        status: res.statusCode,
        durationMs: Math.round(seconds * 1e4) / 10,
      });
      afterResponse?.(req, { route, path, status: res.statusCode });
    });
    // Closed: sent, or the client went away; either way the request's own after-work may start.
    res.once('close', () => {
      for (const start of locals.afterResponse ?? []) start();
    });
    if (isHealthy && path === '/healthz') {
      route = '/healthz';
      void answerHealth(res, isHealthy);
      return;
    }
    if (path === '/metrics') {
      route = '/metrics';
      void answerMetrics(req, res, metrics, metricsToken);
      return;
    }
    serveStatic(req, res, async () => {
      route = 'astro';
      // Cross-site writes and bodies over their route's limits are answered before any route reads them.
      if (!(await admitRequest(req, res, { siteOrigin, warn }))) return;
      const cacheable = pageCache?.match(req);
      const render = () =>
        compress(req as never, res as never, () => {
          // Inside compression, so the cache keeps the page as rendered and compresses it once itself.
          if (cacheable) pageCache?.capture(req, res, cacheable);
          void astroHandler(req, res, undefined, locals);
        });
      if (!cacheable || !pageCache) {
        render();
        return;
      }
      const fromCache = () => {
        if (!pageCache.serve(req, res, cacheable)) return false;
        route = cacheable.route;
        return true;
      };
      if (fromCache()) return;
      const underWay = pageCache.inFlight(cacheable);
      if (!underWay) {
        render();
        return;
      }
      // Once: when that render was not kept (an error page, a change meanwhile), render this one.
      void underWay.then(() => {
        if (!res.destroyed && !fromCache()) render();
      });
    });
  });
}

/** Stops accepting connections, lets in-flight requests finish, then resolves. */
export function closeGracefully(server: Server, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
