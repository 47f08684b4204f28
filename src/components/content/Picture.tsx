import type { PictureData } from '@/lib/picture';

export interface PictureProps {
  image: PictureData;
  /** Empty for decorative illustrations. */
  alt: string;
  sizes: string;
  className?: string;
  /** The hero image is above the fold: load it at once and early. */
  priority?: boolean;
}

export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt}
        sizes={sizes}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
        className={className}
      />
    </picture>
  );
}
