import type { APIContext } from 'astro';

export function GET({ site }: APIContext) {
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /auth', '', `Sitemap: ${new URL('/sitemap.xml', site).href}`, ''].join(
    '\n',
  );
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
