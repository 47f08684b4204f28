import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';
import type { PictureData } from '@/lib/picture';

const illustrations = import.meta.glob<{ default: ImageMetadata }>('/src/assets/illustrations/*.svg', { eager: true });

function illustration(name: string): ImageMetadata {
  const module = illustrations[`/src/assets/illustrations/${name}.svg`];
  if (!module) throw new Error(`No illustration "${name}" in src/assets/illustrations (scripts/generate-illustrations.mjs).`);
  return module.default;
}

/** The illustration name for a page path: "/solutions/aws/migration" → "solutions-aws-migration". */
export function illustrationNameForPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '').replaceAll('/', '-') || 'home';
}

/**
 * WebP at several widths with intrinsic width and height. Not AVIF: for these flat illustrations it
 * came out larger than WebP (16.1 KB against 11.8 KB at 1200 px) and doubled the build's image time.
 */
export async function responsivePicture(name: string, widths: readonly number[] = [480, 800, 1200]): Promise<PictureData> {
  const src = illustration(name);
  const formats = ['webp'] as const;
  const sources = await Promise.all(
    formats.map(async (format) => {
      const image = await getImage({ src, widths: [...widths], format, quality: 70 });
      return { type: `image/${format}`, srcset: image.srcSet.attribute };
    }),
  );
  const fallback = await getImage({ src, width: widths[Math.floor(widths.length / 2)], format: 'webp', quality: 70 });
  return {
    sources,
    src: fallback.src,
    width: Number(fallback.attributes.width ?? src.width),
    height: Number(fallback.attributes.height ?? src.height),
  };
}

/** The company's social preview card (public/og, written by scripts/generate-illustrations.mjs). */
export const defaultSocialImage = '/og/social-card.png';

/** A PNG of an illustration for Open Graph / Twitter cards (prerendered pages only). */
export async function socialImage(name: string): Promise<string> {
  const image = await getImage({ src: illustration(name), width: 1200, format: 'png' });
  return image.src;
}
