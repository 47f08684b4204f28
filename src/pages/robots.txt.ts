import { siteOrigin } from '@/server/site-url';

export function GET() {
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /auth',
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteOrigin()).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
