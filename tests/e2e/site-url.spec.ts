import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { startSite } from '../../bench/lib/site.mjs';
import { freePort } from '../../src/server/net';

// One build, any address: the build made for this suite is started twice more, with two
// different SITE_URLs, and every address it prints follows the running one (decision 011).

const PLACEHOLDER = 'site-url.helixpoint.invalid';
const addresses = ['https://staging.helixpoint.example', 'https://www.helixpoint.example'] as const;
const paths = ['/', '/about', '/contact', '/blog/1', '/blog', '/careers', '/robots.txt', '/rss.xml', '/sitemap.xml'];

type Site = Awaited<ReturnType<typeof startSite>>;

test.describe('SITE_URL read at start', () => {
  test.describe.configure({ timeout: 180_000 });
  const dirs: string[] = [];
  const sites: Site[] = [];

  test.beforeAll(async () => {
    // Two cold starts (a new database each, the static pages written for each address).
    test.setTimeout(180_000);
    await Promise.all(
      addresses.map(async (address, index) => {
        const dir = mkdtempSync(join(tmpdir(), 'helixpoint-siteurl-'));
        chmodSync(dir, 0o755);
        dirs.push(dir);
        sites[index] = await startSite({
          port: await freePort(),
          env: { SITE_URL: address, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' },
        });
      }),
    );
  });

  test.afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('every page, feed and sitemap carries the running address, prerendered or not', async ({ request }) => {
    const [staging, production] = sites as [Site, Site];
    for (const path of paths) {
      const a = await (await request.get(`${staging.url}${path}`)).text();
      const b = await (await request.get(`${production.url}${path}`)).text();
      expect(a, path).toContain(addresses[0]);
      expect(a, path).not.toContain(addresses[1]);
      expect(a, path).not.toContain(PLACEHOLDER);
      expect(b, path).toContain(addresses[1]);
      expect(b, path).not.toContain(PLACEHOLDER);
      // The same page, the address apart (the careers page and sitemap are rendered on demand
      // and may differ in dates, the blog's images have ids of each installation's media library;
      // the prerendered ones are byte for byte the same).
      if (!['/careers', '/sitemap.xml', '/blog', '/blog/1'].includes(path)) expect(a.replaceAll(addresses[0], addresses[1]), path).toBe(b);
    }
  });

  test('canonical link, Open Graph image and JSON-LD name the running address', async ({ request }) => {
    const html = await (await request.get(`${sites[1]!.url}/`)).text();
    expect(html).toContain(`<link rel="canonical" href="${addresses[1]}/">`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${addresses[1]}/[^"]+"`));
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1] ?? '{}') as { url?: string };
    expect(jsonLd.url).toBe(`${addresses[1]}/`);
    const apply = await (await request.get(`${sites[1]!.url}/careers`)).text();
    const positionPath = /href="(\/careers\/apply\/[^"]+)"/.exec(apply)?.[1];
    expect(positionPath).toBeTruthy();
    const position = await (await request.get(`${sites[1]!.url}${positionPath}`)).text();
    expect(position).toContain(`"url":"${addresses[1]}${positionPath}"`);
  });

  test('prerendered pages are still served precompressed, with the running address inside', async () => {
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      get(`${sites[0]!.url}/about`, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.encoding).toBe('br');
    expect(brotliDecompressSync(raw.body).toString('utf8')).toContain(`<link rel="canonical" href="${addresses[0]}/about">`);
  });
});

test.describe('without SITE_URL', () => {
  test.describe.configure({ timeout: 120_000 });
  let dir: string;
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), 'helixpoint-siteurl-'));
    chmodSync(dir, 0o755);
    // As a newcomer runs it: `PORT=… npm run serve`, no SITE_URL.
    site = await startSite({ port: await freePort(), env: { SITE_URL: undefined, DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' } });
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the pages link to the port the server listens on', async ({ request }) => {
    const address = site.url.replace('127.0.0.1', 'localhost');
    for (const path of ['/', '/careers']) {
      const html = await (await request.get(`${site.url}${path}`)).text();
      expect(html).toContain(`<link rel="canonical" href="${address}${path}">`);
    }
    expect(await (await request.get(`${site.url}/robots.txt`)).text()).toContain(`Sitemap: ${address}/sitemap.xml`);
  });
});
