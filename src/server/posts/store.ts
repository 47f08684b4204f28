import { and, desc, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { AdminRuleError, type Tx } from '../admin-command.ts';
import { audit, type Actor } from '../audit/log.ts';
import type { Database } from '../db/client.ts';
import { media, postRevisions, posts, postSlugs, users } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import { bossDbOf } from '../jobs/transaction.ts';
import { pictureOf } from '../media/library.ts';
import type { PostContent, PostStatus, RevisionKind } from '../../lib/posts/content.ts';
import { emptyPostContent, postMessages, publishProblems } from '../../lib/posts/schema.ts';
import type { PictureData } from '../../lib/picture.ts';
import { contentChanges } from './changes.ts';
import { mediaIdsIn, renderBody } from './render.ts';

/**
 * The blog's commands (issue 34): write (autosaved drafts, revisions), publish now or at a time,
 * unpublish, restore. The row is the working copy; the public sees its published revision. Every
 * write that changes what the public sees goes through `contentChanges.change`, so each instance's
 * page cache forgets the blog at once (decision 025).
 */

export const PUBLISH_DUE_POSTS = 'publish-due-posts';

export interface PostDeps {
  db: Database;
  jobs: Pick<JobSender, 'send'>;
}

/** An autosave within this time of the same person's last autosave replaces it instead of adding a revision. */
const AUTOSAVE_COALESCE_MS = 10 * 60_000;

type Reader = Pick<Database, 'select'>;

/** The media library's rows of these ids (those that still exist), in one read. */
export async function mediaByIds(db: Reader, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const rows = wanted.length ? await db.select().from(media).where(inArray(media.id, wanted)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The pictures of the media library images a post shows (cover, social image, body). */
export async function picturesFor(db: Reader, content: Pick<PostContent, 'body' | 'coverMediaId' | 'socialMediaId'>) {
  const rows = await mediaByIds(db, [...mediaIdsIn(content.body), content.coverMediaId, content.socialMediaId]);
  return new Map<string, PictureData>([...rows.values()].map((row) => [row.id, pictureOf(row)]));
}

export async function renderContent(db: Reader, content: Pick<PostContent, 'body' | 'coverMediaId' | 'socialMediaId'>): Promise<string> {
  return renderBody(content.body, await picturesFor(db, content));
}

async function lockPost(tx: Tx, postId: number) {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  if (!post) throw new AdminRuleError(postMessages.gone);
  return post;
}

async function addRevision(tx: Tx, actor: Actor, postId: number, kind: RevisionKind, content: PostContent, bodyHtml: string) {
  const [last] = await tx
    .select({ number: max(postRevisions.number) })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId));
  const [revision] = await tx
    .insert(postRevisions)
    .values({ postId, number: (last?.number ?? 0) + 1, kind, content, bodyHtml, authorUserId: actor.id, authorEmail: actor.email })
    .returning();
  return revision!;
}

/** Whether another post has (or had) this address. */
async function slugTaken(db: Reader, postId: number, slug: string): Promise<boolean> {
  if (!slug) return false;
  const [published] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), ne(posts.id, postId)));
  const [former] = await db
    .select({ id: postSlugs.postId })
    .from(postSlugs)
    .where(and(eq(postSlugs.slug, slug), ne(postSlugs.postId, postId)));
  return Boolean(published ?? former);
}

export async function createPost(deps: PostDeps, actor: Actor): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const [user] = actor.id ? await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.id)) : [];
    const content = emptyPostContent({ id: actor.id, name: user?.name ?? '' });
    const [post] = await tx.insert(posts).values({ content, updatedByUserId: actor.id }).returning({ id: posts.id });
    await audit(tx, actor, 'post.created', String(post!.id));
    return post!;
  });
}

export type SaveResult =
  | { ok: true; version: number; savedAt: string }
  | { ok: false; conflict: { version: number; content: PostContent; savedAt: string; savedBy: string | null } }
  | { ok: false; fieldErrors: Partial<Record<keyof PostContent, string>> };

/**
 * Saves the working copy. A save from a version older than the stored one is refused and answered
 * with the stored version (the other editor's), so nothing is silently overwritten; the editor
 * then saves again from that version with what they keep. Every save is a revision, except that
 * one person's autosaves within ten minutes are one revision, kept up to date.
 */
export async function savePost(
  deps: PostDeps,
  actor: Actor,
  input: { postId: number; version: number; content: PostContent; autosave: boolean },
  now = new Date(),
): Promise<SaveResult> {
  return deps.db.transaction(async (tx) => {
    const post = await lockPost(tx, input.postId);
    if (post.version !== input.version) {
      const [by] = post.updatedByUserId
        ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, post.updatedByUserId))
        : [];
      return {
        ok: false,
        conflict: {
          version: post.version,
          content: post.content,
          savedAt: post.updatedAt.toISOString(),
          savedBy: by?.name || by?.email || null,
        },
      };
    }
    if (await slugTaken(tx, post.id, input.content.slug)) return { ok: false, fieldErrors: { slug: postMessages.slugTaken } };
    const bodyHtml = await renderContent(tx, input.content);
    const version = post.version + 1;
    await tx.update(posts).set({ content: input.content, version, updatedAt: now, updatedByUserId: actor.id }).where(eq(posts.id, post.id));
    const [last] = await tx
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, post.id))
      .orderBy(desc(postRevisions.number))
      .limit(1);
    const coalesce =
      input.autosave &&
      last?.kind === 'autosave' &&
      last.authorUserId === actor.id &&
      now.getTime() - last.createdAt.getTime() < AUTOSAVE_COALESCE_MS;
    if (coalesce) {
      await tx.update(postRevisions).set({ content: input.content, bodyHtml, updatedAt: now }).where(eq(postRevisions.id, last.id));
    } else {
      await addRevision(tx, actor, post.id, input.autosave ? 'autosave' : 'save', input.content, bodyHtml);
    }
    return { ok: true, version, savedAt: now.toISOString() };
  });
}

export type PublishResult =
  { ok: true; status: PostStatus; path: string } | { ok: false; fieldErrors: Partial<Record<keyof PostContent, string>> };

export const postPath = (post: { id: number; slug: string | null }) => `/blog/${post.slug ?? post.id}`;

/**
 * Makes the working copy the published version, in the transaction that announces it. A new
 * address keeps the old one as a redirect (301); the date shown stays the first publication's.
 */
async function publishInTransaction(tx: Tx, actor: Actor, postId: number, version: number | null, now: Date): Promise<PublishResult> {
  const post = await lockPost(tx, postId);
  if (version !== null && post.version !== version) throw new AdminRuleError(postMessages.conflict);
  const problems = publishProblems(post.content);
  if (Object.keys(problems).length > 0) return { ok: false, fieldErrors: problems };
  const slug = post.content.slug || null;
  if (slug && (await slugTaken(tx, post.id, slug))) return { ok: false, fieldErrors: { slug: postMessages.slugTaken } };
  const revision = await addRevision(tx, actor, post.id, 'publish', post.content, await renderContent(tx, post.content));
  // Every address the post had answers with a redirect to the new one.
  const former = [post.slug ?? String(post.id)].filter((old) => old !== (slug ?? String(post.id)));
  for (const old of former)
    await tx
      .insert(postSlugs)
      .values({ slug: old, postId: post.id })
      .onConflictDoUpdate({ target: postSlugs.slug, set: { postId: post.id } });
  if (slug) await tx.delete(postSlugs).where(eq(postSlugs.slug, slug));
  await tx
    .update(posts)
    .set({
      status: 'published',
      publishedRevisionId: revision.id,
      publishedAt: post.publishedAt ?? now,
      publishAt: null,
      slug,
      updatedAt: now,
    })
    .where(eq(posts.id, post.id));
  await audit(tx, actor, 'post.published', String(post.id), {
    title: post.content.title,
    revision: revision.number,
    ...(post.status === 'scheduled' && version === null ? { scheduled: true } : {}),
  });
  return { ok: true, status: 'published', path: postPath({ id: post.id, slug }) };
}

export async function publishPost(deps: PostDeps, actor: Actor, input: { postId: number; version: number }, now = new Date()) {
  return contentChanges.change(deps.db, (tx) => publishInTransaction(tx, actor, input.postId, input.version, now));
}

export async function unpublishPost(deps: PostDeps, actor: Actor, input: { postId: number }, now = new Date()) {
  return contentChanges.change(deps.db, async (tx) => {
    const post = await lockPost(tx, input.postId);
    if (post.status === 'draft') throw new AdminRuleError(postMessages.notPublished);
    await tx
      .update(posts)
      // Its preview links end with it (issue 50): whoever had one for the published post has nothing now.
      .set({
        status: 'draft',
        publishedRevisionId: null,
        publishAt: null,
        unpublishAt: null,
        updatedAt: now,
        previewGeneration: sql`${posts.previewGeneration} + 1`,
      })
      .where(eq(posts.id, post.id));
    await audit(tx, actor, 'post.unpublished', String(post.id), {
      title: post.content.title,
      ...(actor.id === null ? { scheduled: true } : {}),
    });
    return { ok: true as const, status: 'draft' as const };
  });
}

/**
 * Sets (or clears) when the post is published and when it stops being published. A job is queued
 * for each time; a run every minute, and one at start, publish what is due anyway (a time that
 * passed while the site was down, a lost job).
 */
export async function schedulePost(
  deps: PostDeps,
  actor: Actor,
  input: { postId: number; version: number; publishAt: string | null; unpublishAt: string | null },
  now = new Date(),
): Promise<
  { ok: true; status: PostStatus } | { ok: false; fieldErrors: Partial<Record<'publishAt' | 'unpublishAt' | keyof PostContent, string>> }
> {
  const publishAt = input.publishAt ? new Date(input.publishAt) : null;
  const unpublishAt = input.unpublishAt ? new Date(input.unpublishAt) : null;
  if (publishAt && publishAt <= now) return { ok: false, fieldErrors: { publishAt: postMessages.scheduleInPast } };
  if (unpublishAt && unpublishAt <= (publishAt ?? now))
    return { ok: false, fieldErrors: { unpublishAt: postMessages.unpublishBeforePublish } };
  return contentChanges.change(deps.db, async (tx) => {
    const post = await lockPost(tx, input.postId);
    if (post.version !== input.version) throw new AdminRuleError(postMessages.conflict);
    if (publishAt) {
      const problems = publishProblems(post.content);
      if (Object.keys(problems).length > 0) return { ok: false as const, fieldErrors: problems };
    }
    // A published post keeps being published until its end; a draft becomes scheduled, or a draft again.
    const status: PostStatus = post.status === 'published' ? 'published' : publishAt ? 'scheduled' : 'draft';
    await tx
      .update(posts)
      .set({ status, publishAt: post.status === 'published' ? null : publishAt, unpublishAt, updatedAt: now })
      .where(eq(posts.id, post.id));
    for (const at of [publishAt, unpublishAt]) if (at) await deps.jobs.send(PUBLISH_DUE_POSTS, {}, { db: bossDbOf(tx), startAfter: at });
    await audit(tx, actor, 'post.scheduled', String(post.id), {
      title: post.content.title,
      publishAt: publishAt?.toISOString() ?? null,
      unpublishAt: unpublishAt?.toISOString() ?? null,
    });
    return { ok: true as const, status };
  });
}

export const scheduler: Actor = { id: null, email: 'scheduled publication', role: null };

/** Publishes the posts whose time has come and ends the publications whose end has come; returns how many of each. */
export async function runDuePublications(
  deps: Pick<PostDeps, 'db'>,
  now = new Date(),
): Promise<{ published: number; unpublished: number }> {
  const due = await deps.db
    .select({ id: posts.id, status: posts.status, publishAt: posts.publishAt, unpublishAt: posts.unpublishAt })
    .from(posts)
    .where(
      sql`(${posts.status} = 'scheduled' and ${posts.publishAt} <= ${now}) or (${posts.status} = 'published' and ${posts.unpublishAt} <= ${now})`,
    );
  let published = 0;
  let unpublished = 0;
  for (const post of due) {
    if (post.status === 'scheduled') {
      const result = await contentChanges.change(deps.db, async (tx) => {
        const [current] = await tx.select().from(posts).where(eq(posts.id, post.id)).for('update');
        if (current?.status !== 'scheduled' || !current.publishAt || current.publishAt > now) return null;
        const outcome = await publishInTransaction(tx, scheduler, post.id, null, now);
        // A post that cannot be published (its cover deleted meanwhile) goes back to draft, said in the log.
        if (!outcome.ok) await tx.update(posts).set({ status: 'draft', publishAt: null }).where(eq(posts.id, post.id));
        return outcome;
      });
      if (result?.ok) published += 1;
    } else {
      await unpublishPost(deps as PostDeps, scheduler, { postId: post.id }, now).then(
        () => (unpublished += 1),
        (error: unknown) => {
          if (!(error instanceof AdminRuleError)) throw error;
        },
      );
    }
  }
  return { published, unpublished };
}

/**
 * Makes an older revision the working copy again (a new revision, "restore"); the public version
 * changes when it is published.
 */
export async function restoreRevision(
  deps: PostDeps,
  actor: Actor,
  input: { postId: number; revisionId: string },
  now = new Date(),
): Promise<{ ok: true; version: number; content: PostContent }> {
  return deps.db.transaction(async (tx) => {
    const post = await lockPost(tx, input.postId);
    const [revision] = await tx
      .select()
      .from(postRevisions)
      .where(and(eq(postRevisions.id, input.revisionId), eq(postRevisions.postId, post.id)));
    if (!revision) throw new AdminRuleError(postMessages.revisionGone);
    const version = post.version + 1;
    await tx
      .update(posts)
      .set({ content: revision.content, version, updatedAt: now, updatedByUserId: actor.id })
      .where(eq(posts.id, post.id));
    await addRevision(tx, actor, post.id, 'restore', revision.content, await renderContent(tx, revision.content));
    await audit(tx, actor, 'post.restored', String(post.id), { title: revision.content.title, revision: revision.number });
    return { ok: true as const, version, content: revision.content };
  });
}
