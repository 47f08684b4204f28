import type { PostContent, PostStatus, RevisionKind } from './content.ts';

/** What the post list and the editor show (issue 34): plain data passed from the server to the islands. */

export interface PostListRow {
  id: number;
  title: string;
  excerpt: string;
  tags: string[];
  authorName: string;
  status: PostStatus;
  path: string;
  publishedAt: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
  updatedAt: string;
  updatedBy: string | null;
}

export interface RevisionRow {
  id: string;
  number: number;
  kind: RevisionKind;
  title: string;
  author: string;
  savedAt: string;
}

export interface FieldChange {
  field: keyof PostContent;
  label: string;
  parts: { value: string; change: 'added' | 'removed' | 'same' }[];
}

export const fieldLabels: Record<keyof PostContent, string> = {
  title: 'Title',
  slug: 'Address',
  excerpt: 'Excerpt',
  body: 'Body',
  category: 'Category',
  tags: 'Tags',
  authorId: 'Author account',
  authorName: 'Author',
  readMinutes: 'Read time (minutes)',
  coverMediaId: 'Cover image',
  coverAlt: 'Cover image alt text',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  socialMediaId: 'Social image',
  noindex: 'Hidden from search engines',
};

export const statusLabels: Record<PostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };

/** The badge each state wears, in the list and in the editor. */
export const statusBadges = { draft: 'neutral', scheduled: 'accent', published: 'success' } as const satisfies Record<PostStatus, string>;

/** An instant in the editor's own time zone and language: revisions, schedules, preview links (lib/format.ts). */
export { localDateTime } from '../format.ts';

export const revisionKindLabels: Record<RevisionKind, string> = {
  seed: 'First version',
  save: 'Saved',
  autosave: 'Autosaved',
  publish: 'Published',
  restore: 'Restored',
};
