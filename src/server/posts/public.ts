import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { postRevisions, posts, postSlugs } from '../db/schema.ts';
import { pictureOf, socialImageOf } from '../media/library.ts';
import type { PostContent } from '../../lib/posts/content.ts';
import type { PictureData } from '../../lib/picture.ts';
import { formatDate } from '../../lib/format.ts';
import { mediaByIds, postPath } from './store.ts';

/**
 * The published blog as the public pages read it (issue 34): each post's published revision, its
 * cover as a responsive picture, its address. These pages are kept in the page cache and forgotten
 * when content changes (src/server/posts/changes.ts).
 */

export interface PublishedPost {
  id: number;
  path: string;
  content: PostContent;
  bodyHtml: string;
  publishedAt: Date;
  updatedAt: Date;
  cover: PictureData | null;
  /** An absolute-path PNG for og:image, or null (the site's card is used). */
  socialImage: string | null;
}

type Reader = Pick<Database, 'select'>;

const publishedColumns = {
  id: posts.id,
  slug: posts.slug,
  publishedAt: posts.publishedAt,
  content: postRevisions.content,
  bodyHtml: postRevisions.bodyHtml,
  revisedAt: postRevisions.createdAt,
};

type PublishedRow = { id: number; slug: string | null; publishedAt: Date | null; content: PostContent; bodyHtml: string; revisedAt: Date };

async function withImages(db: Reader, rows: PublishedRow[]): Promise<PublishedPost[]> {
  const items = await mediaByIds(
    db,
    rows.flatMap((row) => [row.content.coverMediaId, row.content.socialMediaId]),
  );
  return rows.map((row) => {
    const cover = row.content.coverMediaId ? items.get(row.content.coverMediaId) : undefined;
    const social = (row.content.socialMediaId ? items.get(row.content.socialMediaId) : undefined) ?? cover;
    return {
      id: row.id,
      path: postPath(row),
      content: row.content,
      bodyHtml: row.bodyHtml,
      publishedAt: row.publishedAt ?? row.revisedAt,
      updatedAt: row.revisedAt,
      cover: cover ? pictureOf(cover) : null,
      socialImage: social ? socialImageOf(social) : null,
    };
  });
}

/** Every published post, newest first (optionally those with a tag). */
export async function publishedPosts(db: Reader, options: { tag?: string } = {}): Promise<PublishedPost[]> {
  const rows = await db
    .select(publishedColumns)
    .from(posts)
    .innerJoin(postRevisions, eq(postRevisions.id, posts.publishedRevisionId))
    .where(
      and(
        eq(posts.status, 'published'),
        options.tag
          ? sql`exists (select 1 from jsonb_array_elements_text(${postRevisions.content}->'tags') t where lower(t) = lower(${options.tag}))`
          : undefined,
      ),
    )
    .orderBy(desc(posts.publishedAt), desc(posts.id));
  return withImages(db, rows);
}

export type PostLookup = { kind: 'post'; post: PublishedPost } | { kind: 'redirect'; to: string } | { kind: 'missing' };

/**
 * A post by its address: its number or its slug. An address it had before (its number once it has
 * a slug, a former slug) redirects to the current one.
 */
export async function publishedPostAt(db: Reader, param: string | undefined): Promise<PostLookup> {
  if (!param || param.length > 100) return { kind: 'missing' };
  const byNumber = /^\d{1,9}$/.test(param);
  const [row] = await db
    .select(publishedColumns)
    .from(posts)
    .innerJoin(postRevisions, eq(postRevisions.id, posts.publishedRevisionId))
    .where(and(eq(posts.status, 'published'), byNumber ? eq(posts.id, Number(param)) : eq(posts.slug, param)));
  if (row) {
    const path = postPath(row);
    if (path !== `/blog/${param}`) return { kind: 'redirect', to: path };
    const [post] = await withImages(db, [row]);
    return { kind: 'post', post: post! };
  }
  if (byNumber) return { kind: 'missing' };
  const [former] = await db
    .select({ id: posts.id, slug: posts.slug })
    .from(postSlugs)
    .innerJoin(posts, eq(posts.id, postSlugs.postId))
    .where(and(eq(postSlugs.slug, param), eq(posts.status, 'published')));
  return former ? { kind: 'redirect', to: postPath(former) } : { kind: 'missing' };
}

/** What the blog list and the post page print of a post: the spec's display texts. */
export function postDisplay(post: PublishedPost) {
  return {
    id: post.id,
    href: post.path,
    title: post.content.title,
    excerpt: post.content.excerpt,
    author: post.content.authorName,
    date: formatDate(post.publishedAt),
    isoDate: post.publishedAt.toISOString().slice(0, 10),
    readTime: `${post.content.readMinutes} min read`,
    category: post.content.category,
    tags: post.content.tags,
    image: post.cover,
    imageAlt: post.content.coverAlt,
  };
}
