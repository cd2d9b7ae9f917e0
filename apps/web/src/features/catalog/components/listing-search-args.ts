import { isProductSort } from '../../../lib/product-sorts';
import type { ProductSearchArgs } from '../storefront-api';

export const LISTING_PAGE_SIZE = 24;

/**
 * The catalogue query a listing asks for at these search params (a shop's when `sellerId` is given): one
 * definition for the listing itself and the server's render, which asks for it before drawing the page.
 */
export function listingSearchArgs(searchParams: URLSearchParams, sellerId?: string): ProductSearchArgs {
  const sort = searchParams.get('sort') ?? '';
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    sellerId,
    q: searchParams.get('q') ?? '',
    category: searchParams.get('category') ?? '',
    minPrice: searchParams.get('minPrice') ?? '',
    maxPrice: searchParams.get('maxPrice') ?? '',
    sort: sort ? (isProductSort(sort) ? sort : 'relevance') : undefined,
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    limit: LISTING_PAGE_SIZE,
  };
}
