// The floor of any Node server on this machine, for bench:nginx: Node's own HTTP server answering
// files of nginx's document root from memory, with the server's headers and nothing else (no
// routing, request ids, logs, metrics or page cache). Started as its own process with the server's
// flags; prints its port once listening.
//   node bench/lib/node-floor.mjs <root> <url path>...
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const [root, ...paths] = process.argv.slice(2);
const files = new Map(
  paths.map((path) => {
    const file = join(root, path);
    const identity = readFileSync(file);
    const gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined;
    const type = path.endsWith('.txt')
      ? 'text/plain; charset=utf-8'
      : path.endsWith('.js')
        ? 'application/javascript'
        : 'text/html; charset=utf-8';
    const headers = (body, encoding) => [
      'Content-Type',
      type,
      'Cache-Control',
      'public, max-age=0, must-revalidate',
      'ETag',
      '"floor"',
      'Content-Length',
      String(body.length),
      ...(encoding ? ['Content-Encoding', encoding, 'Vary', 'Accept-Encoding'] : []),
    ];
    return [path, { identity, gzip, rawIdentity: headers(identity), rawGzip: gzip && headers(gzip, 'gzip') }];
  }),
);

const server = createServer((req, res) => {
  const file = files.get(req.url);
  if (!file) {
    res.writeHead(404).end();
    return;
  }
  const gzip = file.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  res.writeHead(200, gzip ? file.rawGzip : file.rawIdentity);
  res.end(gzip ? file.gzip : file.identity);
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
