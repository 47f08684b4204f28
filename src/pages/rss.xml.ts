import rss from '@astrojs/rss';
import { siteConfig } from '@/lib/site-config';
import { publishedPosts } from '@/server/posts/public';
import { getRuntime } from '@/server/runtime';
import { siteOrigin } from '@/server/site-url';

// The published posts (issue 34), kept in the page cache until content changes.
export const prerender = false;

export async function GET() {
  const posts = await publishedPosts(getRuntime().database.db);
  return rss({
    title: `${siteConfig.name} Blog`,
    description: 'Engineering articles on cloud, security, DevOps and AI from the Helixpoint team.',
    site: siteOrigin().href,
    items: posts.map((post) => ({
      title: post.content.title,
      description: post.content.excerpt,
      pubDate: post.publishedAt,
      link: post.path,
      categories: [post.content.category, ...post.content.tags],
      author: `${siteConfig.email} (${post.content.authorName})`,
    })),
    customData: '<language>en-us</language>',
  });
}
