import { Link, useParams } from 'react-router';
import { Eye, PackagePlus, Pencil } from 'lucide-react';
import { LOW_STOCK_THRESHOLD } from '@marketplace/domain/inventory';
import { Alert } from '../../../components/alert';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { ProductImage } from '../../../components/product-image';
import { Spinner } from '../../../components/spinner';
import { describeApiError } from '../../../lib/api-error';
import { formatDollars } from '../../../lib/format';
import { useGetSellerProductQuery } from '../seller-api';
import { ListingStatusBadge, StockBadge } from '../components/listing-badges';
import { SetStockForm } from '../components/set-stock-form';

export function ListingInventoryPage() {
  const { listingId = '' } = useParams();
  const { data: product, isLoading, isError, error, refetch, isFetching } = useGetSellerProductQuery(listingId);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Listing Inventory"
        description={product ? product.title : 'Stock for one listing.'}
        actions={
          product && (
            <Link to={`/seller/listing/addInventory/${product.id}`} className={buttonClasses()}>
              <PackagePlus className="size-4" aria-hidden /> Restock
            </Link>
          )
        }
      />
      {isLoading ? (
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner className="size-4" /> Loading the listing…
        </p>
      ) : isError || !product ? (
        <Alert
          title={describeApiError(error).status === 404 ? 'Listing not found' : 'The listing could not be loaded'}
          action={
            <Button size="sm" variant="secondary" onClick={() => void refetch()} isBusy={isFetching}>
              Try again
            </Button>
          }
        >
          <Link to="/seller/inventory" className="underline">
            Back to inventory
          </Link>
        </Alert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
          <section aria-label="Listing" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <ProductImage src={product.images[0]?.url} alt={product.title} className="aspect-[4/3] w-full rounded-lg" />
            <p className="mt-3 font-medium text-slate-900">{product.title}</p>
            <p className="text-sm text-slate-600">
              {product.category.name} · {formatDollars(product.price)}
            </p>
            <div className="mt-3 flex gap-2">
              <Link to={`/seller/product-list/view/${product.id}`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                <Eye className="size-4" aria-hidden /> View
              </Link>
              <Link to={`/seller/product-list/edit/${product.id}`} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                <Pencil className="size-4" aria-hidden /> Edit
              </Link>
            </div>
          </section>
          <section aria-labelledby="stock-title" className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <h2 id="stock-title" className="text-base font-semibold text-slate-900">
              Stock
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-4xl font-semibold tabular-nums text-slate-900">{product.quantity}</p>
              <p className="text-slate-600">units available</p>
              <StockBadge quantity={product.quantity} />
              <ListingStatusBadge status={product.status} isDraft={product.isDraft} />
            </div>
            <p className="text-sm text-slate-600">
              Stock goes down when a buyer checks out and comes back when you reject an item or a buyer cancels. Listings with {LOW_STOCK_THRESHOLD} units or
              fewer are flagged as running low.
            </p>
            {product.quantity === 0 && <Alert tone="warning">Buyers cannot order this listing until you restock it.</Alert>}
            <div className="border-t border-slate-200 pt-5">
              <p className="mb-3 text-sm text-slate-700">Counted your stock? Set the exact number here, or restock to add units you just received.</p>
              {product.hasVariants ? (
                // Stock is kept per combination (decision 0043); the listing's figure above is their sum on sale.
                <ul className="space-y-3" aria-label="Stock per variant">
                  {product.variants.map((variant) => (
                    <li key={`${variant.id}-${variant.quantity}`} className={variant.available ? '' : 'opacity-70'}>
                      <SetStockForm productId={product.id} productTitle={product.title} quantity={variant.quantity} variant={variant} />
                      {!variant.available && <p className="mt-0.5 text-xs text-slate-500">Not offered: switched off in the listing’s variations.</p>}
                    </li>
                  ))}
                </ul>
              ) : (
                <SetStockForm key={product.quantity} productId={product.id} productTitle={product.title} quantity={product.quantity} />
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
