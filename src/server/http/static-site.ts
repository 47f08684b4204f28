import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { precompressDirectory } from './precompress.ts';
import { BUILD_SITE_PLACEHOLDER } from '../site-url.ts';

/**
 * The prerendered files carry the build's placeholder address (decision 011). At start, the ones
 * that do are written again with the running SITE_URL into an overlay directory, with their
 * Brotli and gzip copies, and served before dist/client: static pages stay files, precompressed.
 * The overlay is kept per build and address, so a restart with the same SITE_URL reuses it.
 */

const TEXT_FILE = /\.(?:html|xml|txt|json|webmanifest|svg|css|js|mjs|ics)$/;
const COMPLETE = '.complete';

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (TEXT_FILE.test(entry.name)) yield path;
  }
}

export interface StaticSite {
  /** Directories to serve from, first match wins: the overlay (if any file needed it), then the build. */
  dirs: string[];
  /** How many files carry the address. */
  rewritten: number;
  /** True when this start wrote the overlay, false when an earlier one's was reused. */
  created: boolean;
}

/** A name for this build and address: every candidate file's path, size and modification time. */
async function fingerprint(clientDir: string, origin: string): Promise<string> {
  const hash = createHash('sha256').update(origin).update('\0');
  for await (const file of textFiles(clientDir)) {
    const info = await stat(file);
    hash.update(`${relative(clientDir, file)}\0${info.size}\0${info.mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

export async function prepareStaticSite({
  clientDir,
  siteUrl,
  cacheDir,
}: {
  clientDir: string;
  siteUrl: string;
  /** Where overlays are kept (DATA_DIR/site). */
  cacheDir: string;
}): Promise<StaticSite> {
  const origin = new URL(siteUrl).origin;
  const overlay = join(cacheDir, await fingerprint(clientDir, origin));
  if (existsSync(join(overlay, COMPLETE))) {
    const rewritten = Number(await readFile(join(overlay, COMPLETE), 'utf8'));
    return { dirs: rewritten > 0 ? [overlay, clientDir] : [clientDir], rewritten, created: false };
  }
  // Older overlays (another build or address) go; a new one is built aside and renamed into place.
  await rm(cacheDir, { recursive: true, force: true });
  const building = `${overlay}.${process.pid}.tmp`;
  await mkdir(building, { recursive: true });
  const placeholder = Buffer.from(BUILD_SITE_PLACEHOLDER);
  let rewritten = 0;
  for await (const file of textFiles(clientDir)) {
    const content = await readFile(file);
    if (!content.includes(placeholder)) continue;
    const target = join(building, relative(clientDir, file));
    await mkdir(dirname(target), { recursive: true });
    // An origin has no characters that need escaping in HTML, XML or JSON (config.ts allows no path).
    await writeFile(target, content.toString('utf8').replaceAll(BUILD_SITE_PLACEHOLDER, origin));
    rewritten += 1;
  }
  await precompressDirectory(building);
  await writeFile(join(building, COMPLETE), String(rewritten));
  await rename(building, overlay);
  return { dirs: rewritten > 0 ? [overlay, clientDir] : [clientDir], rewritten, created: true };
}
