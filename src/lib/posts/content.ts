/**
 * A blog post's content as an editor writes it (issue 34): what a revision keeps and what the
 * public pages show once it is published. Plain data, shared by the editor and the server.
 */

export const postStatuses = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const revisionKinds = ['seed', 'save', 'autosave', 'publish', 'restore'] as const;
export type RevisionKind = (typeof revisionKinds)[number];

export interface PostContent {
  title: string;
  /** The address after /blog/; empty: the post's number. */
  slug: string;
  excerpt: string;
  /** Markdown, as written; what the public sees is its sanitised rendering (bodyHtml). */
  body: string;
  category: string;
  tags: string[];
  /** The staff account shown as the author; null for the spec's seeded authors (name only). */
  authorId: string | null;
  authorName: string;
  readMinutes: number;
  coverMediaId: string | null;
  coverAlt: string;
  seoTitle: string;
  seoDescription: string;
  /** The image shown when the post is shared; none: the cover. */
  socialMediaId: string | null;
  noindex: boolean;
}
