import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import compression from 'compression';
import sirv from 'sirv';

/** Astro's Node adapter handler in middleware mode (dist/server/entry.mjs). */
export type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => unknown;

export interface ServerOptions {
  /** dist/client: prerendered pages and hashed assets. */
  clientDir: string;
  astroHandler: AstroHandler;
}

/** Headers every response carries. */
export function applySecurityHeaders(res: ServerResponse): void {
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
export function createAppServer({ clientDir, astroHandler }: ServerOptions): Server {
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
    applySecurityHeaders(res);
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
