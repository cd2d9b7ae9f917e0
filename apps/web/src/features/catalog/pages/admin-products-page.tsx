import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, EyeOff } from 'lucide-react';
import type { AdminProductSummary, ProductStatus } from '@marketplace/contracts/catalog';
import { Button } from '../../../components/button';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { FilterSearch } from '../../../components/filter-search';
import { ListResult } from '../../../components/list-result';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { ProductImage } from '../../../components/product-image';
import { SelectField } from '../../../components/select-field';
import { formatDate } from '../../../lib/format';
import { listingPriceText } from '../../../lib/listing-price';
import { useListParams } from '../../../lib/use-list-params';
import { useListAdminProductsQuery } from '../admin-api';
import { ProductStatusBadge } from '../components/product-status-badge';
import { ProductVisibilityDialog, type VisibilityChange } from '../components/product-visibility-dialog';

const PAGE_SIZE = 10;
const FILTER_KEYS = ['q', 'status'] as const;
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'hidden', label: 'Hidden' },
];

function VisibilityButton({ product, onChange }: { product: AdminProductSummary; onChange: (change: VisibilityChange) => void }) {
  const isActive = product.status === 'active';
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`${isActive ? 'Hide' : 'Restore'} ${product.title}`}
      onClick={() => onChange({ id: product.id, title: product.title, status: product.status })}
    >
      {isActive ? <EyeOff className="size-4 text-red-600" aria-hidden /> : <Eye className="size-4 text-brand-700" aria-hidden />}
      {isActive ? 'Hide' : 'Restore'}
    </Button>
  );
}

function ProductCell({ product }: { product: AdminProductSummary }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ProductImage src={product.image?.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg" />
      <div className="min-w-0">
        <Link to={`/admin/products/view/${product.id}`} className="line-clamp-2 font-medium text-slate-900 hover:text-brand-700">
          {product.title}
        </Link>
        <p className="truncate text-xs text-slate-500">{product.category.name}</p>
      </div>
    </div>
  );
}

function stockText(quantity: number): string {
  return quantity === 0 ? 'Out of stock' : `${quantity} in stock`;
}

function ProductsTable({ products, onChange }: { products: AdminProductSummary[]; onChange: (change: VisibilityChange) => void }) {
  const columns: DataColumn<AdminProductSummary>[] = [
    { header: 'Product', className: 'max-w-80', cell: (product) => <ProductCell product={product} /> },
    { header: 'Seller', className: 'max-w-48 truncate text-slate-700', cell: (product) => product.seller.companyName ?? '—' },
    { header: 'Price', align: 'right', className: 'font-medium tabular-nums', cell: (product) => listingPriceText(product) },
    {
      header: 'Stock',
      align: 'right',
      className: 'tabular-nums',
      cell: (product) => <span className={product.quantity === 0 ? 'text-red-700' : 'text-slate-700'}>{product.quantity}</span>,
    },
    { header: 'Status', cell: (product) => <ProductStatusBadge status={product.status} isDraft={product.isDraft} /> },
    { header: 'Listed', className: 'whitespace-nowrap text-slate-600', cell: (product) => formatDate(product.createdAt) },
    { header: 'Actions', hideHeader: true, align: 'right', cell: (product) => <VisibilityButton product={product} onChange={onChange} /> },
  ];
  return <DataTable caption="Products" columns={columns} rows={products} rowKey={(product) => product.id} />;
}

function ProductCards({ products, onChange }: { products: AdminProductSummary[]; onChange: (change: VisibilityChange) => void }) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Products">
      {products.map((product) => (
        <li key={product.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <ProductCell product={product} />
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-slate-900">{listingPriceText(product)}</span>
            <span className={product.quantity === 0 ? 'text-red-700' : 'text-slate-600'}>{stockText(product.quantity)}</span>
            <ProductStatusBadge status={product.status} isDraft={product.isDraft} />
          </div>
          <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
            <p className="min-w-0 truncate text-sm text-slate-600">{product.seller.companyName ?? '—'}</p>
            <VisibilityButton product={product} onChange={onChange} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AdminProductsPage() {
  const { filters, page, hasFilters, setFilter, setPage, clearFilters } = useListParams(FILTER_KEYS);
  const { data, error, isLoading, isFetching, refetch } = useListAdminProductsQuery({
    q: filters.q || undefined,
    status: (filters.status || undefined) as ProductStatus | undefined,
    page,
    limit: PAGE_SIZE,
  });
  const [change, setChange] = useState<VisibilityChange | null>(null);
  const products = data?.items ?? [];

  return (
    <div className="grid gap-6">
      <PageHeader title="Products" description="Every listing on the marketplace. Hide one that breaks the rules, or restore it." />

      <FilterBar
        className="sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
        hasFilters={hasFilters}
        onClear={clearFilters}
      >
        <FilterSearch label="Search products" placeholder="Title or description" value={filters.q} onSearch={(query) => setFilter('q', query)} />
        <SelectField label="Status" options={STATUS_OPTIONS} value={filters.status} onChange={(event) => setFilter('status', event.target.value)} />
      </FilterBar>

      <ListResult
        noun="products"
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        hasData={Boolean(data)}
        isEmpty={products.length === 0}
        onRetry={() => void refetch()}
        emptyText={hasFilters ? 'Try another search or clear the filters.' : 'Sellers have not listed anything yet.'}
      >
        <ProductsTable products={products} onChange={setChange} />
        <ProductCards products={products} onChange={setChange} />
        {data && (
          <Pagination
            label="Products pages"
            page={data.page}
            totalPages={data.totalPages}
            totalItems={data.total}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
          />
        )}
      </ListResult>

      <ProductVisibilityDialog change={change} onClose={() => setChange(null)} />
    </div>
  );
}
