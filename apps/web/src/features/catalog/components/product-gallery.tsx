import { useState } from 'react';
import type { ProductImage as ProductPhoto } from '@marketplace/contracts/catalog';
import { ProductImage, srcSetOf } from '../../../components/product-image';

/**
 * How wide the gallery shows its photo (product-details-page.tsx): the page's width less its margins on a
 * phone or a tablet; half of it beside the details from 1024 px, at most half of the 80rem page.
 */
export const GALLERY_PHOTO_SIZES = '(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 48px), calc(100vw - 32px)';

/** The cover large, the other photos as thumbnails that swap it. */
/** `shownId`: the photo the buyer's choice shows (a colour's), brought forward when the choice changes. */
export function ProductGallery({ title, images, shownId = null }: { title: string; images: ProductPhoto[]; shownId?: string | null }) {
  const [selectedIndex, setSelectedIndex] = useState(0);
  // Adjusted while drawing when the choice's photo changes; the buyer may still look at the others after.
  const [lastShownId, setLastShownId] = useState<string | null>(null);
  if (shownId !== lastShownId) {
    setLastShownId(shownId);
    const index = images.findIndex((image) => image.id === shownId);
    if (index >= 0) setSelectedIndex(index);
  }
  const selected = images[selectedIndex] ?? images[0];

  return (
    <div className="space-y-3">
      <ProductImage
        src={selected?.url}
        srcSet={srcSetOf(selected?.variants)}
        sizes={GALLERY_PHOTO_SIZES}
        alt={images.length > 1 ? `${title}, photo ${selectedIndex + 1} of ${images.length}` : title}
        className="aspect-square w-full rounded-2xl border border-slate-200"
        priority
      />
      {images.length > 1 && (
        <ul className="grid grid-cols-5 gap-2 sm:grid-cols-6" aria-label="Photos">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show photo ${index + 1} of ${images.length}`}
                aria-pressed={index === selectedIndex}
                onClick={() => setSelectedIndex(index)}
                className={`block w-full overflow-hidden rounded-lg ring-offset-2 ${index === selectedIndex ? 'ring-2 ring-brand-600' : 'ring-1 ring-slate-200 hover:ring-slate-400'}`}
              >
                <ProductImage src={image.thumbnailUrl} alt="" className="aspect-square w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
