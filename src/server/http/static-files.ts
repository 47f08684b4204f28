import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { constants as zlib, brotliCompressSync, createGunzip, gzipSync } from 'node:zlib';
import { lookup as mimeType } from 'mrmime';
import { matchesEtag, preferredEncoding, type Encoding } from './conditional.ts';
import { IMMUTABLE, SHARED_REVALIDATE } from './cache-control.ts';

/**
 * The prerendered pages and the assets of the build (dist/client, and the pages written again
 * with SITE_URL, static-site.ts) held in memory with their Brotli and gzip copies made at build
 * time: read once at start, answered without touching the disk, with a content ETag (the same on
 * every instance of a build), 304s, and a year's immutable caching for the hashed assets under
 * /_astro/. The files a process serves are the ones it started with: a new build written under a
 * running server changes nothing it answers (its pages keep finding their own scripts), and a new
 * process loads the new build. Decision 034.
 */

export interface StaticFile {
  /** The file's path under its directory, as served: /about/index.html. */
  path: string;
  etag: string;
  /**
   * The file as built; not held for a larger file with a gzip copy (KEEP_IDENTITY_BYTES), whose
   * rare answer without compression is that copy decompressed as it is sent.
   */
  identity?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Headers of every answer for it (Content-Type, Cache-Control, ETag, Vary), made once. */
  headers: OutgoingHttpHeaders;
  /** The same, with Content-Encoding and Content-Length, per encoding, as writeHead's flat list (its fast path). */
  raw: Record<Encoding, string[] | undefined>;
  /** The headers of a 304. */
  rawNotModified: string[];
  /**
   * `raw` with a server's headers that are the same on every answer (its security headers) added,
   * made at the file's first answer with them and kept: an answer then copies one list, once.
   */
  withConstant: { constant: readonly string[]; raw: Record<Encoding, string[] | undefined> } | undefined;
  /** A page the server fills before serving (its texts, decision 049): the build's text of it. */
  template?: string;
}

/**
 * Fills a page the build left with stand-ins (the page texts, decision 049): its final text, or
 * undefined for a file that is served as it is.
 */
export type PageFiller = (html: string) => string;

export interface StaticFiles {
  /** The file a GET or HEAD of `pathname` answers with (/about finds /about/index.html), if any. */
  find(pathname: string): StaticFile | undefined;
  /**
   * Answers with the file: 304 when the browser's copy is current, else the best encoding it
   * accepts. `constant` (the same list on every answer: kept with the file) and `perRequest`
   * headers (flat name, value lists) are sent too: nothing may be set on `res` before.
   */
  serve(req: IncomingMessage, res: ServerResponse, file: StaticFile, constant?: readonly string[], perRequest?: readonly string[]): void;
  /** One name for everything served: the files' paths and contents. */
  readonly build: string;
  readonly files: number;
  /** Bytes held, all encodings. */
  readonly bytes: number;
  /** Pages filled by `fill`: how many. */
  readonly templates: number;
  /**
   * Fills the pages with stand-ins again (texts were published): each gets its new text, ETag and
   * compressed copies, swapped in whole, so a request sees the old page or the new one.
   */
  refill(fill: PageFiller): void;
}

const NONE: readonly string[] = [];

/** The file's header lists with `constant` added, made once per file (and again only for another list). */
function rawWith(file: StaticFile, constant: readonly string[]): Record<Encoding, string[] | undefined> {
  if (constant.length === 0) return file.raw;
  if (file.withConstant?.constant !== constant) {
    const { br, gzip, identity } = file.raw;
    file.withConstant = { constant, raw: { br: br?.concat(constant), gzip: gzip?.concat(constant), identity: identity?.concat(constant) } };
  }
  return file.withConstant.raw;
}

/** Text types are sent with their charset (the build writes UTF-8). */
const TEXT = /^(?:text\/|application\/(?:javascript|json|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

function contentType(path: string): string {
  const type = mimeType(path) ?? 'application/octet-stream';
  return TEXT.test(type) ? `${type}; charset=utf-8` : type;
}

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // a directory that is not there serves nothing
  }
  for (const entry of entries) {
    // Dot files (the overlay's completion mark) are never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

const readIfThere = (path: string): Buffer | undefined => {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
};

/** The URL paths a file answers: /about/index.html also as /about and /about/, /x.html as /x. */
function aliases(path: string): string[] {
  if (path.endsWith('/index.html')) {
    const dir = path.slice(0, -'index.html'.length);
    return dir === '/' ? [path, '/'] : [path, dir, dir.slice(0, -1)];
  }
  if (path.endsWith('.html')) return [path, path.slice(0, -'.html'.length)];
  return [path];
}

/** A file's answer headers and ETag for its bytes. */
function describe(path: string, identity: Buffer, br: Buffer | undefined, gzip: Buffer | undefined) {
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const headers: OutgoingHttpHeaders = {
    'Content-Type': contentType(path),
    'Cache-Control': path.startsWith('/_astro/') ? IMMUTABLE : SHARED_REVALIDATE,
    ETag: etag,
  };
  if (br || gzip) headers.Vary = 'Accept-Encoding';
  const flat = Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
  // Every file's `raw` has the same three keys, set or not: one shape for the lookup on every answer.
  const raw: StaticFile['raw'] = {
    br: br ? [...flat, 'Content-Encoding', 'br', 'Content-Length', String(br.length)] : undefined,
    gzip: gzip ? [...flat, 'Content-Encoding', 'gzip', 'Content-Length', String(gzip.length)] : undefined,
    identity: [...flat, 'Content-Length', String(identity.length)],
  };
  const rawNotModified = [
    'ETag',
    etag,
    'Cache-Control',
    String(headers['Cache-Control']),
    ...(headers.Vary ? ['Vary', 'Accept-Encoding'] : []),
  ];
  return { etag, headers, raw, rawNotModified };
}

/** A filled page, compressed as a page that changes at run time is (quick levels: every page of the site in well under a second). */
function filledFile(path: string, template: string, fill: PageFiller): StaticFile & { identity: Buffer } {
  const identity = Buffer.from(fill(template));
  const br = brotliCompressSync(identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: 6,
      [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(identity, { level: 6 });
  return heldFile(path, identity, br, gzip, template, describe(path, identity, br, gzip)) as StaticFile & { identity: Buffer };
}

/**
 * A file as held: every one with the same properties in the same order, those it lacks undefined,
 * so that the server's every answer reads them from one shape (V8's fast property loads) rather than
 * from a dozen (files with and without identity, Brotli or template).
 */
function heldFile(
  path: string,
  identity: Buffer | undefined,
  br: Buffer | undefined,
  gzip: Buffer | undefined,
  template: string | undefined,
  described: ReturnType<typeof describe>,
): StaticFile {
  const { etag, headers, raw, rawNotModified } = described;
  return { path, etag, identity, br, gzip, headers, raw, rawNotModified, withConstant: undefined, template };
}

const STAND_IN_MARK = Buffer.from('[[hx|');

/**
 * Above this size a file with a gzip copy is held only compressed (3.9 MB of this build's 5.3 MB
 * as built: the scripts, the styles, the PDF viewer). Browsers all take gzip or Brotli; what asks
 * for neither (a script, a crawler) gets the gzip copy decompressed on the way out, in the thread
 * pool, the same bytes the file had (its ETag and length were taken from them at start).
 */
export const KEEP_IDENTITY_BYTES = 16 * 1024;

/**
 * Reads every file of `dirs` (the first directory holding a path wins) with its `.br` and `.gz`
 * copies, if the build made them. HTML pages with stand-ins are filled by `fill` (without one,
 * served as built).
 */
export function loadStaticFiles(dirs: string | string[], fill?: PageFiller): StaticFiles {
  const byPath = new Map<string, StaticFile>();
  const build = createHash('sha256');
  let bytes = 0;
  for (const dir of Array.isArray(dirs) ? dirs : [dirs]) {
    for (const file of walk(dir)) {
      if (file.endsWith('.br') || file.endsWith('.gz')) continue;
      const path = `/${relative(dir, file).split(sep).join('/')}`;
      if (byPath.has(path)) continue;
      const built = readFileSync(file);
      // The build's name is its files as built, whatever texts fill them.
      build.update(`${path}\0${createHash('sha256').update(built).digest('base64url').slice(0, 27)}\0`);
      if (fill && path.endsWith('.html') && built.includes(STAND_IN_MARK)) {
        const page = filledFile(path, built.toString('utf8'), fill);
        bytes += page.identity.length + page.br!.length + page.gzip!.length;
        byPath.set(path, page);
        continue;
      }
      const br = readIfThere(`${file}.br`);
      const gzip = readIfThere(`${file}.gz`);
      const held = gzip && built.length > KEEP_IDENTITY_BYTES ? undefined : built;
      bytes += (held?.length ?? 0) + (br?.length ?? 0) + (gzip?.length ?? 0);
      byPath.set(path, heldFile(path, held, br, gzip, undefined, describe(path, built, br, gzip)));
    }
  }
  // Aliases after every real path, so a file named /about wins over /about/index.html's alias.
  const byUrl = new Map(byPath);
  for (const file of byPath.values()) for (const alias of aliases(file.path)) if (!byUrl.has(alias)) byUrl.set(alias, file);

  const templates = [...byPath.values()].filter((file) => file.template !== undefined);
  return {
    build: build.digest('base64url').slice(0, 16),
    files: byPath.size,
    bytes,
    templates: templates.length,
    refill(nextFill) {
      for (const current of [...byPath.values()]) {
        if (current.template === undefined) continue;
        const page = filledFile(current.path, current.template, nextFill);
        byPath.set(current.path, page);
        for (const alias of aliases(current.path)) if (byUrl.get(alias) === current) byUrl.set(alias, page);
      }
    },
    find(pathname) {
      const file = byUrl.get(pathname);
      if (file || !pathname.includes('%')) return file;
      try {
        return byUrl.get(decodeURIComponent(pathname));
      } catch {
        return undefined;
      }
    },
    serve(req, res, file, constant = NONE, perRequest = NONE) {
      // writeHead with one flat list and nothing set before: Node's fastest way to send headers.
      if (matchesEtag(req.headers['if-none-match'], file.etag)) {
        res.writeHead(304, file.rawNotModified.concat(constant, perRequest));
        res.end();
        return;
      }
      const encoding =
        file.br || file.gzip ? preferredEncoding(req.headers['accept-encoding'], { br: !!file.br, gzip: !!file.gzip }) : 'identity';
      const raw = rawWith(file, constant)[encoding]!;
      res.writeHead(200, perRequest.length ? raw.concat(perRequest) : raw);
      if (req.method === 'HEAD') res.end();
      else if (encoding !== 'identity') res.end(file[encoding]);
      else if (file.identity) res.end(file.identity);
      else {
        // Decompressed as it is sent; a client that leaves ends it.
        const inflating = createGunzip();
        pipeline(inflating, res, () => {});
        inflating.end(file.gzip);
      }
    },
  };
}
