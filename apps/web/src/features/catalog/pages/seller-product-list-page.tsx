import { Link } from 'react-router';
import { Boxes, Eye, FileSpreadsheet, PackagePlus, Pencil, Plus, ScanEye } from 'lucide-react';
import type { ProductStatus, SellerProductSummary } from '@marketplace/contracts/catalog';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { ProductImage } from '../../../components/product-image';
import { SearchBox } from '../../../components/search-box';
import { Spinner } from '../../../components/spinner';
import { listingPriceText } from '../../../lib/listing-price';
import { useListParams } from '../../../lib/use-list-params';
import { useListSellerProductsQuery } from '../seller-api';
import { ListingStatusBadge, StockLevel } from '../components/listing-badges';

const PAGE_SIZE = 10;
const FILTER_KEYS = ['q', 'status'] as const;

/** A page action that leads to another page, drawn as a button with its icon. */
function ActionLink({ to, icon: Icon, label, variant }: { to: string; icon: typeof Plus; label: string; variant?: 'secondary' }) {
  return (
    <Link to={to} className={buttonClasses({ variant })}>
      <Icon className="size-4" aria-hidden />
      {label}
    </Link>
  );
}

function AddListingLink({ label = 'Add listing' }: { label?: string }) {
  return <ActionLink to="/seller/listing/add" icon={Plus} label={label} />;
}

function RowActions({ product, isCompact = false }: { product: SellerProductSummary; isCompact?: boolean }) {
  const link = `inline-flex h-9 items-center gap-1.5 rounded-lg text-sm font-medium text-brand-700 hover:bg-brand-50 ${isCompact ? 'px-1.5' : 'px-2.5'}`;
  return (
    <div className={`flex gap-1 ${isCompact ? 'flex-nowrap' : 'flex-wrap'}`}>
      <Link to={`/seller/product-list/view/${product.id}`} className={link} aria-label={`View ${product.title}`}>
        <Eye className="size-4" aria-hidden /> View
      </Link>
      <Link to={`/products/${product.id}`} className={link} aria-label={`Preview ${product.title} as buyers see it`}>
        <ScanEye className="size-4" aria-hidden /> Preview
      </Link>
      <Link to={`/seller/product-list/edit/${product.id}`} className={link} aria-label={`Edit ${product.title}`}>
        <Pencil className="size-4" aria-hidden /> Edit
      </Link>
      <Link to={`/seller/listing/inventory/${product.id}`} className={link} aria-label={`Inventory for ${product.title}`}>
        <Boxes className="size-4" aria-hidden /> Inventory
      </Link>
    </div>
  );
}

function ProductsTable({ products }: { products: SellerProductSummary[] }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Your products</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Product
            </th>
            <th scope="col" className="px-4 py-3">
              Price
            </th>
            <th scope="col" className="px-4 py-3">
              Stock
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="py-3 pr-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {products.map((product) => (
            <tr key={product.id} className="align-middle">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <ProductImage src={product.image?.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg" />
                  <div className="min-w-0">
                    <Link to={`/seller/product-list/view/${product.id}`} className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700">
                      {product.title}
                    </Link>
                    <p className="text-xs text-slate-500">{product.category.name}</p>
                  </div>
                </div>
              </td>
              <td className="px-4 py-3 font-medium whitespace-nowrap tabular-nums">{listingPriceText(product)}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                <StockLevel quantity={product.quantity} />
              </td>
              <td className="px-4 py-3">
                <ListingStatusBadge status={product.status} isDraft={product.isDraft} />
              </td>
              <td className="py-3 pr-3">
                <RowActions product={product} isCompact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductCards({ products }: { products: SellerProductSummary[] }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Your products">
      {products.map((product) => (
        <li key={product.id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <div className="flex gap-3">
            <ProductImage src={product.image?.thumbnailUrl} alt="" className="size-20 shrink-0 rounded-lg" />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 font-medium text-slate-900">{product.title}</p>
              <p className="text-xs text-slate-500">{product.category.name}</p>
              <p className="mt-1 font-semibold tabular-nums">{listingPriceText(product)}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <StockLevel quantity={product.quantity} />
                <ListingStatusBadge status={product.status} isDraft={product.isDraft} />
              </div>
            </div>
          </div>
          <div className="mt-2 border-t border-slate-100 pt-2">
            <RowActions product={product} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SellerProductListPage() {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const status = filters.status === 'active' || filters.status === 'hidden' ? (filters.status as ProductStatus) : undefined;
  const { data, isLoading, isFetching, isError, refetch } = useListSellerProductsQuery({ q: filters.q || undefined, status, page, limit: PAGE_SIZE });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Product List"
        description="Every product in your store with its price, stock and status."
        actions={
          <>
            <ActionLink to="/seller/product-list/csv" icon={FileSpreadsheet} label="Import / export CSV" variant="secondary" />
            <AddListingLink />
          </>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          {/* Keyed on the query so Back/Forward and "Clear filters" reset the box. */}
          <SearchBox
            key={filters.q}
            label="Search your products"
            placeholder="Search by title"
            defaultValue={filters.q}
            onSearch={(query) => setFilter('q', query)}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="status-filter" className="text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="status-filter"
            value={status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm sm:text-sm"
          >
            <option value="">All</option>
            <option value="active">Active</option>
            <option value="hidden">Hidden</option>
          </select>
          {hasFilters && (
            <Button variant="ghost" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </div>
      </div>

      {isLoading ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner className="size-4" /> Loading your products…
        </p>
      ) : isError ? (
        <Alert
          title="Your products could not be loaded"
          action={
            <Button variant="secondary" size="sm" onClick={() => void refetch()} isBusy={isFetching}>
              Try again
            </Button>
          }
        >
          Check your connection and try again.
        </Alert>
      ) : !data || data.items.length === 0 ? (
        hasFilters ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium text-slate-900">No products match these filters</p>
            <Button variant="secondary" className="mt-4" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
              <PackagePlus className="size-6" aria-hidden />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">Your shop is ready for its first product</h2>
            <p className="mx-auto mt-1 max-w-md text-slate-600">
              Add a title, price and stock, then take photos with your phone. Buyers can find it as soon as it has a photo.
            </p>
            <div className="mt-6">
              <AddListingLink label="Add your first listing" />
            </div>
          </div>
        )
      ) : (
        <div className={`space-y-4 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
          <ProductsTable products={data.items} />
          <ProductCards products={data.items} />
          <Pagination page={data.page} totalPages={data.totalPages} totalItems={data.total} pageSize={PAGE_SIZE} onPageChange={setPage} label="Product pages" />
        </div>
      )}
    </div>
  );
}
