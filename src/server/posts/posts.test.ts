import { eq } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostContent } from '@/lib/posts/content';
import { postMessages } from '@/lib/posts/schema';
import { listAuditLog } from '../audit/log';
import { postRevisions, posts } from '../db/schema';
import { storeUpload } from '../media/library';
import { startTestBackend, type TestBackend } from '../testing/backend';
import { addUser } from '../testing/fixtures';
import { xssVectors } from '../testing/xss-vectors';
import { contentChanges } from './changes';
import { draftAsPost, listRevisions, newPreviewLink, postOfPreviewToken } from './editor';
import { publishedPostAt, publishedPosts } from './public';
import { allowedBodyTags, renderBody } from './render';
import { readSeedPosts, seedBlogOnce } from './seed';
import {
  createPost,
  publishPost,
  PUBLISH_DUE_POSTS,
  restoreRevision,
  runDuePublications,
  savePost,
  schedulePost,
  unpublishPost,
  type PostDeps,
} from './store';

/* The blog in the database (issue 34), against a real PostgreSQL and job queue. */

let backend: TestBackend;
let deps: PostDeps;
let eve: Awaited<ReturnType<typeof addUser>>;
let ed: Awaited<ReturnType<typeof addUser>>;
let coverId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  deps = { db: backend.database.db, jobs: backend.runtime.jobs };
  eve = await addUser(backend.database.db, 'eve-editor', 'editor');
  ed = await addUser(backend.database.db, 'ed-editor', 'editor');
  await seedBlogOnce({ db: backend.database.db, storage: backend.storage, jobs: backend.runtime.jobs, images: backend.runtime.images });
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer();
  const item = await storeUpload(
    { db: backend.database.db, storage: backend.storage, jobs: backend.runtime.jobs, images: backend.runtime.images },
    eve,
    {
      data: jpeg,
      fileName: 'cover.jpg',
      alt: 'A blue square',
    },
  );
  coverId = item.id;
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

const allowedTags = new Set<string>(allowedBodyTags);

/** What a browser could run or load from this HTML: any element or attribute outside the allow-list, any URL not http(s), mailto or our own. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!allowedTags.has(name)) found.push(`element <${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (/^on/i.test(attribute) || attribute === 'style' || attribute === 'class') found.push(`attribute ${attribute} on <${name}>`);
        if (['href', 'src', 'srcset', 'action', 'background', 'data'].includes(attribute)) {
          for (const url of attribute === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value]) {
            // eslint-disable-next-line no-control-regex -- browsers ignore control characters and spaces in a URL's scheme
            const clean = url.replace(/[\u0000-\u0020]/g, '').toLowerCase();
            const safe = /^(https?:|mailto:)/.test(clean) || (clean.startsWith('/') && !clean.startsWith('//')) || clean.startsWith('#');
            if (!safe) found.push(`${attribute}="${url}" on <${name}>`);
            if (name === 'img' || name === 'source') if (!clean.startsWith('/media/')) found.push(`image from ${url}`);
          }
        }
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

const content = (overrides: Partial<PostContent> = {}): PostContent => ({
  title: 'Cutting the cloud bill',
  slug: '',
  excerpt: 'Where a mid-size company’s cloud money goes.',
  body: 'Intro paragraph.\n\n## Key numbers\n\n- one\n- two',
  category: 'Cloud',
  tags: ['FinOps', 'Cloud'],
  authorId: eve.id,
  authorName: 'Eve Editor',
  readMinutes: 4,
  coverMediaId: coverId,
  coverAlt: 'A blue square',
  seoTitle: '',
  seoDescription: '',
  socialMediaId: null,
  noindex: false,
  ...overrides,
});

async function newPost(overrides: Partial<PostContent> = {}) {
  const { id } = await createPost(deps, eve);
  const saved = await savePost(deps, eve, { postId: id, version: 1, content: content(overrides), autosave: false });
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  return { id, version: saved.version };
}

describe('a post body', () => {
  it('keeps formatting and removes every attack of the OWASP XSS filter evasion list', () => {
    expect(renderBody('**bold** _it_ [site](https://helixpoint.example/x) [mail](mailto:a@b.example)\n\n## Head\n\n> quote')).toBe(
      '<p><strong>bold</strong> <em>it</em> <a href="https://helixpoint.example/x">site</a> <a href="mailto:a@b.example">mail</a></p>\n<h2>Head</h2>\n<blockquote>\n<p>quote</p>\n</blockquote>\n',
    );
    const failures = xssVectors.flatMap((vector) => {
      const found = dangers(renderBody(`Before\n\n${vector}\n\nafter`));
      return found.length ? [`${vector} → ${found.join('; ')}`] : [];
    });
    expect(failures).toEqual([]);
    // The same attacks in one body, in inline positions and inside Markdown.
    expect(dangers(renderBody(xssVectors.map((vector) => `- item ${vector} text`).join('\n')))).toEqual([]);
  });

  it('shows media library images as responsive pictures and leaves others out', async () => {
    const pictures = new Map([
      [
        coverId,
        {
          sources: [{ type: 'image/webp', srcset: `/media/${coverId}/480.webp 480w` }],
          src: `/media/${coverId}/480.webp`,
          width: 1200,
          height: 800,
        },
      ],
    ]);
    const html = renderBody(`![A blue square](/media/${coverId})\n\n![tracker](https://evil.example/t.gif)`, pictures);
    expect(html).toContain(`<source type="image/webp" srcset="/media/${coverId}/480.webp 480w"`);
    expect(html).toContain('alt="A blue square"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('evil.example');
  });
});

describe('the seeded posts', () => {
  it('are the spec’s six, at the same addresses, with their texts, dates and read times; seeding again adds nothing', async () => {
    const { db } = backend.database;
    const seeds = await readSeedPosts();
    expect(seeds.map((seed) => seed.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const published = await publishedPosts(db);
    const seeded = published.filter((post) => post.id <= 6);
    expect(seeded.map((post) => post.path).sort()).toEqual(['/blog/1', '/blog/2', '/blog/3', '/blog/4', '/blog/5', '/blog/6']);
    expect(seeded.sort((a, b) => a.id - b.id).map((post) => post.content.readMinutes)).toEqual([5, 7, 6, 5, 8, 6]);
    const first = await publishedPostAt(db, '1');
    expect(first.kind).toBe('post');
    if (first.kind !== 'post') return;
    expect(first.post.content.title).toBe('Future of Cloud Computing in Enterprise');
    expect(first.post.publishedAt.toISOString().slice(0, 10)).toBe('2024-03-15');
    expect(first.post.content.authorName).toBe('Marcus Chen');
    expect(first.post.cover).not.toBeNull();
    // The spec's body format: "Key …" lines are subheadings, bullets a list.
    expect(first.post.bodyHtml).toContain('<h2>Key Trends to Watch</h2>');
    expect(first.post.bodyHtml).toContain('<li>FinOps moving from a spreadsheet exercise to an engineering practice</li>');
    expect(await seedBlogOnce({ db, storage: backend.storage, jobs: backend.runtime.jobs, images: backend.runtime.images })).toBe(0);
    expect((await db.select({ id: posts.id }).from(posts)).filter((post) => post.id <= 6)).toHaveLength(6);
    // New posts are numbered after them.
    const { id } = await createPost(deps, eve);
    expect(id).toBeGreaterThan(6);
  });
});

describe('writing a post', () => {
  it('keeps a revision per save, one per person for autosaves within ten minutes, and restores an older one', async () => {
    const { id, version } = await newPost();
    const t0 = new Date();
    const a1 = await savePost(deps, eve, { postId: id, version, content: content({ body: 'autosave one' }), autosave: true }, t0);
    const a2 = await savePost(
      deps,
      eve,
      { postId: id, version: version + 1, content: content({ body: 'autosave two' }), autosave: true },
      new Date(t0.getTime() + 60_000),
    );
    expect(a1.ok && a2.ok).toBe(true);
    let revisions = await listRevisions(backend.database.db, id);
    expect(revisions.map((revision) => revision.kind)).toEqual(['autosave', 'save']);
    // Another editor's autosave, and one after ten minutes, are revisions of their own.
    const a3 = await savePost(
      deps,
      ed,
      { postId: id, version: version + 2, content: content({ body: 'ed was here' }), autosave: true },
      new Date(t0.getTime() + 120_000),
    );
    const a4 = await savePost(
      deps,
      eve,
      { postId: id, version: version + 3, content: content({ body: 'much later' }), autosave: true },
      new Date(t0.getTime() + 20 * 60_000),
    );
    expect(a3.ok && a4.ok).toBe(true);
    revisions = await listRevisions(backend.database.db, id);
    expect(revisions.map((revision) => revision.kind)).toEqual(['autosave', 'autosave', 'autosave', 'save']);
    const [first] = revisions.slice(-1);
    const restored = await restoreRevision(deps, eve, { postId: id, revisionId: first!.id });
    expect(restored.content.body).toBe(content().body);
    const [row] = await backend.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.content.body).toBe(content().body);
    expect(row!.version).toBe(restored.version);
    const audit = await listAuditLog(backend.database.db, 5);
    expect(audit.some((entry) => entry.action === 'post.restored' && entry.targetId === String(id))).toBe(true);
  });

  it('refuses a save made from an older copy and answers with the saved version: nothing is overwritten', async () => {
    const { id, version } = await newPost();
    const eveSave = await savePost(deps, eve, { postId: id, version, content: content({ title: 'Eve’s title' }), autosave: false });
    expect(eveSave.ok).toBe(true);
    const edSave = await savePost(deps, ed, { postId: id, version, content: content({ title: 'Ed’s title' }), autosave: false });
    expect(edSave.ok).toBe(false);
    if (edSave.ok || !('conflict' in edSave)) throw new Error('expected a conflict');
    expect(edSave.conflict.content.title).toBe('Eve’s title');
    expect(edSave.conflict.savedBy).toBeTruthy();
    const [row] = await backend.database.db.select().from(posts).where(eq(posts.id, id));
    expect(row!.content.title).toBe('Eve’s title');
    // Having seen both, Ed keeps his: a save from the version he was shown.
    const again = await savePost(deps, ed, {
      postId: id,
      version: edSave.conflict.version,
      content: content({ title: 'Ed’s title' }),
      autosave: false,
    });
    expect(again.ok).toBe(true);
  });

  it('two saves racing from the same version: exactly one is kept', async () => {
    const { id, version } = await newPost();
    const results = await Promise.all(
      ['A', 'B', 'C'].map((title) => savePost(deps, eve, { postId: id, version, content: content({ title }), autosave: false })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });
});

describe('publishing', () => {
  it('asks for what a published post needs, publishes the working copy, and keeps later edits a draft until updated', async () => {
    const { db } = backend.database;
    const { id, version } = await newPost({ excerpt: '', coverMediaId: null, coverAlt: '' });
    const refused = await publishPost(deps, eve, { postId: id, version });
    expect(refused).toEqual({ ok: false, fieldErrors: { excerpt: postMessages.excerpt, coverMediaId: postMessages.cover } });
    const saved = await savePost(deps, eve, { postId: id, version, content: content({ title: 'Live title' }), autosave: false });
    if (!saved.ok) throw new Error('not saved');
    let told = 0;
    const stop = contentChanges.onChanged(() => (told += 1));
    const published = await publishPost(deps, eve, { postId: id, version: saved.version });
    stop();
    expect(published).toMatchObject({ ok: true, path: `/blog/${id}` });
    expect(told).toBe(1);
    const edited = await savePost(deps, eve, {
      postId: id,
      version: saved.version,
      content: content({ title: 'Draft title' }),
      autosave: false,
    });
    if (!edited.ok) throw new Error('not saved');
    const live = await publishedPostAt(db, String(id));
    expect(live.kind === 'post' && live.post.content.title).toBe('Live title');
    await publishPost(deps, eve, { postId: id, version: edited.version });
    const updated = await publishedPostAt(db, String(id));
    expect(updated.kind === 'post' && updated.post.content.title).toBe('Draft title');
    const audit = await listAuditLog(db, 10);
    expect(audit.filter((entry) => entry.action === 'post.published' && entry.targetId === String(id))).toHaveLength(2);
    await unpublishPost(deps, eve, { postId: id });
    expect((await publishedPostAt(db, String(id))).kind).toBe('missing');
  });

  it('gives a post an address; its number and former addresses answer with a redirect; an address is one post’s', async () => {
    const { db } = backend.database;
    const { id, version } = await newPost({ slug: 'cloud-bill' });
    await publishPost(deps, eve, { postId: id, version });
    expect(await publishedPostAt(db, String(id))).toEqual({ kind: 'redirect', to: '/blog/cloud-bill' });
    expect((await publishedPostAt(db, 'cloud-bill')).kind).toBe('post');
    const renamed = await savePost(deps, eve, { postId: id, version, content: content({ slug: 'cloud-bill-2027' }), autosave: false });
    if (!renamed.ok) throw new Error('not saved');
    await publishPost(deps, eve, { postId: id, version: renamed.version });
    expect(await publishedPostAt(db, 'cloud-bill')).toEqual({ kind: 'redirect', to: '/blog/cloud-bill-2027' });
    expect(await publishedPostAt(db, String(id))).toEqual({ kind: 'redirect', to: '/blog/cloud-bill-2027' });
    // Another post cannot take either address.
    const other = await newPost();
    for (const slug of ['cloud-bill', 'cloud-bill-2027'])
      expect(await savePost(deps, eve, { postId: other.id, version: other.version, content: content({ slug }), autosave: false })).toEqual({
        ok: false,
        fieldErrors: { slug: postMessages.slugTaken },
      });
    expect((await publishedPostAt(db, 'no-such-post')).kind).toBe('missing');
  });

  it('schedules with the job queue, publishes at the time (also a time that passed while the site was down), and ends at its end', async () => {
    const { db, pool } = backend.database;
    const { id, version } = await newPost({ title: 'Scheduled one' });
    const now = new Date();
    const at = new Date(now.getTime() + 60 * 60_000);
    const until = new Date(now.getTime() + 2 * 60 * 60_000);
    expect(
      await schedulePost(
        deps,
        eve,
        { postId: id, version, publishAt: new Date(now.getTime() - 1000).toISOString(), unpublishAt: null },
        now,
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { publishAt: postMessages.scheduleInPast },
    });
    expect(
      await schedulePost(deps, eve, { postId: id, version, publishAt: at.toISOString(), unpublishAt: until.toISOString() }, now),
    ).toEqual({
      ok: true,
      status: 'scheduled',
    });
    const { rows: jobs } = await pool.query<{ start_after: Date }>(
      `select start_after from pgboss.job where name = $1 order by start_after`,
      [PUBLISH_DUE_POSTS],
    );
    expect(jobs.map((job) => job.start_after.getTime())).toEqual(expect.arrayContaining([at.getTime(), until.getTime()]));
    expect(await runDuePublications({ db }, now)).toEqual({ published: 0, unpublished: 0 });
    expect((await publishedPostAt(db, String(id))).kind).toBe('missing');
    // The site was down at the time: the first run after (at start, or the minute's) publishes it.
    expect(await runDuePublications({ db }, new Date(at.getTime() + 5 * 60_000))).toEqual({ published: 1, unpublished: 0 });
    const live = await publishedPostAt(db, String(id));
    expect(live.kind === 'post' && live.post.publishedAt.getTime()).toBe(at.getTime() + 5 * 60_000);
    const audit = await listAuditLog(db, 10);
    expect(audit.find((entry) => entry.action === 'post.published' && entry.targetId === String(id))?.details).toMatchObject({
      scheduled: true,
    });
    expect(await runDuePublications({ db }, new Date(until.getTime() + 1000))).toEqual({ published: 0, unpublished: 1 });
    expect((await publishedPostAt(db, String(id))).kind).toBe('missing');
  });
});

describe('a preview link', () => {
  it('opens the working copy until it expires; a forged or expired one opens nothing', async () => {
    const { id } = await newPost({ title: 'Not yet public' });
    const now = new Date();
    const db = backend.database.db;
    const { token } = await newPreviewLink(db, 'secret-one', id, now);
    expect(await postOfPreviewToken(db, 'secret-one', token, now)).toBe(id);
    expect(await postOfPreviewToken(db, 'secret-two', token, now)).toBeNull();
    expect(await postOfPreviewToken(db, 'secret-one', token.replace(/^\d+/, '1'), now)).toBeNull();
    expect(await postOfPreviewToken(db, 'secret-one', token, new Date(now.getTime() + 8 * 86_400_000))).toBeNull();
    expect(await postOfPreviewToken(db, 'secret-one', '../../etc', now)).toBeNull();
    const draft = await draftAsPost(backend.database.db, id);
    expect(draft?.content.title).toBe('Not yet public');
    const rows = await backend.database.db.select().from(postRevisions).where(eq(postRevisions.postId, id));
    expect(rows).toHaveLength(1);
  });

  it('ends when a newer link is made, and when the post is unpublished (issue 50)', async () => {
    const db = backend.database.db;
    const { id, version } = await newPost({ title: 'Shared with a reviewer' });
    const first = await newPreviewLink(db, 'secret', id);
    const second = await newPreviewLink(db, 'secret', id);
    expect(await postOfPreviewToken(db, 'secret', first.token)).toBeNull();
    expect(await postOfPreviewToken(db, 'secret', second.token)).toBe(id);
    await publishPost(deps, eve, { postId: id, version });
    expect(await postOfPreviewToken(db, 'secret', second.token)).toBe(id);
    await unpublishPost(deps, eve, { postId: id });
    expect(await postOfPreviewToken(db, 'secret', second.token)).toBeNull();
    expect(await postOfPreviewToken(db, 'secret', (await newPreviewLink(db, 'secret', id)).token)).toBe(id);
  });
});
