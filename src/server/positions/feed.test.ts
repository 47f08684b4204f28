import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersFeedXml } from './feed';
import { departments, positions } from '../db/schema';
import { startTestDatabase, type TestDatabase } from '../testing/database';

let database: TestDatabase;
let xml: string;
let trickyId: string;

const origin = new URL('https://careers.example.com');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

interface FeedItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  description: string;
  category: string;
}

/** The feed as a reader sees it: entities decoded, attributes kept. */
function parse(text: string) {
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(text) as {
    rss: {
      '@_version': string;
      '@_xmlns:atom': string;
      channel: {
        title: string;
        link: string;
        description: string;
        'atom:link': Record<string, string>;
        item?: FeedItem[];
      };
    };
  };
  return parsed.rss;
}

beforeAll(async () => {
  database = await startTestDatabase();
  const [security] = await database.db.insert(departments).values({ name: 'Security' }).returning();
  await database.db.insert(positions).values([
    { title: 'Older Role', description: 'Plain text.', location: 'Remote', departmentId: security!.id, createdAt: minutesAgo(60) },
    { title: 'Retired Role', description: 'Not open.', location: 'Remote', isActive: false, createdAt: minutesAgo(1) },
    { title: 'Closed Role', description: 'Past its date.', location: 'Remote', closesAt: minutesAgo(1), createdAt: minutesAgo(2) },
  ]);
  const [tricky] = await database.db
    .insert(positions)
    .values({
      title: 'R&D <Lead> "Ops"',
      description: 'Tom & Jerry write <script>alert(1)</script> & keep &amp; as typed.',
      location: 'Austin, TX',
      createdAt: new Date('2026-03-04T05:06:07Z'),
    })
    .returning();
  trickyId = tricky!.id;
  // The newest position: first in the feed.
  await database.db
    .insert(positions)
    .values({ title: 'Newest Role', description: 'Just opened.', location: 'Dallas, TX', createdAt: minutesAgo(5) });
  xml = await careersFeedXml(database.db, origin);
}, 120_000);

afterAll(async () => {
  await database?.destroy();
}, 60_000);

describe('the careers feed', () => {
  it('is an RSS 2.0 channel linking to the job board, with its own address as atom:link self', () => {
    const rss = parse(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(rss['@_version']).toBe('2.0');
    expect(rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(rss.channel.title).toBe('Helixpoint Careers');
    expect(rss.channel.link).toBe('https://careers.example.com/careers');
    expect(rss.channel.description).toMatch(/^Open positions at Helixpoint/);
    expect(rss.channel['atom:link']).toEqual({
      '@_href': 'https://careers.example.com/careers/feed.xml',
      '@_rel': 'self',
      '@_type': 'application/rss+xml',
    });
  });

  it('lists only the open positions, newest first', () => {
    expect(parse(xml).channel.item!.map((item) => item.title)).toEqual([
      'Newest Role, Dallas, TX',
      'Older Role, Remote',
      'R&D <Lead> "Ops", Austin, TX',
    ]);
  });

  it('gives each position its absolute apply URL as link and permanent guid, its date, description and department', () => {
    const items = parse(xml).channel.item!;
    const tricky = items.find((item) => item.link.endsWith(trickyId))!;
    expect(tricky.link).toBe(`https://careers.example.com/careers/apply/${trickyId}`);
    expect(tricky.guid).toEqual({ '#text': tricky.link, '@_isPermaLink': 'true' });
    // RFC 822, as RSS 2.0 asks.
    expect(tricky.pubDate).toBe('Wed, 04 Mar 2026 05:06:07 GMT');
    expect(tricky.description).toBe('Tom & Jerry write <script>alert(1)</script> & keep &amp; as typed.');
    expect(tricky.category).toBe('General');
    expect(items.find((item) => item.title.startsWith('Older Role'))!.category).toBe('Security');
  });

  it('escapes markup and ampersands instead of passing them through', () => {
    expect(xml).toContain('<title>R&amp;D &lt;Lead&gt; &quot;Ops&quot;, Austin, TX</title>');
    expect(xml).toContain(
      '<description>Tom &amp; Jerry write &lt;script&gt;alert(1)&lt;/script&gt; &amp; keep &amp;amp; as typed.</description>',
    );
    expect(xml).not.toContain('<script>');
  });

  it('is an empty channel when nothing is open', async () => {
    const empty = await startTestDatabase();
    try {
      const rss = parse(await careersFeedXml(empty.db, origin));
      expect(rss.channel.title).toBe('Helixpoint Careers');
      expect(rss.channel.item).toBeUndefined();
    } finally {
      await empty.destroy();
    }
  });
});
