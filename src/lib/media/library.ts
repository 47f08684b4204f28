import { z } from 'zod/mini';
import { textField } from '../forms.ts';
import type { PictureData } from '../picture.ts';

/**
 * The media library (issue 34): what an image may be, the sizes made of it, its addresses and the
 * texts the editors read. Shared by the library's islands, the post editor and the server, which
 * decides an image's type by its content, never by its name or declared type (decision 047).
 */

export const MAX_MEDIA_MB = 10;
export const MAX_MEDIA_BYTES = MAX_MEDIA_MB * 1024 * 1024;
/** The most pixels an image may have (a 40-megapixel photo): a decompression bomb is refused before it is decoded. */
export const MAX_MEDIA_PIXELS = 40_000_000;

/** The types an upload may be, by the type its content shows, with the names the editors read. */
export const mediaTypes = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/gif': 'GIF',
} as const;
export type MediaType = keyof typeof mediaTypes;
/** Only the seeded illustrations (our own files, never an upload) are SVG. */
export const SVG_TYPE = 'image/svg+xml';

export const isMediaType = (type: string): type is MediaType => Object.hasOwn(mediaTypes, type);

/** The file picker's `accept`: a convenience, the server decides by the content. */
export const mediaAccept = [...Object.keys(mediaTypes), '.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif'].join(',');

/** The widths made of each image (never wider than the original; one at its own width when it is narrower). */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The social card: the size Open Graph and X show, cropped to fill it. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

export const MAX_ALT_LENGTH = 300;

const typeNames = Object.values(mediaTypes);
const acceptedTypesText = `${typeNames.slice(0, -1).join(', ')} or ${typeNames.at(-1)}`;

export const mediaMessages = {
  altRequired: 'Alt text is required: describe the image for people who cannot see it',
  altTooLong: `Alt text must be at most ${MAX_ALT_LENGTH} characters long`,
  fileRequired: 'Choose an image to upload',
  empty: 'The file is empty. Please choose another image.',
  wrongType: `The file must be a ${acceptedTypesText} image (SVG and other files are not accepted).`,
  tooLarge: `The image is larger than ${MAX_MEDIA_MB} MB. Please choose a smaller file.`,
  tooManyPixels: `The image has more than ${MAX_MEDIA_PIXELS / 1_000_000} megapixels. Please resize it and upload it again.`,
  unreadable: 'The image could not be read: the file is damaged or not really an image.',
  failed: 'The upload did not complete. Please try again.',
  missing: 'This image no longer exists.',
  uploaded: 'Image uploaded',
  altSaved: 'Alt text saved',
  deleted: 'Image deleted',
  inUse: (places: readonly string[]) => `This image is used by: ${places.join('; ')}; remove it there first.`,
  hint: `${acceptedTypesText}, up to ${MAX_MEDIA_MB} MB`,
} as const;

/** The alt text rule: required, trimmed, at most 300 characters, no control characters. */
export const altSchema = textField(
  z.trim(),
  z.minLength(1, mediaMessages.altRequired),
  z.maxLength(MAX_ALT_LENGTH, mediaMessages.altTooLong),
);

export const setMediaAltSchema = z.object({ mediaId: z.uuid(), alt: altSchema });
export const mediaIdSchema = z.object({ mediaId: z.uuid() });

/** One size of an image, as kept on its row (the database's `MediaVariant`). */
export interface MediaVariantData {
  width: number;
  height: number;
  format: 'webp' | 'avif' | 'png';
  key: string;
  bytes: number;
  social?: boolean;
}

/** An image of the library as the pages and islands see it (no storage keys but in `variants`). */
export interface MediaItemData {
  id: string;
  fileName: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  alt: string;
  variants: readonly MediaVariantData[];
  createdAt: Date;
}

/** Where an image is used: a post's working copy (draft) or its published version. */
export interface MediaUse {
  postId: number;
  title: string;
  where: 'cover' | 'social image' | 'body';
  version: 'draft' | 'published';
}

/** A library item for the islands: its picture's address, with no storage keys. */
export interface MediaCard {
  id: string;
  fileName: string;
  alt: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
  createdAt: string;
  /** A small size to show in the grid (the original while its sizes are being made). */
  thumbnail: string;
  /** The address to use in Markdown: ![alt](/media/<id>). */
  url: string;
  /** Whether its sizes are made (seeded illustrations get theirs from a job). */
  ready: boolean;
}

/** The file name of a size in its address: "960.webp", "480.avif", "social.png". */
export function variantFileName(variant: Pick<MediaVariantData, 'width' | 'format' | 'social'>): string {
  return `${variant.social ? 'social' : variant.width}.${variant.format}`;
}

/** /media/<id> (its best size, or the original while it has none) or /media/<id>/<size>. */
export function mediaUrl(id: string, variant?: Pick<MediaVariantData, 'width' | 'format' | 'social'>): string {
  return variant ? `/media/${id}/${variantFileName(variant)}` : `/media/${id}`;
}

/** The widths made of an image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const largest = VARIANT_WIDTHS.at(-1)!;
  return [...new Set([...VARIANT_WIDTHS.filter((each) => each < width), Math.min(width, largest)])];
}

const sized = (item: Pick<MediaItemData, 'variants'>, format: 'webp' | 'avif') =>
  item.variants.filter((variant) => variant.format === format && !variant.social).sort((a, b) => a.width - b.width);

/**
 * The <Picture> of an image: AVIF and WebP sources by width, a middle WebP as the fallback; while
 * it has no sizes yet (a seeded illustration waiting for its job), its original.
 */
export function pictureOf(item: Pick<MediaItemData, 'id' | 'width' | 'height' | 'variants'>): PictureData {
  const webp = sized(item, 'webp');
  if (webp.length === 0) return { sources: [], src: mediaUrl(item.id), width: item.width, height: item.height };
  const srcset = (variants: MediaVariantData[]) => variants.map((variant) => `${mediaUrl(item.id, variant)} ${variant.width}w`).join(', ');
  const avif = sized(item, 'avif');
  const middle = webp[Math.floor((webp.length - 1) / 2)]!;
  return {
    sources: [...(avif.length > 0 ? [{ type: 'image/avif', srcset: srcset(avif) }] : []), { type: 'image/webp', srcset: srcset(webp) }],
    src: mediaUrl(item.id, middle),
    width: middle.width,
    height: middle.height,
  };
}

/** The social card's address (og:image), or null while it has none. */
export function socialImageOf(item: Pick<MediaItemData, 'id' | 'variants'>): string | null {
  const card = item.variants.find((variant) => variant.social);
  return card ? mediaUrl(item.id, card) : null;
}

/** The library's card of an item (the islands' props). */
export function mediaCard(item: MediaItemData): MediaCard {
  const smallest = sized(item, 'webp')[0];
  return {
    id: item.id,
    fileName: item.fileName,
    alt: item.alt,
    contentType: item.contentType,
    bytes: item.bytes,
    width: item.width,
    height: item.height,
    createdAt: item.createdAt.toISOString(),
    thumbnail: mediaUrl(item.id, smallest),
    url: mediaUrl(item.id),
    ready: item.variants.length > 0,
  };
}

/** "1.2 MB", "840 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One use, as the refusal to delete names it: “Cloud costs” (cover, published). */
export const describeUse = (use: MediaUse) => `“${use.title}” (${use.where}, ${use.version})`;

/** What the upload answers: the new item, or why it was refused and which field to fix. */
export type MediaUploadAnswer = { item: MediaCard } | { error: string; field: 'file' | 'alt' };
