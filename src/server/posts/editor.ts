import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { AdminRuleError } from '../admin-command.ts';
import type { Database } from '../db/client.ts';
import { containsPattern } from '../db/like.ts';
import { postRevisions, posts, users } from '../db/schema.ts';
import { pictureOf } from '../media/library.ts';
import { generationToken, subjectOfGenerationToken } from '../signed-links.ts';
import type { PostStatus, RevisionKind } from '../../lib/posts/content.ts';
import { postMessages } from '../../lib/posts/schema.ts';
import type { PostListRow, RevisionRow } from '../../lib/posts/editor.ts';
import { compareContent } from '../../lib/posts/compare.ts';
import { staffRoles } from '../../lib/accounts/roles.ts';
import { mediaByIds, picturesFor, postPath } from './store.ts';
import { renderBody } from './render.ts';
import type { PublishedPost } from './public.ts';

/** What the admin area reads of posts (issue 34): the list, one post for its editor, revisions, a draft's preview. */

type Reader = Pick<Database, 'select'>;

export async function listPosts(db: Reader, filters: { q?: string; status?: PostStatus; tag?: string } = {}): Promise<PostListRow[]> {
  const q = filters.q?.trim();
  const rows = await db
    .select({
      id: posts.id,
      content: posts.content,
      status: posts.status,
      slug: posts.slug,
      publishedAt: posts.publishedAt,
      publishAt: posts.publishAt,
      unpublishAt: posts.unpublishAt,
      updatedAt: posts.updatedAt,
      updatedBy: users.name,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.updatedByUserId))
    .where(
      and(
        filters.status ? eq(posts.status, filters.status) : undefined,
        q
          ? or(
              ilike(sql`${posts.content}->>'title'`, containsPattern(q)),
              ilike(sql`${posts.content}->>'excerpt'`, containsPattern(q)),
              ilike(sql`${posts.content}->>'authorName'`, containsPattern(q)),
            )
          : undefined,
        filters.tag
          ? sql`exists (select 1 from jsonb_array_elements_text(${posts.content}->'tags') t where lower(t) = lower(${filters.tag}))`
          : undefined,
      ),
    )
    .orderBy(desc(posts.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    title: row.content.title,
    excerpt: row.content.excerpt,
    tags: row.content.tags,
    authorName: row.content.authorName,
    status: row.status,
    path: postPath(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    publishAt: row.publishAt?.toISOString() ?? null,
    unpublishAt: row.unpublishAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy ?? null,
  }));
}

export async function postTags(db: Reader): Promise<string[]> {
  const rows = await db.select({ tags: sql<string[]>`${posts.content}->'tags'` }).from(posts);
  return [...new Set(rows.flatMap((row) => row.tags ?? []))].sort((a, b) => a.localeCompare(b));
}

export async function loadPostForEditor(db: Reader, postId: number) {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) return null;
  const revisions = await listRevisions(db, postId);
  const authors = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.role, [...staffRoles]))
    .orderBy(asc(users.name));
  const images = [...(await mediaByIds(db, [post.content.coverMediaId, post.content.socialMediaId])).values()].map((item) => ({
    id: item.id,
    alt: item.alt,
    picture: pictureOf(item),
  }));
  return {
    id: post.id,
    version: post.version,
    content: post.content,
    status: post.status,
    path: postPath(post),
    publishedAt: post.publishedAt?.toISOString() ?? null,
    publishAt: post.publishAt?.toISOString() ?? null,
    unpublishAt: post.unpublishAt?.toISOString() ?? null,
    publishedRevisionId: post.publishedRevisionId,
    updatedAt: post.updatedAt.toISOString(),
    revisions,
    authors: authors.map((author) => ({ id: author.id, name: author.name || author.email })),
    images,
  };
}

export type EditorPost = NonNullable<Awaited<ReturnType<typeof loadPostForEditor>>>;

export async function listRevisions(db: Reader, postId: number): Promise<RevisionRow[]> {
  const rows = await db
    .select({
      id: postRevisions.id,
      number: postRevisions.number,
      kind: postRevisions.kind,
      title: sql<string>`${postRevisions.content}->>'title'`,
      authorName: users.name,
      authorEmail: postRevisions.authorEmail,
      updatedAt: postRevisions.updatedAt,
    })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.authorUserId))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.number));
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind as RevisionKind,
    title: row.title,
    author: row.authorName || row.authorEmail || 'Helixpoint',
    savedAt: row.updatedAt.toISOString(),
  }));
}

/** A revision against the current working copy: what restoring it would change. */
export async function compareRevision(db: Reader, postId: number, revisionId: string) {
  const [post] = await db.select({ content: posts.content }).from(posts).where(eq(posts.id, postId));
  const [revision] = await db
    .select({ content: postRevisions.content, number: postRevisions.number })
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)));
  if (!post) throw new AdminRuleError(postMessages.gone);
  if (!revision) throw new AdminRuleError(postMessages.revisionGone);
  return { number: revision.number, changes: compareContent(post.content, revision.content) };
}

// A preview link: the post, the generation of its links, its end, signed with AUTH_SECRET. It shows
// the working copy as it is when opened (a reviewer sees the latest draft), is unlisted (noindex,
// never cached) and stops at its end, when a newer link is made, or when the post is unpublished.

export const PREVIEW_DAYS = 7;
const PREVIEW_PURPOSE = 'post-preview';

/** A new preview link of the post; every older one stops working. */
export async function newPreviewLink(db: Pick<Database, 'update'>, secret: string, postId: number, now = new Date()) {
  const [row] = await db
    .update(posts)
    .set({ previewGeneration: sql`${posts.previewGeneration} + 1` })
    .where(eq(posts.id, postId))
    .returning({ generation: posts.previewGeneration });
  if (!row) throw new AdminRuleError(postMessages.gone);
  return generationToken(secret, PREVIEW_PURPOSE, String(postId), row.generation, PREVIEW_DAYS, now);
}

/** The post a preview token opens, or null when it is malformed, forged, expired or ended by a newer link. */
export async function postOfPreviewToken(db: Reader, secret: string, token: string | undefined, now = new Date()): Promise<number | null> {
  const signed = subjectOfGenerationToken(secret, PREVIEW_PURPOSE, token, now);
  if (!signed || !/^\d{1,9}$/.test(signed.subject)) return null;
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, Number(signed.subject)), eq(posts.previewGeneration, signed.generation)));
  return row?.id ?? null;
}

/** A draft as the post page shows it (the preview link): the working copy, rendered now. */
export async function draftAsPost(db: Reader, postId: number): Promise<PublishedPost | null> {
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  if (!post) return null;
  // One read of the images: the body's and the cover's.
  const pictures = await picturesFor(db, post.content);
  return {
    id: post.id,
    path: postPath(post),
    content: post.content,
    bodyHtml: renderBody(post.content.body, pictures),
    publishedAt: post.publishAt ?? post.publishedAt ?? post.updatedAt,
    updatedAt: post.updatedAt,
    cover: (post.content.coverMediaId && pictures.get(post.content.coverMediaId)) || null,
    socialImage: null,
  };
}
