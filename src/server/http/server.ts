import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';

/** Astro's Node adapter handler in middleware mode (dist/server/entry.mjs). */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => unknown;

export interface RequestLog {
  reqId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

export interface ServerOptions {
  /** dist/client: prerendered pages and hashed assets. */
  clientDir: string;
  astroHandler: AstroHandler;
  /** Answers GET /healthz: is the database reachable? */
  isHealthy?: () => Promise<boolean>;
  /** Called once per request when the response is finished. */
  logRequest?: (entry: RequestLog) => void;
  /** Send Strict-Transport-Security (when SITE_URL is https). */
  hsts?: boolean;
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
 * then Astro for everything rendered on demand, compressed on the fly.
 */
export function createAppServer({ clientDir, astroHandler, isHealthy, logRequest, hsts = false }: ServerOptions): Server {
  const serveStatic = sirv(clientDir, {
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
  });
  const compress = compression({ threshold: 1024 });

  return createServer((req, res) => {
    const started = process.hrtime.bigint();
    const reqId = requestId(req);
    res.setHeader('X-Request-Id', reqId);
    applySecurityHeaders(res, hsts);
    if (logRequest) {
      res.once('finish', () => {
        logRequest({
          reqId,
          method: req.method ?? 'GET',
          // The path only: query strings can carry personal data (search terms, e-mail addresses).
          path: (req.url ?? '/').split('?')[0] ?? '/',
          status: res.statusCode,
          durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        });
      });
    }
    if (isHealthy && (req.url === '/healthz' || req.url?.startsWith('/healthz?'))) {
      void answerHealth(res, isHealthy);
      return;
    }
    serveStatic(req, res, () => {
      compress(req as never, res as never, () => {
        void astroHandler(req, res);
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
