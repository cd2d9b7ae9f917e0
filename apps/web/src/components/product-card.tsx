import { Link } from 'react-router';
import type { ProductSummary } from '@marketplace/contracts/catalog';
import { listingPriceText } from '../lib/listing-price';
import { describeStock, STOCK_TONE_CLASSES } from '../lib/stock';
import { ProductImage } from './product-image';
import { StarRating } from './star-rating';

/**
 * One product in a grid: cover, title (the link, so the card is named after the product), price,
 * its rating once reviewed, seller and a stock hint. The whole card is clickable through the title link's overlay.
 */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const stock = describeStock(product.quantity);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500">
      <ProductImage src={product.image?.thumbnailUrl ?? product.image?.url} alt="" className="aspect-square w-full" priority={priority} />
      <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
        <h3 className="line-clamp-2 text-sm font-medium text-slate-900 sm:text-base">
          <Link to={`/products/${product.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </Link>
        </h3>
        {/* A listing with variants shows its lowest price on sale (decision 0043). */}
        <p className="text-base font-semibold text-slate-900">{listingPriceText(product)}</p>
        {product.averageRating !== null && product.reviewCount > 0 && <StarRating value={product.averageRating} count={product.reviewCount} />}
        <p className="truncate text-xs text-slate-500">
          <Link to={`/shop/${product.seller.id}`} className="relative z-10 hover:text-brand-700 hover:underline">
            <span className="sr-only">Sold by</span> {product.seller.companyName ?? 'Independent seller'}
          </Link>
        </p>
        <p className={`mt-auto pt-1 text-xs font-medium ${STOCK_TONE_CLASSES[stock.tone]}`}>{stock.text}</p>
      </div>
    </article>
  );
}

/** Placeholder cards while a grid loads. */
export function ProductCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} aria-hidden className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <div className="aspect-square animate-pulse bg-slate-200" />
          <div className="space-y-2 p-4">
            <div className="h-3 w-4/5 animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
          </div>
        </li>
      ))}
    </>
  );
}
