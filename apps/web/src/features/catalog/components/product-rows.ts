import type { ProductSort } from '@marketplace/contracts/catalog';
import type { ProductSearchArgs } from '../storefront-api';

const PRODUCT_ROW_SIZE = 8;

/** The home page's rows of products, in order. */
export const HOME_ROWS: ReadonlyArray<{ id: string; title: string; description: string; sort: ProductSort }> = [
  { id: 'featured-title', title: 'Featured', description: 'Standout pieces from our sellers.', sort: 'price_desc' },
  { id: 'new-arrivals-title', title: 'New arrivals', description: 'Just listed — be the first to get them.', sort: 'newest' },
];

/** What a row asks for: one definition for the row and the server's render, which asks for it before drawing. */
export const productRowArgs = (sort: ProductSort): ProductSearchArgs => ({ sort, limit: PRODUCT_ROW_SIZE });
