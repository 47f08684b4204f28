export interface SitemapEntry {
  url: string;
  /** When the page last changed, if known (open positions). */
  lastModified?: Date;
}

/** The sitemap's XML for a list of absolute URLs. */
export function sitemapXml(entries: readonly (string | SitemapEntry)[]): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const lines = entries.map((entry) => {
    const { url, lastModified } = typeof entry === 'string' ? { url: entry, lastModified: undefined } : entry;
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `  <url><loc>${escape(url)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}
