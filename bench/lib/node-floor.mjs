// The floor of any Node server on this machine, for bench:nginx: Node's own HTTP server answering
// files of nginx's document root from memory, with the server's headers and nothing else (no
// routing, request ids, logs, metrics or page cache): the headers the server sent for the file
// when `<file>.headers.json` holds them (a flat name, value list without the per-answer ones),
// a few of its own otherwise. Run alone as its own process with the
// server's flags (it prints its port once listening), and inside the server's own process
// (serve-with-floor.mjs), where it shares the server's heap and compiled code: the difference
// between the two is what the process of a whole application costs every request, whatever its
// handler does.
//   node bench/lib/node-floor.mjs <root>
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const typeOf = (path) =>
  path.endsWith('.txt') ? 'text/plain; charset=utf-8' : path.endsWith('.js') ? 'application/javascript' : 'text/html; charset=utf-8';

/** Read once, at a file's first request (the document root may be filled after the floor starts). */
function readFile(root, path) {
  const file = normalize(join(root, path));
  if (!file.startsWith(root) || !existsSync(file)) return undefined;
  const identity = readFileSync(file);
  const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined;
  // The server's own headers for this file when bench:nginx saved them (its security headers and
  // Content-Security-Policy are a kilobyte Node checks and writes on every answer): the same bytes.
  const own = existsSync(`${file}.headers.json`) ? JSON.parse(readFileSync(`${file}.headers.json`, 'utf8')) : undefined;
  const headers = (body, encoding) => [
    ...(own ?? [
      'Content-Type',
      typeOf(path),
      'Cache-Control',
      'public, max-age=0, s-maxage=1, must-revalidate',
      'ETag',
      '"floor"',
      ...(gzip ? ['Vary', 'Accept-Encoding'] : []),
    ]),
    'Content-Length',
    String(body.length),
    ...(encoding ? ['Content-Encoding', encoding] : []),
  ];
  return { identity, gzip, rawIdentity: headers(identity), rawGzip: gzip && headers(gzip, 'gzip') };
}

/** Node's HTTP server answering `root`'s files (URL path = file path) from memory. */
export function createFloor(root) {
  const files = new Map();
  const server = createServer((req, res) => {
    let file = files.get(req.url);
    if (file === undefined) {
      file = readFile(root, req.url) ?? null;
      files.set(req.url, file);
    }
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const gzip = file.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, gzip ? file.rawGzip : file.rawIdentity);
    res.end(gzip ? file.gzip : file.identity);
  });
  server.keepAliveTimeout = 5_000;
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = createFloor(process.argv[2]);
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
  process.on('SIGTERM', () => process.exit(0));
}
