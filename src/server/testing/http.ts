import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { freePort } from '../net.ts';

export interface TestServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback around a fetch-style handler (the same functions the Astro routes
 * call), so integration tests exercise sockets, streaming bodies and early responses.
 */
export async function serveForTest(
  handler: (request: Request, socketAddress: string | undefined) => Promise<Response>,
): Promise<TestServer> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const request = new Request(`http://127.0.0.1:${port}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    void handler(request, req.socket.remoteAddress).then(
      async (response) => {
        // Each Set-Cookie stays its own header (Object.fromEntries would join them with commas).
        const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
        if (response.headers.has('set-cookie')) headers['set-cookie'] = response.headers.getSetCookie();
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
