import type { Sharp } from 'sharp';
import { MAX_MEDIA_PIXELS, SOCIAL_CARD, variantWidths } from '../../lib/media/library.ts';
import type { MediaVariant } from '../db/schema.ts';

/**
 * The image work itself (sharp, libvips), run in the image process (image-process.ts), never in
 * the server's: what an image needs to be checked and its sizes made. Nothing here reads the
 * database or storage.
 */

export interface ImageSize {
  /** Upright (the EXIF orientation applied); undefined where sharp could not tell. */
  width: number | undefined;
  height: number | undefined;
  format: string | undefined;
}

export interface RenderedImage {
  variant: Omit<MediaVariant, 'key' | 'bytes'>;
  data: Buffer;
}

let sharpModule: Promise<typeof import('sharp').default> | undefined;
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // No cache of decoded images between operations (libvips keeps up to 50 MB by default): each
    // image is read once and its sizes made from that one read.
    sharp.cache(false);
    return sharp;
  }));

/** sharp's limits on every image it opens: a pixel bomb is refused from its header, a damaged file on its first error. */
const open = async (input: Buffer): Promise<Sharp> => (await loadSharp())(input, { limitInputPixels: MAX_MEDIA_PIXELS, failOn: 'error' });

/** An image's upright size and format, read from its header within sharp's limits. */
export async function imageSize(input: Buffer): Promise<ImageSize> {
  const metadata = await (await open(input)).metadata();
  return {
    width: metadata.autoOrient?.width ?? metadata.width,
    height: metadata.autoOrient?.height ?? metadata.height,
    format: metadata.format,
  };
}

/**
 * Every size of an image: WebP and AVIF at each width (never wider than the original), and the
 * social card. Turned upright; sharp writes no metadata unless asked, so EXIF (GPS), XMP and ICC
 * comments stay behind. An animated GIF gives its first frame.
 */
export async function imageVariants(input: Buffer, width: number): Promise<RenderedImage[]> {
  const sharp = await loadSharp();
  const base = (await open(input)).autoOrient();
  const out: RenderedImage[] = [];
  for (const target of variantWidths(width)) {
    const resized = base.clone().resize({ width: target, withoutEnlargement: true });
    for (const format of ['webp', 'avif'] as const) {
      const encoded =
        format === 'webp'
          ? resized.clone().webp({ quality: 78, effort: 4 })
          : // Effort 2 of 9: a third of effort 4's time for a few per cent more bytes (decision 047).
            resized.clone().avif({ quality: 55, effort: 2 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      out.push({ variant: { width: info.width, height: info.height, format }, data });
    }
  }
  const { data, info } = await base
    .clone()
    .resize({ ...SOCIAL_CARD, fit: 'cover', position: sharp.strategy.attention })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  out.push({ variant: { width: info.width, height: info.height, format: 'png', social: true }, data });
  return out;
}

/** What the server asks of the image process, and what it answers. */
export type ImageRequest = { id: number; op: 'size'; input: Uint8Array } | { id: number; op: 'variants'; input: Uint8Array; width: number };
export type ImageAnswer =
  | { id: number; ok: true; size: ImageSize }
  | { id: number; ok: true; variants: { variant: RenderedImage['variant']; data: Uint8Array }[] }
  | { id: number; ok: false; message: string };
