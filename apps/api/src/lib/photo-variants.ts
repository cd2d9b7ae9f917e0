// The sizes a listing's photo is kept in (docs/product/uploads.md): the photo itself (at most 1,600 px on its
// longer side), a medium size for a phone's screen and a thumbnail for lists. Kept apart from the image
// processing so that the read side names the sizes without loading sharp.

export const THUMBNAIL_MAX_SIDE = 320;
/** A photo as wide as a phone shows it (about 400 CSS pixels at twice the density): a product page's largest paint. */
export const MEDIUM_MAX_SIDE = 800;

export interface PhotoVariant {
  url: string;
  width: number;
}

/** The width of a photo resized to fit inside a square of `side` (sharp's `fit: 'inside'`), never enlarged. */
export function widthInside(width: number, height: number, side: number): number {
  if (Math.max(width, height) <= side) return width;
  return width >= height ? side : Math.max(1, Math.round((width * side) / height));
}

/**
 * A photo's sizes, narrowest first, as a `srcset` lists them: the thumbnail, the medium size when there is one
 * of its own, the photo. Empty when the photo's size is unknown (it then has only its `url`).
 */
export function photoVariants(
  image: { fileKey: string; thumbnailKey: string | null; mediumKey: string | null; width: number | null; height: number | null },
  urlFor: (key: string) => string,
): PhotoVariant[] {
  const { width, height } = image;
  if (!width || !height) return [];
  const variants: PhotoVariant[] = [];
  // Each size only when it is narrower than the next: a small photo's thumbnail is the photo again.
  const add = (key: string | null, variantWidth: number) => {
    if (key && key !== image.fileKey && variantWidth < width && variants.every((variant) => variant.width < variantWidth)) {
      variants.push({ url: urlFor(key), width: variantWidth });
    }
  };
  add(image.thumbnailKey, widthInside(width, height, THUMBNAIL_MAX_SIDE));
  add(image.mediumKey, widthInside(width, height, MEDIUM_MAX_SIDE));
  variants.push({ url: urlFor(image.fileKey), width });
  return variants;
}
