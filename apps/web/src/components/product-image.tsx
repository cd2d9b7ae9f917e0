import { useState } from 'react';
import { ImageOff } from 'lucide-react';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** The page's main image (its largest paint): load it at once with high priority instead of lazily. */
  priority?: boolean;
  /** The photo's sizes (`srcset`) and how wide the page shows it (`sizes`): a phone loads the size it needs. */
  srcSet?: string | undefined;
  sizes?: string | undefined;
}

/** A `srcset` of a photo's sizes (narrowest first, as the API lists them); undefined with fewer than two. */
export function srcSetOf(variants: ReadonlyArray<{ url: string; width: number }> | undefined): string | undefined {
  return variants && variants.length > 1 ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : undefined;
}

/** A product photo that shows a placeholder icon when there is none or it fails to load (docs/product/errors.md). */
export function ProductImage({ src, alt, className = '', priority = false, srcSet, sizes }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt} (image unavailable)` : 'Image unavailable'}
        className={`grid place-items-center bg-slate-100 text-slate-400 ${className}`}
      >
        <ImageOff className="size-1/3 max-h-8 max-w-8 min-h-4 min-w-4" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailedSrc(src)}
      className={`bg-slate-100 object-cover ${className}`}
    />
  );
}
