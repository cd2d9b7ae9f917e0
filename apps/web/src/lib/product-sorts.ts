import type { ProductSort } from '@marketplace/contracts/catalog';

/**
 * The listing sorts a buyer picks from, the same words wherever listings are sorted: the catalogue
 * (/products), a shop page and the plain-language search results. Relevance is the default.
 */
export const PRODUCT_SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
  { value: 'newest', label: 'Newest' },
  { value: 'rating', label: 'Highest rated' },
];

export function isProductSort(value: string | null | undefined): value is ProductSort {
  return PRODUCT_SORT_OPTIONS.some((option) => option.value === value);
}
