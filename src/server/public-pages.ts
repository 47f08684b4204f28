import { servicePages } from '@/content/services';
import { solutionPages } from '@/content/solutions';
import type { SitemapEntry } from '@/lib/sitemap';
import { publishedPosts } from './posts/public.ts';
import { listOpenPositions } from './positions/board.ts';
import type { Database } from './db/client.ts';

/**
 * Every public, indexable page: the sitemap's list and the end-to-end test's. Open positions come
 * from the database, so a closed one leaves the sitemap as soon as it closes.
 */
export async function publicPages(db: Database): Promise<{ path: string; lastModified?: Date }[]> {
  const [posts, positions] = await Promise.all([publishedPosts(db), listOpenPositions(db)]);
  const paths = [
    '/',
    '/about',
    '/company',
    '/docs',
    '/blog',
    '/solutions',
    ...solutionPages.map((page) => page.path),
    ...servicePages.map((page) => page.path),
    '/careers',
    '/contact',
    '/privacy',
    '/accessibility',
  ];
  return [
    ...paths.map((path) => ({ path })),
    // Published posts, unless an editor kept one out of search engines.
    ...posts.filter((post) => !post.content.noindex).map((post) => ({ path: post.path, lastModified: post.updatedAt })),
    ...positions.map((position) => ({ path: `/careers/apply/${position.id}`, lastModified: position.createdAt })),
  ];
}

export function toSitemapEntries(pages: Awaited<ReturnType<typeof publicPages>>, site: URL | undefined): SitemapEntry[] {
  return pages.map(({ path, lastModified }) => ({ url: new URL(path, site).href, ...(lastModified ? { lastModified } : {}) }));
}
