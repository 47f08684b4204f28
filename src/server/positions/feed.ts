import { getRssString } from '@astrojs/rss';
import type { Database } from '../db/client.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { listOpenPositions } from './board.ts';

/**
 * The open positions as RSS 2.0 (issue 19), newest first, for feed readers and job aggregators
 * that follow a company's openings. Built by @astrojs/rss, which escapes every text it is given.
 */

export const CAREERS_FEED_PATH = '/careers/feed.xml';

export const careersFeedTexts = {
  title: `${siteConfig.name} Careers`,
  description: `Open positions at ${siteConfig.name}: cloud, data and AI, engineering and security roles. Each links to its page and application form.`,
} as const;

/** Only the attribute values of the channel's own extra elements need it: the items are escaped by the library. */
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export async function careersFeedXml(db: Database, origin: URL, now = new Date()): Promise<string> {
  const open = await listOpenPositions(db, {}, now);
  const self = new URL(CAREERS_FEED_PATH, origin).href;
  return getRssString({
    ...careersFeedTexts,
    site: new URL('/careers', origin).href,
    // The job board's address as it is linked everywhere else, without a slash added.
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    // A reader that was handed a copy of the feed knows where to follow it (RSS Best Practices).
    customData: `<atom:link href="${escapeAttribute(self)}" rel="self" type="application/rss+xml"/><language>en-us</language>`,
    items: open.map((position) => ({
      title: `${position.title}, ${position.location}`,
      // Absolute, so the library also makes it the item's permanent guid.
      link: new URL(`/careers/apply/${position.id}`, origin).href,
      pubDate: position.createdAt,
      description: position.description,
      categories: [position.departmentName],
    })),
  });
}
