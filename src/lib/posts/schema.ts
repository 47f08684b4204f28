import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import type { PostContent } from './content.ts';

/**
 * A blog post as the editor writes it (issue 34): one schema for the editor's form and the
 * server's commands. A draft may be incomplete (it is autosaved as it is typed); publishing asks
 * for what a published post must have (publishProblems).
 */

export const postLimits = {
  title: 200,
  slug: 80,
  excerpt: 400,
  body: 200_000,
  category: 60,
  tag: 40,
  tags: 12,
  alt: 300,
  seoTitle: 70,
  seoDescription: 170,
  authorName: 100,
} as const;

export const postMessages = {
  atMost: (field: string, max: number) => `${field}: at most ${max.toLocaleString('en-US')} characters.`,
  slug: 'Address: lower-case letters, digits and hyphens (such as "cloud-cost-review"), not only digits.',
  tags: `Tags: at most ${postLimits.tags}, each at most ${postLimits.tag} characters.`,
  readMinutes: 'Read time: a whole number of minutes from 1 to 120.',
  coverAlt: 'Cover image alt text is required: describe the image for people who cannot see it.',
  title: 'Title is required.',
  excerpt: 'Excerpt is required: one or two sentences shown in the blog list.',
  body: 'Body is required.',
  category: 'Category is required.',
  cover: 'A cover image is required to publish: choose one from the media library.',
  authorName: 'Author is required.',
  conflict:
    'Someone else saved this post while you were editing it. Both versions are shown below: keep yours, take theirs, or copy what you need from one into the other.',
  gone: 'This post no longer exists.',
  slugTaken: 'Address: another post already uses it. Choose another.',
  scheduleInPast: 'Publish at: choose a time in the future.',
  unpublishBeforePublish: 'Unpublish at: choose a time after the publication.',
  notPublished: 'This post is not published.',
  revisionGone: 'This revision no longer exists.',
} as const;

const atMost = (field: string, max: number) => z.maxLength(max, postMessages.atMost(field, max));

export const slugPattern = /^(?!\d+$)[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug suggested from a title: "Zero Trust: What It Is" → "zero-trust-what-it-is". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, postLimits.slug)
    .replace(/-+$/, '');
}

/** About 200 words a minute, at least one. */
export function estimateReadMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.min(120, Math.max(1, Math.round(words / 200)));
}

const mediaId = z.nullable(z.uuid());

export const postContentSchema = z
  .object({
    title: textField(z.trim(), atMost('Title', postLimits.title)),
    slug: textField(
      z.trim(),
      z.toLowerCase(),
      atMost('Address', postLimits.slug),
      z.refine((slug) => slug === '' || slugPattern.test(slug), postMessages.slug),
    ),
    excerpt: textField(z.trim(), atMost('Excerpt', postLimits.excerpt)),
    body: textField(atMost('Body', postLimits.body)),
    category: textField(z.trim(), atMost('Category', postLimits.category)),
    tags: z
      .array(textField(z.trim(), z.minLength(1, postMessages.tags), z.maxLength(postLimits.tag, postMessages.tags)))
      .check(z.maxLength(postLimits.tags, postMessages.tags)),
    authorId: z.nullable(z.string().check(z.minLength(1), z.maxLength(100))),
    authorName: textField(z.trim(), atMost('Author', postLimits.authorName)),
    readMinutes: z
      .number({ error: postMessages.readMinutes })
      .check(z.int(postMessages.readMinutes), z.gte(1, postMessages.readMinutes), z.lte(120, postMessages.readMinutes)),
    coverMediaId: mediaId,
    coverAlt: textField(z.trim(), atMost('Cover image alt text', postLimits.alt)),
    seoTitle: textField(z.trim(), atMost('SEO title', postLimits.seoTitle)),
    seoDescription: textField(z.trim(), atMost('SEO description', postLimits.seoDescription)),
    socialMediaId: mediaId,
    noindex: z.boolean(),
  })
  .check(z.refine((post) => post.coverMediaId === null || post.coverAlt !== '', { error: postMessages.coverAlt, path: ['coverAlt'] }));

export const postIdSchema = z.object({ postId: z.number().check(z.int(), z.positive()) });

export const savePostSchema = z.object({
  postId: z.number().check(z.int(), z.positive()),
  /** The version the editor started from: a save from an older one is a conflict. */
  version: z.number().check(z.int(), z.positive()),
  content: postContentSchema,
  autosave: z.boolean(),
});
export type SavePostInput = z.output<typeof savePostSchema>;

export const schedulePostSchema = z.object({
  postId: z.number().check(z.int(), z.positive()),
  version: z.number().check(z.int(), z.positive()),
  /** ISO instants; null: no scheduled publication / end. */
  publishAt: z.nullable(z.iso.datetime({ offset: true })),
  unpublishAt: z.nullable(z.iso.datetime({ offset: true })),
});

export const publishPostSchema = z.object({
  postId: z.number().check(z.int(), z.positive()),
  version: z.number().check(z.int(), z.positive()),
});

export const revisionSchema = z.object({
  postId: z.number().check(z.int(), z.positive()),
  revisionId: z.uuid(),
});

export const previewBodySchema = z.object({ body: textField(atMost('Body', postLimits.body)) });

/** What a published post must have, by field; empty when it may be published. */
export function publishProblems(content: PostContent): Partial<Record<keyof PostContent, string>> {
  const problems: Partial<Record<keyof PostContent, string>> = {};
  if (!content.title.trim()) problems.title = postMessages.title;
  if (!content.excerpt.trim()) problems.excerpt = postMessages.excerpt;
  if (!content.body.trim()) problems.body = postMessages.body;
  if (!content.category.trim()) problems.category = postMessages.category;
  if (!content.authorName.trim()) problems.authorName = postMessages.authorName;
  if (!content.coverMediaId) problems.coverMediaId = postMessages.cover;
  else if (!content.coverAlt.trim()) problems.coverAlt = postMessages.coverAlt;
  return problems;
}

/** A new post's content; its author is the account that starts it (none for an operator's command). */
export const emptyPostContent = (author: { id: string | null; name: string }): PostContent => ({
  title: '',
  slug: '',
  excerpt: '',
  body: '',
  category: '',
  tags: [],
  authorId: author.id,
  authorName: author.name,
  readMinutes: 1,
  coverMediaId: null,
  coverAlt: '',
  seoTitle: '',
  seoDescription: '',
  socialMediaId: null,
  noindex: false,
});
