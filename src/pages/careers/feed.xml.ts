import { careersFeedXml } from '@/server/positions/feed';
import { getRuntime } from '@/server/runtime';
import { siteOrigin } from '@/server/site-url';

// On demand, like the sitemap: positions join and leave the feed as they open and close (the page
// cache keeps it in memory until they change).
export const prerender = false;

export async function GET() {
  const xml = await careersFeedXml(getRuntime().database.db, siteOrigin());
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
}
