import { describe, expect, it } from 'vitest';
import { sitemapXml } from './sitemap';

describe('sitemapXml', () => {
  it('lists each URL, escaped', () => {
    const xml = sitemapXml(['https://helixpoint.example/', 'https://helixpoint.example/docs?q=a&b']);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://helixpoint.example/</loc></url>');
    expect(xml).toContain('<loc>https://helixpoint.example/docs?q=a&amp;b</loc>');
  });

  it('adds the last modification date when known', () => {
    const xml = sitemapXml([{ url: 'https://helixpoint.example/careers/apply/1', lastModified: new Date('2026-11-02T15:00:00Z') }]);
    expect(xml).toContain('<url><loc>https://helixpoint.example/careers/apply/1</loc><lastmod>2026-11-02</lastmod></url>');
  });
});
