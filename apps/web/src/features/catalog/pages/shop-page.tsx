import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CalendarDays, MapPin, RotateCcw, SlidersHorizontal, Store, Truck, X } from 'lucide-react';
import type { ProductSort } from '@marketplace/contracts/catalog';
import type { ShopResponse } from '@marketplace/contracts/shops';
import { usStates } from '@marketplace/domain/us-address';
import { Button, buttonClasses } from '../../../components/button';
import { FilterSearch } from '../../../components/filter-search';
import { EmptyState, LoadError, LoadingState } from '../../../components/list-states';
import { ProductCard, ProductCardSkeletons } from '../../../components/product-card';
import { SelectField } from '../../../components/select-field';
import { StarRating } from '../../../components/star-rating';
import { describeApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDollars } from '../../../lib/format';
import { isProductSort, PRODUCT_SORT_OPTIONS } from '../../../lib/product-sorts';
import { useListParams } from '../../../lib/use-list-params';
import { ProductFilters } from '../components/product-filters';
import { useGetShopQuery } from '../shop-api';
import { useListCategoriesQuery, useSearchProductsQuery } from '../storefront-api';

// The filter sheet (phones only) and the page links load when needed, as on /products.
const loadSlideOver = () => import('../../../components/slide-over');
const SlideOver = lazy(() => loadSlideOver().then((module) => ({ default: module.SlideOver })));
const preloadSlideOver = () => void loadSlideOver().catch(() => {});
const Pagination = lazy(() => import('../../../components/pagination').then((module) => ({ default: module.Pagination })));

const PAGE_SIZE = 24;
const PRIORITY_IMAGE_COUNT = 4;
const FILTER_KEYS = ['q', 'category', 'minPrice', 'maxPrice', 'sort'] as const;


const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** "Selling since March 2025" */
export function sellingSince(iso: string): string {
  return `Selling since ${monthYear.format(new Date(iso))}`;
}

/** "Ships within 2 business days" */
export function handlingText(days: number): string {
  return `Ships within ${days} business ${days === 1 ? 'day' : 'days'}`;
}

/** The return policy in words. */
export function returnPolicyText(policy: ShopResponse['seller']['returnPolicy']): string {
  if (!policy.acceptsReturns) return 'This seller does not accept returns';
  const window = `Returns accepted within ${policy.windowDays} ${policy.windowDays === 1 ? 'day' : 'days'} of delivery`;
  return policy.restockingFeePercent > 0 ? `${window}, ${policy.restockingFeePercent}% restocking fee` : `${window}, no restocking fee`;
}

const stateName = (code: string) => usStates.find((state) => state.code === code)?.name ?? code;

function priceChipText(minPrice: string, maxPrice: string): string {
  if (minPrice && maxPrice) return `${formatDollars(Number(minPrice))} – ${formatDollars(Number(maxPrice))}`;
  if (minPrice) return `From ${formatDollars(Number(minPrice))}`;
  return `Up to ${formatDollars(Number(maxPrice))}`;
}

/** The shop's card: name, rating, and the facts a buyer weighs before ordering. */
function ShopHeader({ shop }: { shop: ShopResponse }) {
  const { seller } = shop;
  useDocumentTitle(seller.name);
  const facts = [
    { icon: CalendarDays, text: sellingSince(seller.memberSince) },
    seller.shipsFromState ? { icon: MapPin, text: `Ships from ${stateName(seller.shipsFromState)}` } : null,
    seller.handlingDays ? { icon: Truck, text: handlingText(seller.handlingDays) } : null,
    { icon: RotateCcw, text: returnPolicyText(seller.returnPolicy) },
  ].filter((fact) => fact !== null);
  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-800 sm:size-14">
          <Store className="size-6 sm:size-7" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{seller.name}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {seller.rating.average !== null && seller.rating.count > 0 ? (
              <StarRating value={seller.rating.average} count={seller.rating.count} showValue />
            ) : (
              <span>No reviews yet</span>
            )}
            <span aria-hidden className="text-slate-300">
              ·
            </span>
            <span>
              {shop.listingCount} {shop.listingCount === 1 ? 'listing' : 'listings'}
            </span>
          </div>
        </div>
      </div>
      <ul aria-label="About this shop" className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        {facts.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2">
            <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </header>
  );
}

/** The shop's listings: the catalogue's search, filters, sort and pages, kept to this seller. */
function ShopListings({ sellerId }: { sellerId: string }) {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const [isFilterSheetOpen, setIsFilterSheetOpen] = useState(false);
  const sort: ProductSort = isProductSort(filters.sort) ? filters.sort : 'relevance';
  const categories = useListCategoriesQuery();
  const results = useSearchProductsQuery({
    sellerId,
    q: filters.q,
    category: filters.category,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    sort: filters.sort ? sort : undefined,
    page,
    limit: PAGE_SIZE,
  });
  const categoryName = categories.data?.find((item) => item.slug === filters.category)?.name ?? filters.category;

  const [, setSearchParams] = useSearchParams();
  const setPriceRange = (minPrice: string, maxPrice: string) => {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of [['minPrice', minPrice], ['maxPrice', maxPrice]] as const) {
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
  if (filters.minPrice || filters.maxPrice) chips.push({ key: 'price', text: priceChipText(filters.minPrice, filters.maxPrice), onRemove: () => setPriceRange('', '') });

  const data = results.data;
  const items = data?.items ?? [];
  const countText = (total: number) => `${total} ${total === 1 ? 'listing' : 'listings'}`;

  return (
    <section aria-labelledby="shop-listings-title" className="space-y-4">
      <h2 id="shop-listings-title" className="text-lg font-semibold text-slate-900">
        Listings
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FilterSearch className="min-w-0 flex-1" label="Search this shop" placeholder="Search listings" value={filters.q} onSearch={(query) => setFilter('q', query)} />
        <div className="flex items-end gap-2">
          <Button variant="secondary" className="lg:hidden" onPointerEnter={preloadSlideOver} onFocus={preloadSlideOver} onClick={() => setIsFilterSheetOpen(true)}>
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

        <div aria-label="Shop listings" aria-busy={results.isFetching} className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <p className="mr-2 text-sm text-slate-600" aria-live="polite">
              {data ? countText(data.total) : results.isLoading ? 'Searching…' : ''}
            </p>
            {chips.map((chip) => (
              <span key={chip.key} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 ring-1 ring-brand-200">
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

          {results.isError ? (
            <LoadError title="This shop's listings could not be loaded" error={results.error} onRetry={() => void results.refetch()} isRetrying={results.isFetching} />
          ) : results.isLoading ? (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4">
              <ProductCardSkeletons count={8} />
            </ul>
          ) : items.length === 0 ? (
            <EmptyState
              title={hasFilters ? 'No listings in this shop match your search' : 'No listings right now'}
              action={
                hasFilters ? (
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear all filters
                  </Button>
                ) : (
                  <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
                    Browse all products
                  </Link>
                )
              }
            >
              {hasFilters ? 'Try other words, another category or a wider price range.' : 'This seller has nothing for sale at the moment — check back soon.'}
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
                label="Shop pages"
                page={data.page}
                totalPages={data.totalPages}
                totalItems={data.total}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => {
                  setPage(next);
                  window.scrollTo({ top: 0 });
                }}
              />
            </Suspense>
          )}
        </div>
      </div>

      <Suspense fallback={null}>
        {isFilterSheetOpen && (
          <SlideOver
            title="Filters"
            onClose={() => setIsFilterSheetOpen(false)}
            footer={
              <Button className="w-full" onClick={() => setIsFilterSheetOpen(false)}>
                Show {data ? countText(data.total) : 'listings'}
              </Button>
            }
          >
            {filterPanel}
          </SlideOver>
        )}
      </Suspense>
    </section>
  );
}

function ShopNotFound() {
  useDocumentTitle('Shop not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-100 text-brand-800">
        <Store className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-semibold text-brand-800">Error 404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">Shop not found</h1>
      <p className="mt-3 text-slate-600">This shop does not exist or is not open right now. The link may be mistyped.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/products" className={buttonClasses()}>
          Browse products
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Go to the home page
        </Link>
      </div>
    </section>
  );
}

/** /shop/:sellerId: the seller's card (rating, since when, ships from, handling time, returns) and their listings. */
export function ShopPage() {
  const { sellerId = '' } = useParams();
  const shop = useGetShopQuery(sellerId);

  if (shop.isLoading) return <LoadingState label="Loading shop…" />;
  if (shop.isError) {
    const { status } = describeApiError(shop.error);
    if (status === 404 || status === 400) return <ShopNotFound />;
    return <LoadError title="This shop could not be loaded" error={shop.error} onRetry={() => void shop.refetch()} isRetrying={shop.isFetching} />;
  }
  if (!shop.data) return null;
  return (
    <div className="space-y-8">
      <ShopHeader shop={shop.data} />
      <ShopListings sellerId={shop.data.seller.id} />
    </div>
  );
}
