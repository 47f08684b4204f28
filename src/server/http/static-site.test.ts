import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_SITE_PLACEHOLDER } from '../site-url';
import { prepareStaticSite } from './static-site';

describe('prerendered files written for the running SITE_URL', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-site-'));
  const clientDir = join(root, 'client');
  const cacheDir = join(root, 'data', 'site');
  mkdirSync(join(clientDir, 'about'), { recursive: true });
  const page = `<link rel="canonical" href="${BUILD_SITE_PLACEHOLDER}/about">${'<p>Cloud engineering.</p>'.repeat(100)}`;
  writeFileSync(join(clientDir, 'about', 'index.html'), page);
  writeFileSync(join(clientDir, 'robots.txt'), `Sitemap: ${BUILD_SITE_PLACEHOLDER}/sitemap.xml\n`);
  writeFileSync(join(clientDir, 'plain.html'), '<p>No address here.</p>');

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('rewrites only the files that carry the placeholder, with fresh Brotli and gzip copies, and leaves the build alone', async () => {
    const site = await prepareStaticSite({ clientDir, siteUrl: 'https://www.example.com', cacheDir });
    expect(site).toMatchObject({ rewritten: 2, created: true });
    expect(site.dirs[1]).toBe(clientDir);
    const overlay = site.dirs[0]!;
    const expected = page.replaceAll(BUILD_SITE_PLACEHOLDER, 'https://www.example.com');
    expect(readFileSync(join(overlay, 'about', 'index.html'), 'utf8')).toBe(expected);
    expect(brotliDecompressSync(readFileSync(join(overlay, 'about', 'index.html.br'))).toString()).toBe(expected);
    expect(gunzipSync(readFileSync(join(overlay, 'about', 'index.html.gz'))).toString()).toBe(expected);
    expect(readFileSync(join(overlay, 'robots.txt'), 'utf8')).toBe('Sitemap: https://www.example.com/sitemap.xml\n');
    expect(existsSync(join(overlay, 'plain.html'))).toBe(false);
    expect(readFileSync(join(clientDir, 'about', 'index.html'), 'utf8')).toBe(page);
  });

  it('reuses the files on a restart with the same address, and replaces them for another', async () => {
    const again = await prepareStaticSite({ clientDir, siteUrl: 'https://www.example.com/', cacheDir });
    expect(again.created).toBe(false);
    const other = await prepareStaticSite({ clientDir, siteUrl: 'http://127.0.0.1:8080', cacheDir });
    expect(other.created).toBe(true);
    expect(readFileSync(join(other.dirs[0]!, 'robots.txt'), 'utf8')).toBe('Sitemap: http://127.0.0.1:8080/sitemap.xml\n');
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });
});
