import { Badge } from '@/components/ui/badge';
import type { PictureData } from '@/lib/picture';
import { Picture } from '@/components/content/Picture';
import { PostMeta } from './PostMeta';
import { CardLink } from '@/components/content/CardLink';

export interface BlogListItem {
  id: number;
  href: string;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  isoDate: string;
  readTime: string;
  category: string;
  image: PictureData | null;
  imageAlt: string;
}

export function BlogList({ posts, empty }: { posts: readonly BlogListItem[]; empty?: string }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h2 className="sr-only">All posts</h2>
      {posts.length === 0 && empty && <p className="text-muted-foreground">{empty}</p>}
      <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li
            key={post.id}
            className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-card hover:shadow-popover"
          >
            {post.image && (
              <Picture
                image={post.image}
                alt={post.imageAlt}
                sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
                className="aspect-[3/2] w-full object-cover"
              />
            )}
            <div className="flex flex-1 flex-col p-6">
              <div>
                <Badge>{post.category}</Badge>
              </div>
              <h3 className="mt-3 text-xl leading-snug font-semibold">
                <CardLink href={post.href}>{post.title}</CardLink>
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
              <PostMeta
                author={post.author}
                date={post.date}
                isoDate={post.isoDate}
                readTime={post.readTime}
                className="mt-5 text-muted-foreground"
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
