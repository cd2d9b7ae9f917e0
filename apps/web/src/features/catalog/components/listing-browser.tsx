import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SlidersHorizontal, X } from 'lucide-react';
import type { ProductSort } from '@marketplace/contracts/catalog';
import { Button } from '../../../components/button';
import { FilterSearch } from '../../../components/filter-search';
import { EmptyState, LoadError } from '../../../components/list-states';
import { ProductCard, ProductCardSkeletons } from '../../../components/product-card';
import { SelectField } from '../../../components/select-field';
import { describeApiError } from '../../../lib/api-error';
import { formatDollars } from '../../../lib/format';
import { isProductSort, PRODUCT_SORT_OPTIONS } from '../../../lib/product-sorts';
import { useListParams } from '../../../lib/use-list-params';
import { useListCategoriesQuery, useSearchProductsQuery } from '../storefront-api';
import { ProductFilters } from './product-filters';
import { LISTING_PAGE_SIZE, listingSearchArgs } from './listing-search-args';
import { formatNumber } from '@marketplace/domain/number-format';

// /products draws this on the first load of most visits, within the bundle budget (decision 0012).
// The filter sheet is drawn only on a phone, after a tap: its code downloads when the Filters button is
// pointed at or focused (or at the latest on the tap), not with the page.
const loadSlideOver = () => import('../../../components/slide-over');
const SlideOver = lazy(() => loadSlideOver().then((module) => ({ default: module.SlideOver })));
const preloadSlideOver = () => void loadSlideOver().catch(() => {});
// The page links sit under the grid, below the first screen: their code follows the cards instead of
// holding up the first paint.
const Pagination = lazy(() => import('../../../components/pagination').then((module) => ({ default: module.Pagination })));

/** Cards in the first row (up to four columns) load their image at once: one of them is the largest paint. */
const PRIORITY_IMAGE_COUNT = 4;
const FILTER_KEYS = ['q', 'category', 'minPrice', 'maxPrice', 'sort'] as const;

/** "$10.00", or the address's own text when it is not an amount (typed in the address, or sent by the price form before the app started): the list says why it found nothing. */
/** Whether the list was refused for its price range (`minPrice`/`maxPrice` not amounts): nothing to retry. */
function isUnreadablePrice(error: unknown): boolean {
  const { fieldErrors } = describeApiError(error);
  return 'minPrice' in fieldErrors || 'maxPrice' in fieldErrors;
}

function priceText(text: string) {
  try {
    return formatDollars(Number(text));
  } catch {
    return text;
  }
}

function priceChipText(minPrice: string, maxPrice: string): string {
  if (minPrice && maxPrice) return `${priceText(minPrice)} – ${priceText(maxPrice)}`;
  if (minPrice) return `From ${priceText(minPrice)}`;
  return `Up to ${priceText(maxPrice)}`;
}

/** What the listing says. */
export interface ListingText {
  searchLabel: string;
  searchPlaceholder: string;
  /** The noun the results are counted in: "1 product", "24 products". */
  one: string;
  other: string;
  /** The results' accessible name. */
  results: string;
  loadError: string;
  /** The empty result's title when the filters match nothing… */
  noMatch: string;
  /** …and its title and text when there is nothing at all. */
  emptyTitle: string;
  emptyText: string;
  pages: string;
}

/**
 * The whole catalogue's words (/products), the default: a default costs /products' first load fewer bytes
 * than props would, and that load is at its budget (decision 0012).
 */
const CATALOGUE_TEXT: ListingText = {
  searchLabel: 'Search products',
  searchPlaceholder: 'Try “leather wallet” — small typos are fine',
  one: 'product',
  other: 'products',
  results: 'Search results',
  loadError: 'Products could not be loaded',
  noMatch: 'No products match your search',
  emptyTitle: 'No products yet',
  emptyText: 'Sellers are adding their first products — check back soon.',
  pages: 'Product pages',
};

export interface ListingBrowserProps {
  /**
   * Only this seller's listings: a shop's, which sit in the shop's own Listings section. Without it, the
   * whole catalogue, its results a section of their own, headed (for screen readers) by `text.results`.
   */
  sellerId?: string;
  /** The words, when not the catalogue's. */
  text?: ListingText;
  /** What to offer when there is nothing at all (no filters in use). */
  emptyAction?: ReactNode;
}

/**
 * The catalogue's listing: search, category and price filters (a side panel, or a sheet on a phone), the
 * chips of the filters in use, sort, the product cards and the pages, all kept in the URL. /products and
 * a seller's shop (kept to that seller) draw it inside their own page.
 */
export function ListingBrowser({ sellerId, text = CATALOGUE_TEXT, emptyAction }: ListingBrowserProps) {
  const { filters, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const [isFilterSheetOpen, setIsFilterSheetOpen] = useState(false);
  const sort: ProductSort = isProductSort(filters.sort) ? filters.sort : 'relevance';
  const categories = useListCategoriesQuery();
  const [searchParams, setSearchParams] = useSearchParams();
  const results = useSearchProductsQuery(listingSearchArgs(searchParams, sellerId));
  const categoryName = categories.data?.find((item) => item.slug === filters.category)?.name ?? filters.category;

  // One URL change for both ends of the range, so back/forward steps over it once.
  const setPriceRange = (minPrice: string, maxPrice: string) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of [
        ['minPrice', minPrice],
        ['maxPrice', maxPrice],
      ] as const) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });
  };
  const filterPanel = (
    <ProductFilters
      categories={categories.data ?? []}
      category={filters.category}
      minPrice={filters.minPrice}
      maxPrice={filters.maxPrice}
      onCategoryChange={(slug) => setFilter('category', slug)}
      onPriceChange={setPriceRange}
    />
  );

  const chips: { key: string; text: string; onRemove: () => void }[] = [];
  if (filters.q) chips.push({ key: 'q', text: `“${filters.q}”`, onRemove: () => setFilter('q', '') });
  if (filters.category) chips.push({ key: 'category', text: categoryName, onRemove: () => setFilter('category', '') });
  if (filters.minPrice || filters.maxPrice)
    chips.push({ key: 'price', text: priceChipText(filters.minPrice, filters.maxPrice), onRemove: () => setPriceRange('', '') });

  const data = results.data;
  const items = data?.items ?? [];
  // A price range is counted only so far (docs/product/catalogue-speed.md): then "1,000+ products".
  const countText = (total: number, isTotalExact = true) =>
    isTotalExact ? `${formatNumber(total)} ${total === 1 ? text.one : text.other}` : `${formatNumber(total)}+ ${text.other}`;
  const Results = sellerId ? 'div' : 'section';

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSearch
          className="min-w-0 flex-1"
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={filters.q}
          onSearch={(query) => setFilter('q', query)}
        />
        <div className="flex items-end gap-2">
          <Button
            variant="secondary"
            className="lg:hidden"
            onPointerEnter={preloadSlideOver}
            onFocus={preloadSlideOver}
            onClick={() => setIsFilterSheetOpen(true)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            Filters
          </Button>
          <SelectField
            className="flex-1 sm:w-52"
            label="Sort by"
            value={sort}
            onChange={(event) => setFilter('sort', event.target.value === 'relevance' ? '' : event.target.value)}
            options={PRODUCT_SORT_OPTIONS}
          />
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[15rem_1fr]">
        <aside aria-label="Filters" className="hidden lg:block">
          {filterPanel}
        </aside>

        <Results aria-label={text.results} aria-busy={results.isFetching} className="min-w-0 space-y-4">
          {!sellerId && <h2 className="sr-only">{text.results}</h2>}
          <div className="flex flex-wrap items-center gap-2">
            <p className="mr-2 text-sm text-slate-600" aria-live="polite">
              {data ? countText(data.total, data.isTotalExact) : results.isLoading ? 'Searching…' : ''}
            </p>
            {chips.map((chip) => (
              <span
                key={chip.key}
                className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200"
              >
                {chip.text}
                <button type="button" onClick={chip.onRemove} className="grid size-6 place-items-center rounded-full hover:bg-brand-100">
                  <X className="size-3.5" aria-hidden />
                  <span className="sr-only">Remove filter {chip.text}</span>
                </button>
              </span>
            ))}
            {hasFilters && (
              <button type="button" onClick={clearFilters} className="text-sm font-medium text-brand-700 hover:text-brand-800">
                Clear all filters
              </button>
            )}
          </div>

          {results.isError && isUnreadablePrice(results.error) ? (
            // A price in the address that is not an amount (typed, or an old link): said plainly, with the way out.
            <EmptyState
              title="A price in this search is not an amount"
              action={
                <Button variant="secondary" onClick={() => setPriceRange('', '')}>
                  Remove the price
                </Button>
              }
            >
              Prices are in dollars, like 10 or 24.99.
            </EmptyState>
          ) : results.isError ? (
            <LoadError title={text.loadError} error={results.error} onRetry={() => void results.refetch()} isRetrying={results.isFetching} />
          ) : results.isLoading ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
              <ProductCardSkeletons count={8} />
            </ul>
          ) : items.length === 0 ? (
            <EmptyState
              title={hasFilters ? text.noMatch : text.emptyTitle}
              action={
                hasFilters ? (
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear all filters
                  </Button>
                ) : (
                  emptyAction
                )
              }
            >
              {hasFilters ? 'Try other words, another category or a wider price range.' : text.emptyText}
            </EmptyState>
          ) : (
            <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4 ${results.isFetching ? 'opacity-60' : ''}`}>
              {items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} priority={index < PRIORITY_IMAGE_COUNT} />
                </li>
              ))}
            </ul>
          )}

          {data && data.total > 0 && (
            <Suspense fallback={<div className="h-10" />}>
              <Pagination
                label={text.pages}
                page={data.page}
                totalPages={data.totalPages}
                totalItems={data.total}
                isTotalExact={data.isTotalExact}
                pageSize={LISTING_PAGE_SIZE}
                onPageChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
              />
            </Suspense>
          )}
        </Results>
      </div>

      <Suspense fallback={null}>
        {isFilterSheetOpen && (
          <SlideOver
            title="Filters"
            onClose={() => setIsFilterSheetOpen(false)}
            footer={
              <Button className="w-full" onClick={() => setIsFilterSheetOpen(false)}>
                Show {data ? countText(data.total, data.isTotalExact) : text.other}
              </Button>
            }
          >
            {filterPanel}
          </SlideOver>
        )}
      </Suspense>
    </>
  );
}
