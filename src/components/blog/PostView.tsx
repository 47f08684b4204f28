import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Picture } from '@/components/content/Picture';
import { Badge } from '@/components/ui/badge';
import type { PictureData } from '@/lib/picture';
import { PostMeta } from './PostMeta';

export interface PostViewProps {
  title: string;
  category: string;
  author: string;
  date: string;
  isoDate: string;
  readTime: string;
  tags: readonly string[];
  image: PictureData | null;
  imageAlt: string;
  bodyHtml: string;
  /** The Share button (an island). */
  share?: ReactNode;
}

export function PostView({ title, category, author, date, isoDate, readTime, tags, image, imageAlt, bodyHtml, share }: PostViewProps) {
  return (
    <article>
      <header className="bg-navy text-white">
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-12 sm:px-6 lg:px-0">
          <a
            href="/blog"
            className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-[#c3cee3] hover:text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to all posts
          </a>
          <div className="mt-6">
            <Badge variant="inverse">{category}</Badge>
          </div>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <PostMeta author={author} date={date} isoDate={isoDate} readTime={readTime} className="mt-6 text-[#c3cee3]" />
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-0">
        {image && (
          <Picture
            image={image}
            alt={imageAlt}
            priority
            sizes="(min-width: 768px) 768px, calc(100vw - 2rem)"
            className="mt-8 aspect-[3/2] w-full rounded-2xl object-cover sm:aspect-[2/1]"
          />
        )}
        {/* Rendered from Markdown and sanitised when it was saved (src/server/posts/render.ts): the only HTML printed. */}
        <div className="post-body py-12 text-lg leading-relaxed text-foreground/90" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        <footer className="flex flex-col gap-6 border-t border-border py-8 pb-16 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li key={tag}>
                  <a
                    href={`/blog?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <Badge variant="neutral">{tag}</Badge>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {share}
        </footer>
      </div>
    </article>
  );
}
