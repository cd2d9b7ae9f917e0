import { Link } from 'react-router';
import { Boxes, PackagePlus, Pencil, Plus } from 'lucide-react';
import type { SellerProductSummary } from '@marketplace/contracts/catalog';
import { MAX_PAGE_SIZE } from '@marketplace/contracts/catalog';
import { isOutOfStock } from '@marketplace/domain/inventory';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { Spinner } from '../../../components/spinner';
import { formatDollars } from '../../../lib/format';
import { useListSellerProductsQuery } from '../seller-api';
import { ListingStatusBadge, StockLevel } from '../components/listing-badges';

interface Group {
  key: string;
  title: string;
  description: string;
  items: SellerProductSummary[];
}

/** Listings that need the seller first: sold out, then running low, then the rest, then hidden ones. */
function groupListings(items: SellerProductSummary[]): Group[] {
  const hidden = items.filter((item) => item.status === 'hidden');
  const active = items.filter((item) => item.status === 'active');
  return [
    {
      key: 'out',
      title: 'Out of stock',
      description: 'Buyers cannot order these until you restock.',
      items: active.filter((item) => isOutOfStock(item.quantity)),
    },
    { key: 'low', title: 'Running low', description: 'Restock soon so you do not miss sales.', items: active.filter((item) => item.isLowStock) },
    {
      key: 'active',
      title: 'On sale',
      description: 'Live in search with enough stock.',
      items: active.filter((item) => !item.isLowStock && !isOutOfStock(item.quantity)),
    },
    { key: 'hidden', title: 'Hidden', description: 'Not shown to buyers.', items: hidden },
  ];
}

function ListingRow({ product }: { product: SellerProductSummary }) {
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:p-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <ProductImage src={product.image?.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg" />
        <div className="min-w-0">
          <Link to={`/seller/product-list/view/${product.id}`} className="line-clamp-1 font-medium text-slate-900 hover:text-brand-700">
            {product.title}
          </Link>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="tabular-nums">{formatDollars(product.price)}</span>
            <StockLevel quantity={product.quantity} />
            <ListingStatusBadge status={product.status} isDraft={product.isDraft} />
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Link
          to={`/seller/listing/inventory/${product.id}`}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          aria-label={`Stock for ${product.title}`}
        >
          <Boxes className="size-4" aria-hidden /> Stock
        </Link>
        <Link to={`/seller/product-list/edit/${product.id}`} className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={`Edit ${product.title}`}>
          <Pencil className="size-4" aria-hidden /> Edit
        </Link>
      </div>
    </li>
  );
}

export function SellerListingPage() {
  const { data, isLoading, isError, isFetching, refetch } = useListSellerProductsQuery({ page: 1, limit: MAX_PAGE_SIZE });
  const groups = data ? groupListings(data.items) : [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Listings"
        description="Your listings grouped by what needs your attention."
        actions={
          <Link to="/seller/listing/add" className={buttonClasses()}>
            <Plus className="size-4" aria-hidden /> Add listing
          </Link>
        }
      />
      {isLoading ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner className="size-4" /> Loading your listings…
        </p>
      ) : isError || !data ? (
        <Alert
          title="Your listings could not be loaded"
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()} isBusy={isFetching}>
              Try again
            </Button>
          }
        >
          Check your connection and try again.
        </Alert>
      ) : data.total === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <PackagePlus className="mx-auto size-8 text-brand-700" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No listings yet</h2>
          <p className="mt-1 text-slate-600">Create your first listing and it shows up here.</p>
          <Link to="/seller/listing/add" className={buttonClasses({ className: 'mt-5' })}>
            Add your first listing
          </Link>
        </div>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {groups.map((group) => (
              <div key={group.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm text-slate-600">{group.title}</dt>
                <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">{group.items.length}</dd>
              </div>
            ))}
          </dl>
          {data.total > data.items.length && (
            <Alert tone="info">
              Showing your {data.items.length} newest listings of {data.total}.{' '}
              <Link to="/seller/product-list" className="font-medium underline">
                See them all in the product list
              </Link>
              .
            </Alert>
          )}
          {groups
            .filter((group) => group.items.length > 0)
            .map((group) => (
              <section key={group.key} aria-labelledby={`group-${group.key}`} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                <header className="border-b border-slate-200 bg-slate-50 px-4 py-3">
                  <h2 id={`group-${group.key}`} className="font-semibold text-slate-900">
                    {group.title} <span className="font-normal text-slate-500">({group.items.length})</span>
                  </h2>
                  <p className="text-sm text-slate-600">{group.description}</p>
                </header>
                <ul className="divide-y divide-slate-200">
                  {group.items.map((product) => (
                    <ListingRow key={product.id} product={product} />
                  ))}
                </ul>
              </section>
            ))}
        </>
      )}
    </div>
  );
}
