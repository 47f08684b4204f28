import { readdir, readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appMeta, postRevisions, posts } from '../db/schema.ts';
import type { JobSender } from '../jobs/queue.ts';
import type { ImageWork } from '../media/image-worker.ts';
import { importIllustration } from '../media/library.ts';
import type { ObjectStorage } from '../storage/types.ts';
import { parseBody } from '../../lib/blog-body.ts';
import type { PostContent } from '../../lib/posts/content.ts';
import { contentChanges } from './changes.ts';
import { renderBody } from './render.ts';

/**
 * The spec's six posts, the blog's first content (DECISIONS.md, wave 3): written once into the
 * database on the first start of a release that has the blog there (a new installation or an
 * upgrade), with their covers in the media library. From then on they are the editors' to change;
 * a later start never writes them again, even after an editor deleted them.
 */

const SEEDED_KEY = 'blog_seeded_at';
const postsDir = new URL('./seed-posts/', import.meta.url);
const illustrationsDir = new URL('../../assets/illustrations/', import.meta.url);

export interface SeedPost {
  id: number;
  content: PostContent;
  publishedAt: Date;
  image: string;
}

/** The frontmatter's values are JSON (strings, lists, numbers) or a bare date. */
function frontmatterValue(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw.trim();
  }
}

/**
 * The spec's body format ("•" bullets, lines starting with Key, Why or Benefits in bold) as the
 * Markdown the editor writes: the same blocks, so the posts read as they did.
 */
export function specBodyToMarkdown(body: string): string {
  return parseBody(body)
    .map((block) =>
      block.kind === 'heading'
        ? `## ${block.text}`
        : block.kind === 'bullets'
          ? block.items.map((item) => `- ${item}`).join('\n')
          : block.text,
    )
    .join('\n\n');
}

export function parseSeedPost(file: string): SeedPost {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(file.replace(/\r\n/g, '\n'));
  if (!match) throw new Error('A seed post starts with its frontmatter between --- lines.');
  const data = Object.fromEntries(
    match[1]!.split('\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), frontmatterValue(line.slice(colon + 1).trim())];
    }),
  ) as Record<string, unknown>;
  const text = (key: string) => {
    const value = data[key];
    if (typeof value !== 'string' || !value) throw new Error(`A seed post needs "${key}".`);
    return value;
  };
  return {
    id: Number(data.id),
    publishedAt: new Date(`${text('isoDate')}T00:00:00Z`),
    image: text('image'),
    content: {
      title: text('title'),
      slug: '',
      excerpt: text('excerpt'),
      body: specBodyToMarkdown(match[2]!),
      category: text('category'),
      tags: data.tags as string[],
      authorId: null,
      authorName: text('author'),
      readMinutes: Number(/^(\d+) min read$/.exec(text('readTime'))?.[1]),
      coverMediaId: null,
      coverAlt: text('imageAlt'),
      seoTitle: '',
      seoDescription: '',
      socialMediaId: null,
      noindex: false,
    },
  };
}

export async function readSeedPosts(): Promise<SeedPost[]> {
  const files = (await readdir(postsDir)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(files.map(async (name) => parseSeedPost(await readFile(new URL(name, postsDir), 'utf8'))));
}

export interface SeedDeps {
  db: Database;
  storage: ObjectStorage;
  jobs: Pick<JobSender, 'send'>;
  /** Reads each illustration's size (the media module's image process). */
  images: ImageWork;
}

/** Seeds the six posts once per installation; returns how many were written (0 when already done). */
export async function seedBlogOnce(deps: SeedDeps): Promise<number> {
  const { db } = deps;
  const done = async () => (await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY))).length > 0;
  if (await done()) return 0;
  const seeds = await readSeedPosts();
  return db.transaction(async (tx) => {
    // Two instances starting together: one seeds, the other finds it done.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('helixpoint:seed-blog'))`);
    if ((await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY))).length > 0) return 0;
    for (const seed of seeds) {
      const svg = await readFile(new URL(`${seed.image}.svg`, illustrationsDir));
      const cover = await importIllustration(
        { ...deps, db: tx as unknown as Database },
        { svg, fileName: `${seed.image}.svg`, alt: seed.content.coverAlt },
      );
      const content = { ...seed.content, coverMediaId: cover.id };
      await tx
        .insert(posts)
        .overridingSystemValue()
        .values({ id: seed.id, content, publishedAt: seed.publishedAt, createdAt: seed.publishedAt, updatedAt: seed.publishedAt });
      const [revision] = await tx
        .insert(postRevisions)
        .values({
          postId: seed.id,
          number: 1,
          kind: 'seed',
          content,
          bodyHtml: renderBody(content.body),
          createdAt: seed.publishedAt,
          updatedAt: seed.publishedAt,
        })
        .returning({ id: postRevisions.id });
      await tx.update(posts).set({ status: 'published', publishedRevisionId: revision!.id }).where(eq(posts.id, seed.id));
    }
    // New posts are numbered after the seeded ones.
    await tx.execute(sql`select setval(pg_get_serial_sequence('posts', 'id'), greatest((select max(id) from posts), 1))`);
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    await tx.execute(sql`select pg_notify(${contentChanges.name}, '')`);
    return seeds.length;
  });
}
