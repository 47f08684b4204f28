import type { APIContext } from 'astro';
import { sitemapXml } from '@/lib/sitemap';
import { publicPagePaths } from '@/server/public-pages';

export async function GET({ site }: APIContext) {
  const urls = (await publicPagePaths()).map((path) => new URL(path, site).href);
  return new Response(sitemapXml(urls), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
