import rss from '@astrojs/rss';
import { siteConfig } from '@/lib/site-config';
import { allPosts } from '@/server/blog';
import { siteOrigin } from '@/server/site-url';

export async function GET() {
  const posts = await allPosts();
  return rss({
    title: `${siteConfig.name} Blog`,
    description: 'Engineering articles on cloud, security, DevOps and AI from the Helixpoint team.',
    site: siteOrigin().href,
    items: posts.map(({ data }) => ({
      title: data.title,
      description: data.excerpt,
      pubDate: data.isoDate,
      link: `/blog/${data.id}`,
      categories: [data.category, ...data.tags],
      author: `${siteConfig.email} (${data.author})`,
    })),
    customData: '<language>en-us</language>',
  });
}
