import { servicePages } from '@/content/services';
import { solutionPages } from '@/content/solutions';
import { allPosts } from './blog';

/**
 * Every public, indexable page's path: the sitemap's list and the end-to-end test's. The careers
 * and contact issues add /careers (with each open position) and /contact when those pages exist.
 */
export async function publicPagePaths(): Promise<string[]> {
  const posts = await allPosts();
  return [
    '/',
    '/about',
    '/company',
    '/docs',
    '/blog',
    ...posts.map((post) => `/blog/${post.data.id}`),
    '/solutions',
    ...solutionPages.map((page) => page.path),
    ...servicePages.map((page) => page.path),
  ];
}
