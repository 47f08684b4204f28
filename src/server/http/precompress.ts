import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(?:html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the header costs. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

/**
 * Brotli and gzip copies of every static text file, at maximum compression: once at build time
 * (src/integrations/precompress.ts), and when the server writes the pages for SITE_URL
 * (static-site.ts). Served as they are (decision 034), so no request pays for compression.
 */
export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  for await (const path of files(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    const content = await readFile(path);
    await writeFile(`${path}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    await writeFile(`${path}.gz`, await gzipAsync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
