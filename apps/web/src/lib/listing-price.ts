import { formatDollars } from './format';

/** A listing's price in a list: "From $89.00" for one with variants (its lowest price on sale, decision 0043). */
export function listingPriceText(product: { price: number; hasVariants: boolean }): string {
  return product.hasVariants ? `From ${formatDollars(product.price)}` : formatDollars(product.price);
}
