import { Link } from 'react-router';
import { PackagePlus } from 'lucide-react';
import type { SellerProductSummary } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { ProductImage } from '../../../components/product-image';
import { SearchBox } from '../../../components/search-box';
import { Spinner } from '../../../components/spinner';
import { useListParams } from '../../../lib/use-list-params';
import { useListSellerProductsQuery } from '../seller-api';
import { ListingStatusBadge, LOW_STOCK_HINT, StockBadge } from '../components/listing-badges';
import { SetStockForm } from '../components/set-stock-form';

const PAGE_SIZE = 20;
const FILTER_KEYS = ['q', 'lowStock'] as const;

function InventoryRow({ product }: { product: SellerProductSummary }) {
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <ProductImage src={product.image?.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg" />
        <div className="min-w-0">
          <Link to={`/seller/listing/inventory/${product.id}`} className="line-clamp-1 font-medium text-slate-900 hover:text-brand-700">
            {product.title}
          </Link>
          <div className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="tabular-nums">{product.quantity} in stock</span>
            <StockBadge quantity={product.quantity} />
            {product.status === 'hidden' && <ListingStatusBadge status="hidden" isDraft={product.isDraft} />}
          </div>
        </div>
      </div>
      <div className="flex items-end gap-2">
        {/* Keyed on the stock so a saved or restocked value shows up in the box. */}
        {product.hasVariants ? (
          <Link
            to={`/seller/listing/inventory/${product.id}`}
            className={buttonClasses({ variant: 'secondary' })}
            aria-label={`Stock per variant of ${product.title}`}
          >
            Stock per variant
          </Link>
        ) : (
          <SetStockForm key={product.quantity} productId={product.id} productTitle={product.title} quantity={product.quantity} compact />
        )}
        <Link to={`/seller/listing/addInventory/${product.id}`} className={buttonClasses({ variant: 'ghost' })} aria-label={`Restock ${product.title}`}>
          <PackagePlus className="size-4" aria-hidden /> Restock
        </Link>
      </div>
    </li>
  );
}

export function SellerInventoryPage() {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const isLowStockOnly = filters.lowStock === 'true';
  const { data, isLoading, isError, isFetching, refetch } = useListSellerProductsQuery({
    q: filters.q || undefined,
    lowStock: isLowStockOnly ? 'true' : undefined,
    page,
    limit: PAGE_SIZE,
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Inventory" description={`Stock for every listing. ${LOW_STOCK_HINT}`} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <SearchBox
            key={filters.q}
            label="Search your inventory"
            placeholder="Search by title"
            defaultValue={filters.q}
            onSearch={(query) => setFilter('q', query)}
          />
        </div>
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={isLowStockOnly}
            onChange={(event) => setFilter('lowStock', event.target.checked ? 'true' : '')}
            className="size-4 rounded border-slate-300 accent-brand-700"
          />
          Low stock only
        </label>
        {hasFilters && (
          <Button variant="ghost" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>

      {isLoading ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner className="size-4" /> Loading your inventory…
        </p>
      ) : isError || !data ? (
        <Alert
          title="Your inventory could not be loaded"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()} isBusy={isFetching}>
              Try again
            </Button>
          }
        >
          Check your connection and try again.
        </Alert>
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {isLowStockOnly ? 'Nothing is running low. Well stocked!' : hasFilters ? 'No listings match your search.' : 'You have no listings yet.'}{' '}
          {!hasFilters && (
            <Link to="/seller/listing/add" className="font-medium text-brand-700 underline">
              Add a listing
            </Link>
          )}
        </p>
      ) : (
        <div className="space-y-4">
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" aria-label="Stock by listing">
            {data.items.map((product) => (
              <InventoryRow key={product.id} product={product} />
            ))}
          </ul>
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            totalItems={data.total}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            label="Inventory pages"
          />
        </div>
      )}
    </div>
  );
}
