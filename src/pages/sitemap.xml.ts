import { sitemapXml } from '@/lib/sitemap';
import { publicPages, toSitemapEntries } from '@/server/public-pages';
import { getRuntime } from '@/server/runtime';
import { siteOrigin } from '@/server/site-url';

// On demand: open positions join and leave the sitemap as they open and close.
export const prerender = false;

export async function GET() {
  const pages = await publicPages(getRuntime().database.db);
  return new Response(sitemapXml(toSitemapEntries(pages, siteOrigin())), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
