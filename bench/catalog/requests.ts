// The catalogue requests the catalogue benches measure: the bare list, a filtered list, a word search,
// a typo search, deep pages, the AI search's word and typo searches, and the product page. One list,
// read by explain.ts (plans, one request alone) and by bench/http/run.ts (throughput; the product page
// there is its own row, varied over 5,000 listings).

export interface CatalogRequest {
  name: string;
  label: string;
  kind: 'products' | 'ai' | 'detail';
  /** The query string, as the web app sends it. */
  query: Record<string, string | number>;
}

const page = { page: 1, limit: 20 };

export const CATALOG_REQUESTS: CatalogRequest[] = [
  { name: 'list', label: 'GET /api/products, page 1 of 20, no query', kind: 'products', query: { ...page, sort: 'relevance' } },
  {
    name: 'list-filtered',
    label: 'GET /api/products?category=audio&minPrice=20&maxPrice=200&sort=price_asc',
    kind: 'products',
    query: { ...page, category: 'audio', minPrice: 20, maxPrice: 200, sort: 'price_asc' },
  },
  // A narrow price range far from the cheapest listings, in price order and newest first: a listing with
  // variants is found by any of its prices (price-range.repository.ts), and its "From" price may lie below the range.
  {
    name: 'list-price-range',
    label: 'GET /api/products?minPrice=500&maxPrice=520&sort=price_asc',
    kind: 'products',
    query: { ...page, minPrice: 500, maxPrice: 520, sort: 'price_asc' },
  },
  {
    name: 'list-price-range-newest',
    label: 'GET /api/products?minPrice=500&maxPrice=520&sort=newest',
    kind: 'products',
    query: { ...page, minPrice: 500, maxPrice: 520, sort: 'newest' },
  },
  { name: 'list-deep', label: 'GET /api/products, page 200, no query', kind: 'products', query: { page: 200, limit: 20, sort: 'relevance' } },
  { name: 'word-search', label: 'GET /api/products?q=headphones', kind: 'products', query: { ...page, q: 'headphones', sort: 'relevance' } },
  {
    name: 'two-word-search',
    label: 'GET /api/products?q=wireless headphones',
    kind: 'products',
    query: { ...page, q: 'wireless headphones', sort: 'relevance' },
  },
  {
    name: 'common-words-search',
    label: 'GET /api/products?q=great shape (two words nearly every listing has)',
    kind: 'products',
    query: { ...page, q: 'great shape', sort: 'relevance' },
  },
  {
    name: 'word-search-price-range',
    label: 'GET /api/products?q=headphones&minPrice=100&maxPrice=300',
    kind: 'products',
    query: { ...page, q: 'headphones', minPrice: 100, maxPrice: 300, sort: 'relevance' },
  },
  { name: 'typo-search', label: 'GET /api/products?q=hedphones', kind: 'products', query: { ...page, q: 'hedphones', sort: 'relevance' } },
  {
    name: 'word-search-deep',
    label: 'GET /api/products?q=headphones, page 200',
    kind: 'products',
    query: { page: 200, limit: 20, q: 'headphones', sort: 'relevance' },
  },
  { name: 'ai-word-search', label: 'GET /api/search/ai?q=headphones', kind: 'ai', query: { ...page, q: 'headphones' } },
  { name: 'ai-typo-search', label: 'GET /api/search/ai?q=hedphones', kind: 'ai', query: { ...page, q: 'hedphones' } },
  { name: 'detail', label: 'GET /api/products/:id', kind: 'detail', query: {} },
];

/** The request's path and query string, as the web app sends it. */
export function pathOf(request: CatalogRequest): string {
  const parameters = new URLSearchParams(Object.entries(request.query).map(([key, value]) => [key, String(value)]));
  return `${request.kind === 'ai' ? '/api/search/ai' : '/api/products'}?${parameters}`;
}
